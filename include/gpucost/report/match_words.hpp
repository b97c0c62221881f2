// What the report says about matching (issue 12): the options a request resolves to, why a build or an offer is
// left out, which rule failed when no offer is left and which looser match would work, the best offer of each
// tier, and how a rental of another GPU model does the same work. Worded here once; the engine gives codes.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "gpucost/engine/matching.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// The engine's options for `match` (the caller sets its region/provider filters, views into strings it keeps). Throws
// DataError for an unknown workload (with "did you mean") and UsageError for --match any without --workload. The
// workload pointer points into `catalog`.
MatchOptions match_options(const Catalog& catalog, const MatchRequest& match);

// The catalogue's workload ids, sorted: the list the messages about --workload name; beyond five, the first five
// and "and N more (gpucost catalog list workloads)".
std::string workload_list(const Catalog& catalog);

// The workload `id` in `catalog`; DataError (with "did you mean" and the list) when there is none, as for an
// unknown build id. compare's --match any and rank share it.
const Workload& workload_named(const Catalog& catalog, const std::string& id);

// Why `build` (offer null) or `offer` is left out: "GPU \"c\" has 24 GB of VRAM, under --min-vram-gb 48".
std::string exclusion_reason(const Catalog& catalog, const Build& build, const CloudOffer* offer, Exclusion why,
                             const MatchOptions& options, Pricing pricing);

// Why no offer is left for `build`: the rules that failed, with counts, and the looser match that would work.
std::string no_match_reason(const Catalog& catalog, const Build& build, const Match& match, const MatchOptions& options,
                            Pricing pricing);

// The best offer of each tier in `match`, tier order, the chosen one marked.
std::vector<TierOffer> tier_offers(const Match& match);

// T_b, T_c, their ratio and the GPUs rented, when `options` has a workload that lists both GPUs.
std::optional<WorkEquivalence> equivalence_of(const Build& build, const CloudOffer& offer, std::int64_t instances,
                                              const MatchOptions& options);

// The comparison scaled to the build's own GPUs when `c` (its result already evaluated) rents GPUs of the build's
// model that it does not need; empty when none are unused.
std::optional<PerGpuScaled> per_gpu_scaled_of(const Comparison& c);

// The name JSON gives a rule that leaves a build or an offer out: "interconnect", "min-vram", "no-price".
std::string_view exclusion_rule_name(Exclusion rule) noexcept;

// Every build and offer `options` leaves out for `build`: counted into `counts` by rule (in the order of Exclusion),
// and worded into `listed` (catalogue order) when `listing` lists it; `unnamed` counts the offers `listing` names
// that its cap a build leaves unlisted. Offers of another GPU model are left out only
// under like-for-like and gpu matching, where they are not candidates, and offers outside --region/--provider are
// never counted: neither is a verdict on the offer.
void add_exclusions(const Catalog& catalog, const Build& build, const MatchOptions& options, Pricing pricing,
                    const ExclusionListing& listing, std::vector<Excluded>& listed, std::vector<ExclusionCount>& counts,
                    std::int64_t& unnamed);

// The pricings `offer` has a price for: "on-demand, spot".
std::string priced_as(const CloudOffer& offer);

// " in region \"r\" from provider \"p\"" for the request's filters in force, or "".
std::string filter_text(const ComparisonRequest& request);

// How the chosen offer was chosen, for Comparison::offer_choice: "the cheapest of 3 on-demand offers for GPU x, by
// cloud total for 8 GPUs over 36 months", "the only monthly offer for GPU x", or, when monthly rentals (candidates at
// every pricing) are among hourly offers, "the cheapest of 5 offers for GPU x, 3 on-demand and 2 monthly, ...".
std::string choice_text(const Build& build, const Match& match, const MatchOptions& options,
                        const ResolvedAssumptions& assumptions, const ComparisonRequest& request);

// Why no offer of the build's GPU is left when only a region/provider filter or a missing price stands in the way,
// naming the offers in the way by id: gpucost 1's messages, kept word for word.
std::string no_offer_of_gpu_reason(const Catalog& catalog, const Build& build, Pricing pricing,
                                   const OfferFilters& filters, const Match& match, const ComparisonRequest& request);

}  // namespace gpucost
