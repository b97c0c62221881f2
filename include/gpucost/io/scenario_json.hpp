// Reading and writing scenario files (--scenario FILE, `gpucost init`).
#pragma once

#include <string>
#include <string_view>

#include "gpucost/model/catalog.hpp"
#include "gpucost/model/scenario.hpp"

namespace gpucost {

// Parses a scenario: a JSON object of assumption keys (same names, units and ranges as the catalogue's
// "assumptions"), "build" and "cloud". Keys starting with '_' are comments and ignored ("_sources" from
// `gpucost init`). Throws DataError on malformed JSON and ValidationError listing every problem: unknown
// keys (with "did you mean"), wrong types, values out of range. Pure: no I/O.
Scenario parse_scenario(std::string_view text, const std::string& file);

// Reads and parses a scenario file; throws DataError when unreadable, else as parse_scenario.
Scenario load_scenario_file(const std::string& path);

// A complete scenario file with every assumption at the catalogue's default and a "_sources" object saying
// where each default comes from; `--scenario` reads it back to the same report as no scenario at all.
std::string scenario_template(const Catalog& catalog);

}  // namespace gpucost
