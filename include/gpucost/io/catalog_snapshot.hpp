// The catalogue model as a compact binary snapshot: written at build time from the parsed and validated
// data/catalog.json (src/io/catalog_snapshot_tool.cpp), read at start-up without any JSON (issue 21). A snapshot
// is read by the build that wrote it (same compiler, same byte order), never by another gpucost.
#pragma once

#include <string>
#include <string_view>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// Every field of `catalog`, in the order src/io/catalog_snapshot.cpp's `fields` lists them. Does not validate.
std::string write_catalog_snapshot(const Catalog& catalog);

// Where a snapshot's bytes live: `temporary` ones are copied from; the catalogue read from `static_storage` ones (the
// embedded snapshot, alive until the program ends) holds its shared texts (sources, notes) where they lie.
enum class SnapshotStorage { temporary, static_storage };

// The catalogue a snapshot holds, equal field for field to the one written. Throws DataError when the bytes are not
// a whole snapshot of this build's format (a build fault, never a user's).
Catalog read_catalog_snapshot(std::string_view bytes, SnapshotStorage storage = SnapshotStorage::temporary);

}  // namespace gpucost
