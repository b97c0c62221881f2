// What commands call beyond report/: reading the catalogue a command names (the file, then each overlay, every
// file's warnings told as it is read), and the models made of other models (check: the report, its gates and a
// simulation; cashflow). A model that one report/ function makes (compare's build_report, rank's
// build_rank_report, the uncertainty reports, the listings) is called there directly: this is no second name for it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gpucost/model/catalog.hpp"
#include "gpucost/report/cash_flow_report.hpp"
#include "gpucost/report/diff.hpp"
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

// Loads and validates the catalogue, then merges each overlay. With `user_offers`, fills it with the cloud offers
// the user's own files give, by id, each with the file it comes from (the last that gives it): every offer of a
// --catalog file, then each overlay's; none for the embedded catalogue alone. Each file is read once (reading the
// overlays again for their ids doubled the peak memory of a 100,000-offer overlay; issue 21). Throws DataError /
// ValidationError naming the file at fault.
Catalog load_catalog(const CatalogFiles& files, const WarningSink& on_warnings,
                     std::map<std::string, std::string>* user_offers = nullptr);

// `cashflow`: the compare report, shown month by month (its header's command "cashflow").
CashFlowReport cash_flow_report(const Catalog& catalog, const ComparisonRequest& request);

// `check`: the compare report (its header's command "check") with every gate judged on every comparison. The
// probability gates (--min-p-build-cheaper, --max-p-cloud-cheaper) come from a simulation of `flag_ranges` with
// `simulation`'s draws and seed, after the others; the warnings that simulation adds follow the report's.
CheckReport check_report(const Catalog& catalog, const ComparisonRequest& request, const Gates& gates,
                         const std::vector<RangeEntry>& flag_ranges = {}, const SimulationOptions& simulation = {});

// `diff`: two compare (or check) JSON outputs read back and compared, `before_path` the baseline. `schema_version`
// is the version this program writes (json_schema_version() of render/diff.hpp). Throws DataError / ValidationError
// naming the file at fault (not JSON, not a gpucost output, another command's, another schema version).
DiffReport diff_report(const std::string& before_path, const std::string& after_path, int schema_version);

}  // namespace gpucost
