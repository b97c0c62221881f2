// Offer selection as a pure function: for one build, the cheapest catalogue offer of the same GPU at the chosen
// pricing, by cloud total over the horizon (instances are whole, so the lowest price per GPU-hour is not always the
// cheapest). No strings are built: the result carries a reason code and counts, and offer_fit() lets the report
// layer list the offers behind a "why none" message in its own words.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

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

}  // namespace gpucost
