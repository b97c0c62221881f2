#include "gpucost/report/run_header.hpp"

#include <utility>

namespace gpucost {

RunHeader run_header(const Catalog& catalog, std::string command, const std::vector<const AssumptionLayer*>& layers) {
    std::vector<const AssumptionLayer*> all = {&catalog.assumptions};
    all.insert(all.end(), layers.begin(), layers.end());
    RunHeader header;
    header.command = std::move(command);
    header.catalog_as_of = catalog.as_of;
    header.catalog_source = catalog.origin;
    header.assumptions = resolve(all);
    return header;
}

}  // namespace gpucost
