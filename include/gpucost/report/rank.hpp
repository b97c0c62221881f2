// `gpucost rank --workload ID`: every build and every cloud offer that meets the requirements, ranked by what a unit
// of the workload's work costs over the horizon (a levelized cost: the discounted total over the discounted work).
// A closed value model like Report: it holds values, never pointers into the catalogue.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/hardware_class.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// Work is priced per million units of the workload's unit of work ("USD per million tokens").
inline constexpr double k_units_per_rank_figure = 1e6;

// The workload the ranking prices, with its provenance.
struct RankWorkload {
    std::string id;
    std::string name;
    std::string rate_unit;  // per GPU, as the catalogue gives it: "tokens/s"
    std::string work_unit;  // the unit of work: "tokens"
    std::string source;
    std::string as_of;
    std::string confidence;  // "" (sourced), "estimate", "derived" or "unverified"
    std::string note;
};

// One build or one offer, costed over the horizon and credited with the work it delivers.
struct RankRow {
    std::string kind;  // "build" (owned) or "cloud" (one instance rented)
    std::string id;
    std::string name;  // a build's name; an offer's "provider instance, region"
    std::string gpu_id;
    std::string gpu_name;
    std::int64_t gpu_count = 0;           // the build's GPUs, or the instance's
    std::string tier;                     // an offer's tier; "" for builds and offers without one
    std::string provider;                 // offers only
    std::string region;                   // offers only
    std::optional<double> usd_per_hour;   // offers: the instance-hour at the pricing in force
    std::optional<double> usd_per_month;  // offers rented by the month (issue 20 item 6a): the instance-month
    // In force for this row (a build's overrides included). Shared, never copied per row: every offer holds the
    // run's (header.assumptions), so 100,000 offers do not hold 100,000 copies of the source texts.
    std::shared_ptr<const ResolvedAssumptions> assumptions;
    double throughput_per_gpu = 0.0;              // T, in the workload's rate unit
    double used_hours = 0.0;                      // hours of use over the horizon: h x 730 / 168 x M
    double work_units = 0.0;                      // delivered, undiscounted: g x T x 3600 x used_hours
    double discounted_work_units = 0.0;           // each month's work discounted as its costs are
    double total_usd = 0.0;                       // the engine's discounted total over the horizon
    std::optional<double> usd_per_million_units;  // total / discounted work x 1e6; empty when no work is done
    // With a tax rate above 0 the total and the figure are after tax (issue 24), and these are before it: the
    // total less its tax rows (finance_flow.hpp's pre_tax_total_usd) and that over the discounted work. Empty
    // without tax.
    std::optional<double> pre_tax_total_usd;
    std::optional<double> pre_tax_usd_per_million_units;
    std::vector<Figure> figures;         // the GPU and the build or offer
    std::vector<std::string> estimates;  // "GPU x is an estimate: ..." for each figure marked so
};

// Everything a renderer needs to show a ranking.
struct RankReport {
    RunHeader header;  // command "rank"; the oldest as_of among the rows' figures and the workload's
    RankWorkload workload;
    Requirements requirements;            // in force for builds and offers
    std::optional<TierSet> tiers;         // offers only; empty: every tier
    std::optional<std::string> region;    // offers only
    std::optional<std::string> provider;  // offers only
    std::vector<RankRow> rows;            // ascending by usd_per_million_units, ties by total, then kind and id
    // Builds and offers left out, and why (Excluded::build_id is empty), by kind then id, as the request's listing
    // asks: every build; every offer when it lists every one, else the offers it names (the user's own files), at
    // most listing.most_named_per_build in all (rank judges each offer once, alone, not per build).
    std::vector<Excluded> excluded;
    std::vector<ExclusionCount> exclusion_counts;  // every one left out, by kind (builds first) then rule; no build_id
    std::int64_t unnamed_offers = 0;               // offers the listing names left out past its cap, not listed
};

// The name JSON gives a rule that leaves a build or an offer out of a ranking: the engine's (exclusion_rule_name of
// match_words.hpp), and "lead-time" for a build whose lead time needs a like-for-like rental that no offer gives
// (Exclusion::none: the only rule of rank's own).
std::string_view rank_rule_name(Exclusion rule) noexcept;

// Ranks every build and offer of `catalog` for the workload `request.match.workload` under the request's
// assumptions, requirements, tiers and region/provider filters; with `request.max_age_days`, figures older than
// that become warnings, as in compare. Throws UsageError for a missing or unknown workload
// (naming the valid ids), DataError when nothing can be ranked.
RankReport build_rank_report(const Catalog& catalog, const ComparisonRequest& request);

// The discounted work of a machine of `gpus` GPUs of throughput `throughput_per_gpu` used as `a` says: each month's
// work g x T x 3600 x u (u = hours_per_week x 730 / 168) weighted by the same discount factors as its costs.
double discounted_work_units(std::int64_t gpus, double throughput_per_gpu, const Assumptions& a) noexcept;

}  // namespace gpucost
