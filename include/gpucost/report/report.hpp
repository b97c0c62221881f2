// The comparison report: a closed value model of every figure a renderer shows, computed once, so table, JSON,
// CSV and markdown never disagree. It holds values, never pointers into the catalogue it came from.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/engine/cash_flow.hpp"
#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/cost_model.hpp"
#include "gpucost/engine/matching.hpp"
#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/run_header.hpp"
#include "gpucost/report/verdict.hpp"
#include "gpucost/util/date.hpp"
#include "gpucost/util/shared_text.hpp"

namespace gpucost {

// Which exclusions a report lists one by one; every one is counted by rule (ExclusionCount). A build's own is always
// listed; an offer's when `every_offer`, or when its id is in `offer_ids` and fewer than `most_named_per_build` of
// those are listed for the build yet (the CLI: --verbose lists every offer; by default the offers of the user's own
// files are named, at most 20 a build). Listing every offer of 2,000 builds x 10,000 offers took 1.09 GB (issue 21);
// counting them takes a few bytes a rule.
struct ExclusionListing {
    bool every_offer = true;
    std::set<std::string, std::less<>> offer_ids;
    std::int64_t most_named_per_build = 20;

    bool names(std::string_view offer_id) const { return offer_ids.find(offer_id) != offer_ids.end(); }
};

// What the user asked to compare.
struct ComparisonRequest {
    std::optional<std::string> build_id;      // empty: every build in the catalogue
    std::optional<std::string> cloud_id;      // empty: the cheapest offer for the build's GPU
    std::string build_id_file;                // the scenario file that named build_id, for messages; empty: a flag
    std::string cloud_id_file;                // ... and cloud_id
    AssumptionLayer flags;                    // origin "flag"; wins over everything
    AssumptionLayer scenario;                 // origin "scenario FILE"; below flags, above a build's overrides
    std::optional<std::string> region;        // cheapest match only among offers in this region (case-insensitive)
    std::optional<std::string> provider;      // ... and from this provider (case-insensitive)
    MatchRequest match;                       // --match, --tier, --workload, the requirements (scenario < flags)
    std::optional<int> max_age_days;          // figures older than this (days before `today`) become warnings
    Date today;                               // for max_age_days; the CLI injects GPUCOST_TODAY or the clock
    std::vector<RangeEntry> scenario_ranges;  // the scenario file's "ranges" (sensitivity, sweep, simulate)
    std::optional<std::string> backup_offer;  // --backup-offer: the offer rented in the lead time and downtime
    ExclusionListing listing;                 // which of the builds and offers left out are listed one by one
    // Whether each Comparison keeps its month-by-month profile (Comparison::cash_flow). `cashflow` writing a format
    // that streams asks for none and has each made again as it is written (profile_of in cash_flow_periods.hpp):
    // 2,000 builds over 600 months held 430 MB of profiles (issue 21).
    bool cash_flow_profiles = true;
    // Whether each reading tries the estimated assumptions (VerdictReading::estimated and ::deciding: two evaluations
    // an assumption). The ranked plain table shows neither, and `compare` asks it for none (issue 21's start-up).
    bool verdict_trials = true;
    // Whether each comparison keeps what only its own view, the machine formats and the charts show: the usage range,
    // the best offer of each tier, why its offer was chosen and the notes in its estimates ("GPU x is an estimate").
    // compare's ranked plain table shows none, and asks for none (issue 21's start-up).
    bool comparison_details = true;
};

// A catalogue entry a comparison rests on, as the report tells it: its provenance, copied out of the catalogue.
struct Figure {
    std::string kind;  // "GPU", "build" or "offer"
    std::string id;
    std::string as_of;       // YYYY-MM-DD or YYYY-MM, as written
    std::string confidence;  // "" (sourced), "estimate", "derived" or "unverified"
    SharedText note;         // reasoning behind an estimate: the catalogue's own text, not a copy
};

// The owned side of a comparison, as the report names it.
struct BuildLabel {
    std::string id;
    std::string name;
    std::string gpu_id;
    std::string gpu_name;
    std::int64_t gpu_count = 0;
};

// The rented side of a comparison, as the report names it.
struct OfferLabel {
    std::string id;
    std::string provider;
    std::string instance;
    std::string region;
    std::string gpu_id;
    std::int64_t gpus_per_instance = 0;
};

// The cheapest offer of one tier for a build, shown beside the chosen one.
struct TierOffer {
    std::string tier;  // "marketplace", "gpu-cloud" or "hyperscaler"
    std::string offer_id;
    std::string provider;
    std::string gpu_id;
    std::int64_t gpus_per_instance = 0;
    std::int64_t instances = 0;
    double cloud_total_usd = 0.0;  // discounted over the horizon, as the chosen offer's
    bool chosen = false;           // the offer the comparison uses
};

// How a rental of another GPU model does the build's work (--match any --workload ID).
struct WorkEquivalence {
    std::string workload_id;
    std::string workload_name;
    std::string unit;  // per GPU, "tokens/s"
    std::string source;
    std::string as_of;
    double build_throughput = 0.0;     // T_b, per GPU
    double offer_throughput = 0.0;     // T_c, per GPU
    double ratio = 0.0;                // T_c / T_b
    std::int64_t equivalent_gpus = 0;  // instances x GPUs per instance rented for the build's g GPUs
};

// What the build's work would cost through a per-token API of the same open model (issue 20; compare --workload):
// the cheapest of the catalogue's api_offers for the workload's model that attests every required attribute.
// Tokens are the build's: g x T_b generated tokens a second in every used hour.
struct ApiAlternative {
    std::string api_offer_id;
    std::string provider;
    std::string model;      // the open model (the workload's "model")
    std::string api_model;  // the provider's id for it
    double usd_per_million_input_tokens = 0.0;
    double usd_per_million_output_tokens = 0.0;
    double input_tokens_per_output_token = 0.0;     // the workload's split; 0: output tokens only (a floor)
    double output_tokens_per_second_per_gpu = 0.0;  // T_b, the workload's throughput on one of the build's GPUs
    double output_tokens_per_month = 0.0;           // g x T_b x 3,600 x used hours a month
    double usd_per_month = 0.0;                     // undiscounted, at the prices above
    double total_usd = 0.0;                         // over the horizon, discounted as every cost is
    std::int64_t candidates = 0;                    // api offers of the model that met the requirements
    std::string source;
    std::string as_of;
};

// A build or an offer the match left out, and why, in the report's words; `rule` is the engine's code for it.
struct Excluded {
    std::string kind;  // "build" or "offer"
    std::string id;
    std::string build_id;  // for an offer: the build it was left out for
    std::string reason;
    Exclusion rule = Exclusion::none;
};

// How many builds or offers one rule left out: for an offer, of those compared with `build_id`; for a build (left out
// whole, count 1), `build_id` is its own id.
struct ExclusionCount {
    std::string build_id;
    std::string kind;  // "build" or "offer"
    Exclusion rule = Exclusion::none;
    std::int64_t count = 0;
};

// One category's discounted total over the horizon (resale <= 0, a credit).
struct CostRow {
    Category category = Category::hardware;
    double amount_usd = 0.0;
};

// Each side's discounted total at both ends of the usage range, 0 and 168 hours a week, every other assumption as
// in force. Both totals are affine in the hours (the engine's break-even rests on that), so a chart draws each side
// as the line through these two points; it passes through the totals at the user's hours and crosses at the
// break-even.
struct UsageRange {
    double build_at_0_usd = 0.0;
    double build_at_168_usd = 0.0;
    double cloud_at_0_usd = 0.0;
    double cloud_at_168_usd = 0.0;
};

// A rental of the build's GPU model that holds more GPUs than the build (a 4-GPU build on an 8-GPU instance): the
// verdict is not like for like in size. This is the same comparison at the offer's price per GPU-hour for the build's
// own GPUs, as if an instance of the build's size were rented at that rate (issue 20 item 10).
struct PerGpuScaled {
    std::int64_t build_gpus = 0;   // g
    std::int64_t rented_gpus = 0;  // instances x GPUs per instance, more than g
    double usd_per_hour = 0.0;     // the offer's price per GPU-hour x g: what g GPUs would cost an hour
    Evaluation result;             // the comparison at that price, interim rental included
};

// What the build side rents when its machine cannot work (issue 20): during the lead time (interim cloud) and for
// the hours of use lost to downtime (downtime cover). The offer, and its price for the whole build (all instances).
struct BackupRental {
    std::string offer_id;
    std::string provider;
    std::int64_t instances = 0;
    double usd_per_hour = 0.0;  // all instances, at `pricing`
    Pricing pricing = Pricing::on_demand;
    std::string basis;  // "cheapest like-for-like on-demand offer", "named by --backup-offer", or the fallback used
};

// The owned machine's availability in one comparison (engine/availability.hpp).
struct AvailabilityReading {
    DowntimePolicy policy = DowntimePolicy::cover;
    double downtime_hours_per_month = 0.0;   // (failures x repair hours + planned hours) / 12
    double availability = 1.0;               // share of the month in working order
    double lost_used_hours_per_month = 0.0;  // of the downtime, the hours the machine would have been used
    double lost_gpu_hours = 0.0;             // under `lost`: g x those hours x the working months; 0 under cover
};

// One build set against one cloud offer.
struct Comparison {
    BuildLabel build;
    OfferLabel offer;
    std::optional<std::int64_t> min_term_months;  // a monthly rental's minimum term (issue 20 item 6a), if stated
    ResolvedAssumptions assumptions;              // in force for this comparison (catalogue < build < scenario < flags)
    BuildSpec build_spec;
    CloudSpec cloud_spec;          // the offer: GPUs per instance, usd_per_hour at the pricing in force
    CloudSpec rental;              // what the engine costs: cloud_spec, or (another GPU model) the n instances as one
    std::int64_t rented_gpus = 0;  // GPUs in the instances rented: instances x GPUs per instance
    Evaluation result;
    std::string offer_choice;                    // why this offer, for the reader
    std::string match_level;                     // "like-for-like", "gpu", "any"; "chosen" with --cloud
    std::string offer_tier;                      // the offer's tier; "" when the catalogue gives none
    std::vector<TierOffer> tier_offers;          // the best of each tier (within every other rule), tier order
    std::optional<WorkEquivalence> equivalence;  // set when a workload is given
    std::vector<Figure> figures;                 // the GPU, the build and the offer, in that order
    std::vector<std::string> estimates;          // "GPU x is an estimate: ..." for each figure marked so
    std::vector<std::string> estimate_ids;       // the ids of those figures, in the same order
    std::vector<CostRow> costs;                  // every category, in the engine's table order (k_categories)
    CashFlowProfile cash_flow;                   // month by month, as the engine discounts it; empty when the
                                                 // request asked for none (cash_flow_profiles)
    VerdictReading reading;                      // the verdict without resale, and the estimates that decide it
    UsageRange usage_range;                      // each side's total at 0 and at 168 h/week, from the engine
    std::optional<PerGpuScaled> per_gpu_scaled;  // set when GPUs are paid for but unused: not like for like
    AvailabilityReading availability;            // downtime, and what it costs
    std::optional<BackupRental> backup;          // the interim and downtime rental; empty when nothing could serve
    std::optional<ApiAlternative> api;           // under --workload, when an API serves the workload's model

