// `gpucost diff OLD.json NEW.json`: what changed between two compare runs, build by build (totals, the verdict,
// the break-even and payback), and which assumptions differ. A closed value: it holds both runs' figures.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/model/compare_run.hpp"
#include "gpucost/report/run_header.hpp"

namespace gpucost {

// How one build fared between the runs: in both with every figure equal, in both with some figure moved, or in one
// run only.
enum class DiffStatus { unchanged, changed, added, removed };
// "unchanged", "changed", "added", "removed".
const char* to_string(DiffStatus status) noexcept;

// One build in either run or both. `before` is absent for an added build, `after` for a removed one.
struct BuildDiff {
    std::string build_id;
    std::string build_name;  // the newer run's name when both have one
    DiffStatus status = DiffStatus::unchanged;
    std::optional<RunComparison> before;
    std::optional<RunComparison> after;
    bool verdict_flipped = false;  // in both runs, and the cheaper side differs
    bool offer_changed = false;    // in both runs, compared with another cloud offer
};

// One assumption whose value differs between the runs (its origin alone changing is no difference).
struct AssumptionChange {
    AssumptionKey key{};
    bool in_before = true;  // false: the older run did not write it (another tool version)
    bool in_after = true;
};

// A run as the diff names it: its file, command, tool and catalogue.
struct DiffRun {
    std::string file;
    std::string command;
    std::string tool_version;
    std::string catalog_as_of;
    std::string catalog_source;
    ResolvedAssumptions assumptions;
};

// The whole diff. `header` is the newer run's (its catalogue and assumptions) under the command "diff".
struct DiffReport {
    RunHeader header;
    DiffRun before;
    DiffRun after;
    std::vector<AssumptionChange> assumptions;  // in the assumption table's order
    std::vector<BuildDiff> builds;              // the newer run's order, then the builds only the older run had
};

// What owning saves over renting in one run, negative when renting is cheaper: cloud total - build total.
double owning_saves_usd(const RunComparison& run) noexcept;

// The diff of two runs, `before` the baseline. Builds are matched by id; figures are compared at full precision.
DiffReport diff_runs(const CompareRun& before, const CompareRun& after);

// Counts for the summary line.
struct DiffCounts {
    long long changed = 0;
    long long unchanged = 0;
    long long added = 0;
    long long removed = 0;
    long long flipped = 0;
};
DiffCounts diff_counts(const DiffReport& report) noexcept;

}  // namespace gpucost
