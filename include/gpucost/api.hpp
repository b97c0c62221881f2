// What commands call: each function takes a command's inputs as values and returns one closed model, which the
// command renders and writes. A new command adds a function here, a model in report/ and renderers in render/.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gpucost/io/import_csv.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/gates.hpp"
#include "gpucost/report/listing.hpp"
#include "gpucost/report/rank.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/uncertainty.hpp"
#include "gpucost/util/error.hpp"

namespace gpucost {

// The catalogue a command reads: a file (empty: the embedded one), then overlays merged over it in order.
struct CatalogFiles {
    std::string catalog;
    std::vector<std::string> overlays;
};

// Told the warnings of each file as it is read ("embedded catalogue" names the embedded one), so that they reach
// the user before an error in a later file.
using WarningSink = std::function<void(const std::string& file, const std::vector<Problem>& warnings)>;

// Loads and validates the catalogue, then merges each overlay. Throws DataError / ValidationError naming the file
// at fault.
Catalog load_catalog(const CatalogFiles& files, const WarningSink& on_warnings);

// `compare`: every build against its cheapest match, or one build in detail. Throws DataError for unknown ids and
// for a build asked for that has no offer to compare with.
Report compare_report(const Catalog& catalog, const ComparisonRequest& request);

// What the match leaves out, for --verbose on commands whose model does not carry it (sensitivity, sweep,
// simulate); compare_report's `excluded` is the same list.
std::vector<Excluded> excluded_by_match(const Catalog& catalog, const ComparisonRequest& request);

// `cashflow`: the compare report, shown month by month.
CashFlowReport cash_flow_report(const Catalog& catalog, const ComparisonRequest& request);

// `check`: the compare report with every gate judged on every comparison. The probability gates
// (--min-p-build-cheaper, --max-p-cloud-cheaper) come from a simulation of `ranges` with `simulation`'s draws and
// seed, after the others.
CheckReport check_report(const Catalog& catalog, const ComparisonRequest& request, const Gates& gates,
                         const std::vector<RangeEntry>& flag_ranges = {}, const SimulationOptions& simulation = {});

// `sensitivity`: the tornado of every ranged input for each comparison. Throws as compare does, and
// DataError / ValidationError for a range naming an unknown id.
SensitivityReport sensitivity(const Catalog& catalog, const RangeRequest& request);

// `sweep`: the grid of one or two --vary addresses for each comparison they apply to. Throws UsageError for a bad
// grid or address.
SweepReport sweep(const Catalog& catalog, const RangeRequest& request, const std::vector<SweepVary>& vary);

// `simulate`: percentiles and p_build_cheaper over independent draws of every ranged input.
SimulationReport simulation(const Catalog& catalog, const RangeRequest& request, const SimulationOptions& options);

// `rank`: every build and offer meeting the request's requirements, by cost per million units of the workload
// `request.match.workload`. Throws UsageError for a missing or unknown workload, DataError when nothing qualifies.
RankReport rank_report(const Catalog& catalog, const ComparisonRequest& request);

// `catalog list`: the entries the filter keeps, sorted, with their figures. Throws DataError for an unknown --gpu.
Listing catalog_listing(const Catalog& catalog, const ListingFilter& filter);

// `catalog show`: one entry whole, with its age on `today`. Throws DataError for an unknown id.
CatalogEntry catalog_entry(const Catalog& catalog, const std::string& id, Date today);

// `catalog import`: the price list at `request.source_file` as offers, with an account of every row. Throws
// DataError for an unreadable or malformed file, UsageError for a SkyPilot list without a provider.
ImportResult import_price_list(const ImportRequest& request, const Catalog& catalog);

}  // namespace gpucost
