#include "backup_rental.hpp"

#include <string>

#include <fmt/format.h>

namespace gpucost {

std::optional<BackupRental> backup_rental(const Catalog& catalog, const Build& build, const BuildSpec& spec,
                                          Assumptions a, const CloudOffer* named, const CloudOffer* fallback,
                                          const MatchOptions& scope) {
    const Pricing chosen = a.pricing;
    a.pricing = Pricing::on_demand;
    const CloudOffer* offer = named;
    std::int64_t instances = 0;
    if (offer == nullptr) {
        MatchOptions options;
        options.level = MatchLevel::like_for_like;
        options.tiers = scope.tiers;
        options.requirements = scope.requirements;
        options.filters = scope.filters;
        options.hourly_only = true;  // the hours of a lead time or of downtime are rented by the hour
        const Match m = match_offer(catalog, build, spec, a, options);
        offer = m.offer;
        instances = m.instances;
    }
    return backup_of(build, offer, instances, named, fallback, chosen, scope);
}

std::optional<BackupRental> backup_of(const Build& build, const CloudOffer* matched, std::int64_t instances,
                                      const CloudOffer* named, const CloudOffer* fallback, Pricing chosen,
                                      const MatchOptions& scope) {
    const CloudOffer* offer = named != nullptr ? named : matched;
    const bool found = offer != nullptr && named == nullptr;
    if (offer == nullptr) offer = fallback;
    if (offer == nullptr) return std::nullopt;
    // A named or fallback offer is rented on demand when it can be, else at the pricing in force.
    const Pricing pricing = found || offer->price(Pricing::on_demand) ? Pricing::on_demand : chosen;
    if (!found) instances = instances_needed(build.gpu_count, offer->gpu_count);
    const double per_instance = offer->price(pricing).value_or(0.0);
    if (per_instance == 0.0) return std::nullopt;
    BackupRental b;
    b.offer_id = offer->id;
    b.provider = offer->provider;
    b.instances = instances;
    b.usd_per_hour = static_cast<double>(instances) * per_instance;
    b.pricing = pricing;
    const std::string at = pricing == Pricing::on_demand ? "on-demand" : to_string(pricing);
    const char* how = named != nullptr ? "named by --backup-offer" : "the compared offer (no like-for-like one)";
    const bool bounded = scope.tiers || !scope.requirements.empty() || scope.filters.region || scope.filters.provider;
    b.basis = found ? fmt::format("the cheapest like-for-like on-demand offer{}",
                                  bounded ? " within --tier, --require, --region and --provider" : "")
                    : fmt::format("{}, at its {} price", how, at);
    return b;
}

const CloudOffer* backup_known(const Match& match, const MatchOptions& options, Pricing pricing) noexcept {
    if (options.level != MatchLevel::like_for_like || options.workload != nullptr || pricing != Pricing::on_demand)
        return nullptr;
    return match.offer != nullptr && match.offer->price(Pricing::on_demand) ? match.offer : nullptr;
}

}  // namespace gpucost
