// The default catalogue: data/catalog.json parsed into its model at build time (catalog_snapshot_tool.cpp), so a
// run reads a snapshot instead of parsing JSON (issue 21). Its own library (gpucost_io_embedded), which the
// generator does not link.
#include "gpucost/io/embedded_catalog.hpp"

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_snapshot.hpp"

namespace gpucost {

Catalog load_embedded_catalog() {
    return read_catalog_snapshot(embedded_catalog_snapshot(), SnapshotStorage::static_storage);
}

}  // namespace gpucost