    // The total of one category, USD.
    double cost_usd(Category category) const { return costs[static_cast<std::size_t>(category)].amount_usd; }
};

// Everything a renderer needs to show a comparison report.
struct Report {
    RunHeader header;                     // command "compare"; the oldest as_of among the comparisons' figures
    bool detailed = false;                // one build asked for by --build
    std::string match_level;              // the level asked for
    std::vector<Comparison> comparisons;  // detailed: one; else ranked by savings from building
    std::vector<Excluded> excluded;       // builds and (same-GPU, or any under --match any) offers left out, as
                                          // the request's listing asks
    std::vector<ExclusionCount> exclusion_counts;  // every one left out, counted by build, kind and rule
    std::int64_t unnamed_offers = 0;  // offers of `listing.offer_ids` left out but not listed: past the cap a build
};

// Computes the report. Throws DataError for an unknown build or offer id (with "did you mean"),
// and when a build asked for has no cloud offer to compare with.
Report build_report(const Catalog& catalog, const ComparisonRequest& request);

// The build's cost inputs as plain numbers for the engine.
BuildSpec build_spec_for(const Build& build, const Gpu& gpu);

// The rental that stands in for the owned machine while it is on order or down (issue 20), whatever a.pricing
// says: `named` (--backup-offer) when given, at its on-demand price (else its price at a.pricing); otherwise the
// cheapest like-for-like offer at on-demand prices by cloud total under `a`, within `scope`'s tiers, requirements and
// region/provider filters (compare's --tier, --require, --region, --provider; its level and workload are not read);
// failing that, `fallback` (the compared offer) the same way as `named`. Empty when none has a price.
std::optional<BackupRental> backup_rental(const Catalog& catalog, const Build& build, const BuildSpec& spec,
                                          Assumptions a, const CloudOffer* named, const CloudOffer* fallback,
                                          const MatchOptions& scope = {});

}  // namespace gpucost
