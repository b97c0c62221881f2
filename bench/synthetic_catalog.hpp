// A generated catalogue of any size, shaped like data/catalog.json, for the loading benchmarks.
#pragma once

#include <cstddef>
#include <string>

namespace gpucost::bench {

// A valid catalogue (schema 1) with every assumption, two GPUs, `builds` builds and `offers` cloud offers
// whose ids, providers, regions and prices vary, as JSON text.
std::string synthetic_catalog_json(std::size_t offers, std::size_t builds = 2);

// An --add-catalog overlay of `offers` cloud offers over the embedded catalogue's GPUs, in the shape
// `gpucost catalog import` writes (nlohmann's dump(2): one field a line, a note on every offer). With
// `non_ascii`, every note holds accented letters and a euro sign (the old reader's slow path).
std::string synthetic_overlay_json(std::size_t offers, bool non_ascii = false);

}  // namespace gpucost::bench
