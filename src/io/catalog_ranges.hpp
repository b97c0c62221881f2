// The range objects of a catalogue read from simdjson's document: an entry's "ranges" and the root's
// "assumption_ranges" (docs/uncertainty.md). Private to the io layer, beside catalog_json.cpp.
#pragma once

#include <string>
#include <vector>

#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/range.hpp"
#include "json_dom.hpp"

namespace gpucost {

// An entry's optional "ranges", keyed by field ("price_usd"; an offer's "usd_per_hour/spot"); `kind` is "gpu",
// "build" or "cloud", the address prefix of its keys.
void read_entry_ranges(JsonReader& r, const JsonObject& entry, const std::string& path, const char* kind,
                       const std::string& id, const std::string& origin, std::vector<RangeEntry>& out);

// The root's optional "assumption_ranges", keyed by assumption; an overlay's ranges have origin "overlay FILE".
void read_assumption_ranges(JsonReader& r, const JsonObject& root, bool overlay, const std::string& origin,
                            std::vector<RangeEntry>& out);

}  // namespace gpucost
