// Reading ranges from JSON: an entry's "ranges" (keyed by field), a catalogue's "assumption_ranges" (keyed by
// assumption) and a scenario's "ranges" (keyed by full address), each range { "low", "high", "mode", "dist" }.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/range.hpp"

namespace gpucost {

// Where the ranges of one object come from, for their entries and messages.
struct RangeSource {
    std::string address_prefix;  // prepended to each key: "gpu:h100/", "cloud:x/", or "" for full addresses
    std::string origin;          // "catalogue", "scenario FILE"
    std::string file;
};

// Reads the object at `path` (a JSON object of ranges) into `out`, every problem into `r` at its path: an unknown
// address or field, a range that is not an object, low > high, a mode outside [low, high], a value outside the
// field's valid range, an unknown dist, an unknown key inside a range.
void read_ranges(JsonReader& r, const nlohmann::json& object, const std::string& path, const RangeSource& source,
                 std::vector<RangeEntry>& out);

}  // namespace gpucost
