// A generated catalogue of any size, shaped like data/catalog.json, for the loading benchmarks.
#pragma once

#include <cstddef>
#include <string>

namespace gpucost::bench {

// A valid catalogue (schema 1) with every assumption, two GPUs, `builds` builds and `offers` cloud offers
// whose ids, providers, regions and prices vary, as JSON text.
std::string synthetic_catalog_json(std::size_t offers, std::size_t builds = 2);

}  // namespace gpucost::bench
