// The ranked `compare` takes its backup rental from its own like-for-like on-demand match when that match's offer
// rents by the hour (backup_known, issue 21): the backup must be the very one backup_rental's own search finds, in
// every scope, and a monthly-only winner must still send the backup to the search.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "backup_rental.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"

using namespace gpucost;

namespace {

// The backup backup_rental's search gives for comparison `c` of `report` (the request's scope, no --backup-offer).
std::optional<BackupRental> searched_backup(const Catalog& catalog, const Comparison& c,
                                            const ComparisonRequest& request) {
    const Build& build = *catalog.find_build(c.build.id);
    MatchOptions scope;
    scope.tiers = request.match.tiers;
    scope.requirements = request.match.requirements;
    scope.filters = {request.region, request.provider};
    return backup_rental(catalog, build, c.build_spec, c.assumptions.values, nullptr, catalog.find_offer(c.offer.id),
                         scope);
}

void check_same(const std::optional<BackupRental>& got, const std::optional<BackupRental>& want) {
    REQUIRE(got.has_value() == want.has_value());
    if (!got) return;
    CHECK(got->offer_id == want->offer_id);
    CHECK(got->provider == want->provider);
    CHECK(got->instances == want->instances);
    CHECK(got->usd_per_hour == want->usd_per_hour);  // to the bit: the same price times the same count
    CHECK(got->pricing == want->pricing);
    CHECK(got->basis == want->basis);
}

ComparisonRequest scoped(const std::string& tier, const std::string& region, bool require_soc2) {
    ComparisonRequest r;
    if (!tier.empty()) {
        TierSet tiers{};
        for (std::size_t t = 0; t < k_offer_tier_count; ++t)
            if (k_offer_tier_names[t] == tier) tiers[t] = true;
        r.match.tiers = tiers;
    }
    if (!region.empty()) r.region = region;
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        if (require_soc2 && k_compliance_names[c] == "soc2") r.match.requirements.compliance[c] = true;
    return r;
}

}  // namespace

TEST_CASE("backup known: the ranked compare's backup is backup_rental's own search, in every scope", "[backup]") {
    const Catalog catalog = load_embedded_catalog();
    int compared = 0;
    int matched = 0;  // backups found as the cheapest like-for-like on-demand offer (the shortcut's case)
    for (const std::string tier : {"", "marketplace", "gpu-cloud", "hyperscaler"})
        for (const std::string region : {"", "us-east-1"})
            for (const bool soc2 : {false, true}) {
                const ComparisonRequest request = scoped(tier, region, soc2);
                Report report;
                try {
                    report = build_report(catalog, request);
                } catch (const DataError&) {
                    continue;  // no build has an offer in this scope
                }
                for (const Comparison& c : report.comparisons) {
                    INFO("build " << c.build.id << ", tier '" << tier << "', region '" << region << "', soc2 " << soc2);
                    check_same(c.backup, searched_backup(catalog, c, request));
                    ++compared;
                    if (c.backup && c.backup->basis.rfind("the cheapest like-for-like", 0) == 0) ++matched;
                }
            }
    CHECK(compared > 40);
    CHECK(matched > 40);
}

TEST_CASE("backup known: a monthly-only winner leaves the backup to the search, which rents by the hour", "[backup]") {
    Catalog catalog = load_embedded_catalog();
    const Report before = build_report(catalog, {});
    const Comparison& first = before.comparisons.front();
    REQUIRE(first.backup);
    CHECK(first.backup->offer_id == first.offer.id);  // the shortcut's case: the match is the backup
    // A twin of the chosen offer billed by the month, at a tenth of its hourly price for 730 hours: the cheapest
    // like-for-like match now, but no backup (a lead time or downtime is rented by the hour).
    CloudOffer twin = *catalog.find_offer(first.offer.id);
    const double hourly = *twin.price(Pricing::on_demand);
    twin.id = "zz-monthly-twin";
    twin.usd_per_hour = {};
    twin.monthly = MonthlyBilling{hourly * 730.0 / 10.0, 0.0, std::nullopt};
    catalog.cloud.push_back(twin);
    ComparisonRequest request;
    request.build_id = first.build.id;
    const Report after = build_report(catalog, request);
    const Comparison& c = after.comparisons.front();
    CHECK(c.offer.id == "zz-monthly-twin");
    REQUIRE(c.backup);
    CHECK(c.backup->offer_id == first.backup->offer_id);
    CHECK(c.backup->usd_per_hour == first.backup->usd_per_hour);
    check_same(c.backup, searched_backup(catalog, c, request));
}
