// One `compare --format json` (or `check --format json`) run as `gpucost diff` reads it back: the run's envelope
// and, per build, the figures a change is judged on. Plain values in US dollars, whatever currency the run wrote.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/model/assumptions.hpp"

namespace gpucost {

// One build's comparison as the run wrote it.
struct RunComparison {
    std::string build_id;
    std::string build_name;
    std::string offer_id;        // the cloud offer it was compared with
    double build_total_usd = 0;  // discounted, over the horizon
    double cloud_total_usd = 0;
    bool build_cheaper = false;              // "cheaper": "build"
    double savings_usd = 0;                  // what the cheaper side saves, >= 0
    std::optional<double> break_even_hours;  // hours per week; null when the lines never cross
    bool build_cheaper_above = false;        // owning wins above the break-even
    std::optional<double> payback_month;     // null when owning never pays back in the horizon
};

// The run: where it came from, its catalogue, its assumptions and its comparisons in the run's order.
struct CompareRun {
    std::string file;     // as named on the command line
    std::string command;  // "compare" or "check"
    std::string tool_version;
    std::string catalog_as_of;
    std::string catalog_source;
    std::string oldest_as_of;
    ResolvedAssumptions assumptions;  // as the envelope wrote them, with each one's origin and source
    std::vector<RunComparison> comparisons;
};

}  // namespace gpucost
