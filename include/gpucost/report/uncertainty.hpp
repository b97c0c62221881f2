// The models of `sensitivity`, `sweep` and `simulate`: how sure the compare verdict is. Each starts from the
// compare report (one row per build with its matched offer, or the one build asked for), resolves every range to
// the inputs of each comparison, runs the analysis layer and keeps the results as closed values.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gpucost/analysis/one_at_a_time.hpp"
#include "gpucost/analysis/simulate.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/range.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// What the three commands are asked: compare's inputs plus the ranges of the flags.
struct RangeRequest {
    ComparisonRequest comparison;
    std::vector<RangeEntry> flag_ranges;  // --range ADDRESS=LOW:HIGH[:MODE], origin "flag", in order
};

// A range in force, as the reports list it (lowest precedence first resolved: catalogue < scenario < flags).
struct RangeRow {
    std::string address;
    Range range;  // mode empty: each comparison's point value
    std::string origin;
};

// One ranged input of one comparison, with its point value.
struct AppliedRange {
    std::string address;
    RangedInput input;  // mode settled: as given, else the point value (kept inside [low, high])
    double point = 0.0;
};

// Which comparison a result belongs to.
struct ComparisonLabel {
    BuildLabel build;
    OfferLabel offer;
    double owning_saves_usd = 0.0;  // at the point values: cloud total - build total
    Side cheaper = Side::cloud;
};

// The ranges of catalogue, scenario and flags in precedence order, and each comparison's applied inputs. Throws
// DataError (flags) or ValidationError (a file, at the range's JSON path) when a range names an unknown id, or its
// mode is missing and the point value lies outside it is not an error: the mode is then the nearer end.
struct ResolvedRanges {
    std::vector<RangeRow> rows;
    std::vector<std::vector<AppliedRange>> per_comparison;  // parallel to the report's comparisons
};
ResolvedRanges resolve_ranges(const Catalog& catalog, const Report& report, const RangeRequest& request);

// The engine's inputs of one comparison.
Case case_of(const Comparison& comparison);

// `sensitivity`: the tornado of each comparison.
struct TornadoRow {
    std::string address;
    double low = 0.0;
    double high = 0.0;
    double point = 0.0;
    double owning_saves_at_low_usd = 0.0;
    double owning_saves_at_high_usd = 0.0;
    double swing_usd = 0.0;
    bool flips = false;
};
struct SensitivityComparison {
    ComparisonLabel label;
    std::vector<TornadoRow> rows;  // sorted by swing, largest first
};
struct SensitivityReport {
    RunHeader header;  // command "sensitivity"; the compare report's, with a warning per comparison left unranged
    std::vector<RangeRow> ranges;
    std::vector<SensitivityComparison> comparisons;
    std::vector<Excluded> excluded;  // what the match left out, as the compare report's
};
SensitivityReport sensitivity_report(const Catalog& catalog, const RangeRequest& request);

// `sweep`: one or two addresses over a grid.
struct SweepVary {
    std::string address;
    double start = 0.0;
    double stop = 0.0;
    double step = 0.0;
};
// Most grid points one sweep evaluates per comparison.
inline constexpr std::size_t k_max_sweep_points = 1'000'000;
// Most grid points one sweep evaluates across all its comparisons: what bounds its memory, since every format holds
// the grid whole (bench/memory.sh: about 2 KB a point at the peak, the HTML page's; 208 MB at 98,824 points).
inline constexpr std::size_t k_max_sweep_total_points = 100'000;
struct SweepComparison {
    ComparisonLabel label;
    std::vector<SweepCell> cells;  // the first address outermost
};
struct SweepReport {
    RunHeader header;                         // command "sweep"; the compare report's, plus skipped comparisons
    std::vector<std::string> addresses;       // one or two
    std::vector<std::vector<double>> values;  // each address's grid
    std::vector<SweepComparison> comparisons;
    std::vector<Excluded> excluded;  // what the match left out, as the compare report's
};
// Throws UsageError for a bad grid (step <= 0, stop < start, too many points) or address.
SweepReport sweep_report(const Catalog& catalog, const RangeRequest& request, const std::vector<SweepVary>& vary);

// `simulate`: percentiles of each comparison's figures over independent draws of every ranged input.
struct SimulationComparison {
    ComparisonLabel label;
    std::vector<std::string> ranged;  // the addresses drawn for this comparison
    SimulationResult result;
};
struct SimulationReport {
    RunHeader header;  // command "simulate"; the compare report's, with a warning per comparison left unranged
    std::size_t draws = 0;
    std::uint64_t seed = 0;
    std::vector<RangeRow> ranges;
    std::vector<SimulationComparison> comparisons;
    std::vector<Excluded> excluded;  // what the match left out, as the compare report's
    // The warnings this simulation adds to the compare report's (header.warnings ends with them): what `check`
    // appends to its own report when a probability gate runs a simulation.
    std::vector<std::string> added_warnings;
};
SimulationReport simulation_report(const Catalog& catalog, const RangeRequest& request,
                                   const SimulationOptions& options);

}  // namespace gpucost
