// Reading assumptions from JSON: a catalogue's, a build's or an overlay's "assumptions" object, and the assumption
// keys of a scenario file. Every value goes through parse_assumption_value, so all of them say the same.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// Which assumptions a layer may hold.
enum class LayerRules {
    catalogue,  // any assumption, each optional (a missing one keeps the gpucost default); "sources" optional
    build,      // optional; only properties of the machine and its running (not usage, horizon or pricing)
    overlay,    // an --add-catalog file: any assumption, each optional; "sources" optional
};

// Reads `object` (at JSON Pointer `path`) into `layer` under `rules`, every problem into `r`. A catalogue or
// overlay layer becomes `sourced`: a value without a "sources" entry shows k_no_source_given in reports.
void read_assumptions(JsonReader& r, const nlohmann::json& object, const std::string& path, LayerRules rules,
                      AssumptionLayer& layer);

// Reads the one assumption `info` from `object` (at `path`) into `layer`, if present: a number for a number, a
// string for a choice, then parse_assumption_value. A wrong type or a bad value is an error in `r`.
void read_assumption_value(JsonReader& r, const nlohmann::json& object, const std::string& path,
                           const AssumptionInfo& info, AssumptionLayer& layer);

}  // namespace gpucost
