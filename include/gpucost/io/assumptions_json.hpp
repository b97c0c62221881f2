// Reading an "assumptions" object of a catalogue, a build or an overlay into an AssumptionLayer.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// Which assumptions a layer may hold.
enum class LayerRules {
    catalogue,  // every assumption required, plus "sources"
    build,      // optional; only properties of the machine and its running (not usage, horizon or pricing)
    overlay,    // an --add-catalog file: any assumption, each optional; "sources" optional
};

// Reads `object` (at JSON Pointer `path`) into `layer` under `rules`, every problem into `r`.
void read_assumptions(JsonReader& r, const nlohmann::json& object, const std::string& path, LayerRules rules,
                      AssumptionLayer& layer);

}  // namespace gpucost
