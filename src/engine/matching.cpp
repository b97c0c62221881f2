#include "gpucost/engine/matching.hpp"

namespace gpucost {
namespace {

// ASCII case folding only, as the report has always compared regions and providers: locale-independent, and
// catalogue ids and regions are ASCII.
constexpr char fold(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equal_ignoring_case(std::string_view x, std::string_view y) noexcept {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
        if (fold(x[i]) != fold(y[i])) return false;
    return true;
}

bool passes(const std::optional<std::string_view>& filter, std::string_view value) noexcept {
    return !filter || equal_ignoring_case(value, *filter);
}

}  // namespace

OfferFit offer_fit(const CloudOffer& offer, std::string_view gpu_id, Pricing pricing,
                   const OfferFilters& filters) noexcept {
    if (offer.gpu != gpu_id) return OfferFit::other_gpu;
    if (!passes(filters.region, offer.region) || !passes(filters.provider, offer.provider))
        return OfferFit::filtered_out;
    if (!offer.price(pricing)) return OfferFit::no_price;
    return OfferFit::candidate;
}

CloudSpec cloud_spec_of(const CloudOffer& offer, Pricing pricing) noexcept {
    CloudSpec spec{offer.gpu_count, offer.price(pricing).value_or(0.0)};
    // The interim cloud of a lead time rents on demand, or at the chosen pricing when the offer has no such price.
    spec.interim_pricing = offer.price(Pricing::on_demand) ? Pricing::on_demand : pricing;
    spec.interim_usd_per_hour = offer.price(spec.interim_pricing).value_or(0.0);
    spec.storage_usd_per_tb_month = offer.storage_usd_per_tb_month;
    return spec;
}

OfferMatch cheapest_offer(std::span<const CloudOffer> offers, std::string_view gpu_id, const BuildSpec& build,
                          const Assumptions& a, const OfferFilters& filters) noexcept {
    OfferMatch match;
    for (const CloudOffer& offer : offers) {
        const OfferFit fit = offer_fit(offer, gpu_id, a.pricing, filters);
        if (fit == OfferFit::other_gpu) continue;
        ++match.same_gpu;
        if (fit == OfferFit::filtered_out) {
            ++match.filtered_out;
            continue;
        }
        if (fit == OfferFit::no_price) {
            ++match.no_price;
            continue;
        }
        ++match.candidates;
        const double total = cloud_total_usd(build, cloud_spec_of(offer, a.pricing), a);
        // Equal totals fall to the smaller id; a strict < keeps the earlier of two equal ids.
        if (match.offer == nullptr || total < match.cloud_total_usd ||
            (total == match.cloud_total_usd && offer.id < match.offer->id)) {
            match.offer = &offer;
            match.cloud_total_usd = total;
        }
    }
    if (match.offer != nullptr) match.outcome = MatchOutcome::chosen;
    // The order of report.cpp's messages: a pricing problem inside the filters outranks offers filtered away.
    else if (match.no_price == 0 && match.filtered_out > 0)
        match.outcome = MatchOutcome::all_filtered_out;
    else if (match.no_price == 0)
        match.outcome = MatchOutcome::no_offer_for_gpu;
    else
        match.outcome = MatchOutcome::no_price;
    return match;
}

}  // namespace gpucost
