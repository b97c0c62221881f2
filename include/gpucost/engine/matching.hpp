// Offer selection as a pure function: for one build, the cheapest catalogue offer of the same GPU at the chosen
// pricing, by cloud total over the horizon (instances are whole, so the lowest price per GPU-hour is not always the
// cheapest). No strings are built: the result carries a reason code and counts, and offer_fit() lets the report
// layer list the offers behind a "why none" message in its own words.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/values.hpp"

namespace gpucost {

// Narrows the search; an empty filter lets every offer through. Compared ignoring ASCII case.
struct OfferFilters {
    std::optional<std::string_view> region;    // the offer's region must equal this
    std::optional<std::string_view> provider;  // the offer's provider must equal this
};

// How one offer stands for a build, tested in this order: its GPU, then the filters, then the pricing.
enum class OfferFit {
    other_gpu,     // rents another GPU: not counted anywhere
    filtered_out,  // the build's GPU, but outside the region/provider filters
    no_price,      // the build's GPU, inside the filters, but no price at the chosen pricing
    candidate,     // compared by cloud total
};

// Where one offer stands for a build of GPU `gpu_id` at `pricing`.
OfferFit offer_fit(const CloudOffer& offer, std::string_view gpu_id, Pricing pricing,
                   const OfferFilters& filters) noexcept;

// Why the search ended as it did.
enum class MatchOutcome {
    chosen,            // `offer` is set
    no_offer_for_gpu,  // no offer in the catalogue rents the build's GPU
    all_filtered_out,  // offers rent it, but every one is outside the filters
    no_price,          // some inside the filters rent it, none at the chosen pricing (others may be filtered out)
};

// The result of a search, with the counts the report words its message from.
struct OfferMatch {
    const CloudOffer* offer = nullptr;  // points into the searched offers; null unless outcome == chosen
    MatchOutcome outcome = MatchOutcome::no_offer_for_gpu;
    double cloud_total_usd = 0.0;  // the chosen offer's discounted cloud total over the horizon, USD
    std::size_t same_gpu = 0;      // offers renting the build's GPU
    std::size_t filtered_out = 0;  // ... of them outside the filters
    std::size_t no_price = 0;      // ... inside the filters without a price at the pricing
    std::size_t candidates = 0;    // ... compared by cloud total (same_gpu = filtered_out + no_price + candidates)
};

// The cheapest offer among `offers` for a build of GPU `gpu_id` (costed as `build`) at a.pricing, by
// cloud_total_usd() with `a`; equal totals fall to the smaller id (then the earlier offer), so the choice never
// depends on catalogue order. The reference behaviour is report.cpp's cheapest_match at 001fc4c.
OfferMatch cheapest_offer(std::span<const CloudOffer> offers, std::string_view gpu_id, const BuildSpec& build,
                          const Assumptions& a, const OfferFilters& filters = {}) noexcept;

// The engine's view of an offer at a pricing: GPUs per instance and its hourly price (0 when it has none).
CloudSpec cloud_spec_of(const CloudOffer& offer, Pricing pricing) noexcept;

// ---- Like-for-like matching (issue 12) ----------------------------------------------------------------------------

// A catalogue's offers grouped by GPU model, catalogue order kept within each group, so that a like-for-like or gpu
// search for one build reads its own GPU's offers, not every offer (issue 21: 93 % of the shipped catalogue's offers
// rent another GPU than a given build's). Points into the offers it is made from, which must outlive it.
class OffersByGpu {
public:
    explicit OffersByGpu(std::span<const CloudOffer> offers);
    // The offers of GPU `gpu`, in catalogue order; empty when none.
    std::span<const CloudOffer* const> of(std::string_view gpu) const noexcept;

private:
    struct Group {
        std::string_view gpu;
        std::size_t first;  // into m_offers
        std::size_t count;
    };
    std::vector<Group> m_groups;
    std::vector<const CloudOffer*> m_offers;
};

// Everything that narrows the search besides the catalogue, the build and the assumptions.
struct MatchOptions {
    MatchLevel level = MatchLevel::like_for_like;
    std::optional<TierSet> tiers;  // empty: every offer
    Requirements requirements;
    OfferFilters filters;
    const Workload* workload = nullptr;  // needed by `any`; points into the catalogue searched
    bool hourly_only = false;            // leave out monthly rentals (no_price): a rental by the hour is asked for
    // The searched catalogue's offers by GPU (null: every offer is read). The same results either way: below
    // MatchLevel::any an offer of another GPU is left out (other_gpu) before any other test.
    const OffersByGpu* offers_by_gpu = nullptr;
};

// Why a build or an offer is left out, in the order the tests run; `none` is a candidate.
enum class Exclusion {
    none,
    other_gpu,     // gpu, like-for-like: another GPU model
    filtered_out,  // outside --region/--provider
    tier,          // outside --tier
    min_vram,      // a requirement (builds and offers)
    min_fp64,
    min_interconnect,
    min_gpus_per_instance,
    compliance,          // offers: does not attest a --require attribute (or the build's "require")
    gpus_per_node,       // like-for-like: an instance holds fewer GPUs than the build needs in one machine
    interconnect,        // like-for-like, any: a weaker interconnect than the build's
    no_workload_figure,  // any: the workload has no figure for this GPU
    workload_memory,     // a workload is given: its GPUs cannot hold one instance even split as far as it allows
    workload_gpus,       // a workload is given: one machine (instance) has too few GPUs to hold one instance
    no_price,            // no price at the chosen pricing
};
inline constexpr std::size_t k_exclusion_count = 15;

// The GPUs of `vram_gb` each that one instance of workload `w` needs: ceil(memory_gb_per_instance / vram_gb);
// 1 when the workload states no memory; 0 when the GPU has no memory.
std::int64_t gpus_to_hold(const Workload& w, double vram_gb) noexcept;

// Whether a machine of `gpus` GPUs of model `gpu` can run one instance of `w`: `none`, workload_memory (the GPUs
// it needs exceed w's max_gpus_per_instance) or workload_gpus (they exceed `gpus`). A null workload or one without
// memory_gb_per_instance asks nothing; a null GPU fails.
Exclusion workload_fit(const Workload* w, const Gpu* gpu, std::int64_t gpus) noexcept;

// Whether a build meets the requirements (under `any`, has a workload figure; with a workload, holds one instance of
// it in one machine): `none`, or the first that fails.
Exclusion build_exclusion(const Catalog& catalog, const Build& build, const MatchOptions& options) noexcept;

// Why `offer` is left out for `build` at `pricing` under `options`, or `none`. `ignore_tier` skips the tier test
// (the best offer of each tier is found among offers that pass everything else).
Exclusion offer_exclusion(const Catalog& catalog, const Build& build, const CloudOffer& offer, Pricing pricing,
                          const MatchOptions& options, bool ignore_tier = false) noexcept;

// Calls visit(offer) for every offer of `catalog` that a search for `build` under `options` must test, in catalogue
// order: with options.offers_by_gpu below MatchLevel::any only the build's GPU's (offer_exclusion gives every other
// other_gpu), else all. Returns how many it visited; the rest are other_gpu.
template <class Visit>
std::size_t for_each_offer_to_test(const Catalog& catalog, const Build& build, const MatchOptions& options,
                                   Visit&& visit) {
    if (options.offers_by_gpu != nullptr && options.level != MatchLevel::any) {
        const std::span<const CloudOffer* const> same_gpu = options.offers_by_gpu->of(build.gpu);
        for (const CloudOffer* offer : same_gpu) visit(*offer);
        return same_gpu.size();
    }
    for (const CloudOffer& offer : catalog.cloud) visit(offer);
    return catalog.cloud.size();
}

// The throughputs of a cross-model rental: T_b (the build's GPU) and T_c (the offer's), in the workload's unit.
struct Equivalence {
    double build_throughput = 0.0;
    double offer_throughput = 0.0;
};

// The instances that give the build's work: ceil(g / c) for the same GPU model, else ceil(g x T_b / (c x T_c)),
// so the rental delivers at least the build's throughput on the same hours. Needs a workload figure for both GPUs
// when the models differ (offer_exclusion checks it); returns 0 when one is missing.
std::int64_t equivalent_instances(const Build& build, const CloudOffer& offer, const Workload* workload) noexcept;

// How the engine costs `instances` of `offer` for a build of g GPUs: cloud_spec_of() when instances is ceil(g / c),
// else one "instance" of g GPUs at instances x the hourly price, which the engine multiplies out to the same cost.
CloudSpec rental_spec(const CloudOffer& offer, Pricing pricing, std::int64_t build_gpus,
                      std::int64_t instances) noexcept;

// The cheapest candidate of one tier.
struct TierBest {
    const CloudOffer* offer = nullptr;
    double cloud_total_usd = 0.0;
    std::int64_t instances = 0;
};

// The result of match_offer.
struct Match {
    Exclusion build_excluded = Exclusion::none;  // the build fails a requirement: nothing was searched
    const CloudOffer* offer = nullptr;           // the cheapest candidate; null when none
    double cloud_total_usd = 0.0;
    std::int64_t instances = 0;  // of `offer`
    std::size_t candidates = 0;
    std::size_t monthly_candidates = 0;  // of `candidates`, rentals billed by the month (CloudOffer::monthly)
    std::array<std::size_t, k_exclusion_count> excluded{};    // offers left out, by Exclusion
    std::array<TierBest, k_offer_tier_count> best_of_tier{};  // among offers passing all but --tier
    std::optional<MatchLevel> looser;  // no offer: the first looser level (gpu, then any with a workload) with one
    bool without_tier = false;         // no offer: dropping --tier would find one at this level

    std::size_t excluded_for(Exclusion e) const noexcept { return excluded[static_cast<std::size_t>(e)]; }
};

// The cheapest offer for `build` (costed as `spec`) under `options`, by cloud total with `a`, ties to the smaller
// id: the same rule as cheapest_offer(), whose result match_offer gives at MatchLevel::gpu with no tiers or
// requirements. Pure: pointers point into `catalog`.
Match match_offer(const Catalog& catalog, const Build& build, const BuildSpec& spec, const Assumptions& a,
                  const MatchOptions& options) noexcept;

}  // namespace gpucost
