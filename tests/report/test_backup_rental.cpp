// The rental that stands in for the owned machine (issue 20, items 1 and 4) and the commitment's own break-even
// (item 2): the interim cloud and the downtime cover rent the cheapest like-for-like on-demand offer whatever
// --pricing says, or the offer --backup-offer names; under a commitment the report gives the use above which the
// commitment beats the same offer on demand.
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/report/verdict.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;

namespace {

ComparisonRequest one_build(const std::string& id, Pricing pricing) {
    ComparisonRequest r;
    r.build_id = id;
    r.flags.origin = "flag";
    r.flags.set(AssumptionKey::pricing, pricing);
    return r;
}

}  // namespace

TEST_CASE("backup rental: the interim cloud does not depend on --pricing, for every shipped build with a lead time",
          "[backup]") {
    const Catalog catalog = load_embedded_catalog();
    int builds_with_lead = 0;
    for (const Build& build : catalog.builds) {
        const Report on_demand = build_report(catalog, one_build(build.id, Pricing::on_demand));
        const Comparison& base = on_demand.comparisons.front();
        if (base.assumptions.values.lead_time_months == 0) continue;
        ++builds_with_lead;
        INFO("build " << build.id);
        REQUIRE(base.backup);
        CHECK(base.backup->pricing == Pricing::on_demand);
        CHECK(base.cost_usd(Category::interim_cloud) > 0.0);
        // A month of interim compute: the whole build's backup price x the hours used (no on-demand overhead here).
        CHECK(base.result.monthly.interim_compute_usd ==
              Approx(base.backup->usd_per_hour * base.result.used_hours_per_month));
        int compared = 1;
        for (const Pricing p : {Pricing::spot, Pricing::reserved_1y, Pricing::reserved_3y}) {
            Report other;
            try {
                other = build_report(catalog, one_build(build.id, p));
            } catch (const DataError&) {
                continue;  // no offer for this GPU at that pricing: nothing to compare
            }
            ++compared;
            const Comparison& c = other.comparisons.front();
            INFO("pricing " << to_string(p));
            REQUIRE(c.backup);
            CHECK(c.backup->offer_id == base.backup->offer_id);
            CHECK(c.backup->usd_per_hour == base.backup->usd_per_hour);
            // The same rental over the same months: the same compute a month, to the bit (the interim's storage
            // and egress are the cloud side's own, priced at the compared offer's storage rate).
            CHECK(c.result.monthly.interim_compute_usd == base.result.monthly.interim_compute_usd);
            CHECK(c.result.interim_pricing == Pricing::on_demand);
            CHECK(c.cost_usd(Category::downtime_cover) == base.cost_usd(Category::downtime_cover));
        }
        CHECK(compared >= 2);  // at least one commitment or spot price to hold it against
    }
    // The eight data-centre servers (the DGX B200 and the 8x MI300X server since 2026-12-02) order with a
    // three-month lead time.
    CHECK(builds_with_lead == 8);
}

TEST_CASE("backup rental: --backup-offer names the rental, and an unknown id is a usage error", "[backup]") {
    const Catalog catalog = load_embedded_catalog();
    ComparisonRequest r = one_build("hgx-h100-thinkmate-2024", Pricing::reserved_3y);
    const Report cheapest = build_report(catalog, r);
    REQUIRE(cheapest.comparisons.front().backup);
    CHECK(cheapest.comparisons.front().backup->basis == "the cheapest like-for-like on-demand offer");
    // Any other H100 offer with an on-demand price, by id so the test does not depend on catalogue order.
    std::set<std::string> others;
    for (const CloudOffer& o : catalog.cloud)
        if (o.gpu == "h100-sxm" && o.price(Pricing::on_demand) && o.id != cheapest.comparisons.front().backup->offer_id)
            others.insert(o.id);
    REQUIRE(!others.empty());
    const CloudOffer& named = *catalog.find_offer(*others.begin());
    r.backup_offer = named.id;
    const Comparison c = build_report(catalog, r).comparisons.front();
    REQUIRE(c.backup);
    CHECK(c.backup->offer_id == named.id);
    CHECK(c.backup->basis == "named by --backup-offer, at its on-demand price");
    // 8 GPUs in instances of c GPUs: ceil(8 / c) instances at its on-demand price
    const std::int64_t n = (8 + named.gpu_count - 1) / named.gpu_count;
    CHECK(c.backup->usd_per_hour == static_cast<double>(n) * *named.price(Pricing::on_demand));

    r.backup_offer = "no-such-offer";
    CHECK_THROWS_AS(build_report(catalog, r), UsageError);
}

TEST_CASE("read_commitment: the use above which a commitment beats the same offer on demand", "[backup]") {
    BuildSpec build;
    build.gpu_count = 1;
    CloudSpec reserved;
    reserved.gpus_per_instance = 1;
    reserved.usd_per_hour = 5.0;
    CloudSpec on_demand = reserved;
    on_demand.usd_per_hour = 10.0;
    Assumptions a;
    a.months = 12;
    a.pricing = Pricing::reserved_1y;
    // Committed: 730 h x $5 x 12 = $43,800 at any use. On demand: $10 x u x 12 = $120 u, u = h x 730 / 168.
    // Equal at u = 365 hours a month, h = 365 x 168 / 730 = 84 h/week.
    const auto c = read_commitment(build, reserved, on_demand, a);
    REQUIRE(c);
    CHECK(c->pricing == Pricing::reserved_1y);
    REQUIRE(c->beats_on_demand_above);
    CHECK(*c->beats_on_demand_above == Approx(84.0));
    // At the 40 h/week in force: $10 x (40 x 730 / 168) x 12 = $20,857.14 on demand
    CHECK(c->on_demand_cloud_total_usd == Approx(10.0 * 40.0 * 730.0 / 168.0 * 12.0));
    CHECK_FALSE(c->on_demand_cheaper_at_every_use);

    // A commitment at $12/h costs more than $10/h on demand even at 168 h/week: no use makes it pay.
    reserved.usd_per_hour = 12.0;
    const auto dear = read_commitment(build, reserved, on_demand, a);
    REQUIRE(dear);
    CHECK_FALSE(dear->beats_on_demand_above);
    CHECK(dear->on_demand_cheaper_at_every_use);

    // No on-demand price to hold it against; and no commitment at all.
    const auto unknown = read_commitment(build, reserved, std::nullopt, a);
    REQUIRE(unknown);
    CHECK_FALSE(unknown->has_on_demand_price);
    a.pricing = Pricing::on_demand;
    CHECK_FALSE(read_commitment(build, on_demand, on_demand, a));
}

TEST_CASE("read_verdict: the break-even's kind says what it compares", "[backup]") {
    const Catalog catalog = load_embedded_catalog();
    const Comparison od =
        build_report(catalog, one_build("hgx-h100-thinkmate-2024", Pricing::on_demand)).comparisons[0];
    CHECK(od.reading.break_even_kind == BreakEvenKind::owning_vs_pay_per_use);
    CHECK_FALSE(od.reading.commitment);
    const Comparison r3 =
        build_report(catalog, one_build("hgx-h100-thinkmate-2024", Pricing::reserved_3y)).comparisons[0];
    CHECK(r3.reading.break_even_kind == BreakEvenKind::owning_vs_commitment);
    REQUIRE(r3.reading.commitment);
    CHECK(r3.reading.commitment->has_on_demand_price);
    CHECK(std::string(to_string(BreakEvenKind::owning_vs_commitment)) == "owning_vs_commitment");
}

TEST_CASE("read_spot: how often the job stops, and whether spot carries 24/7 multi-GPU work", "[backup][spot]") {
    Assumptions a;
    a.pricing = Pricing::spot;
    a.hours_per_week = 168.0;
    a.spot_overhead = 0.1;
    a.spot_interruptions_per_instance_month = 0.2;
    a.spot_restart_hours = 1.0;
    const auto s = read_spot(8, 8, a);
    REQUIRE(s);
    CHECK(s->job_stops_per_month == Approx(1.6));  // 8 instances x 0.2 x 168 / 168
    CHECK(s->interruption_overhead == Approx(1.6 / 730.0));
    CHECK(s->spot_overhead == 0.1);
    CHECK(s->round_the_clock_multi_gpu);
    a.hours_per_week = 84.0;
    const auto half = read_spot(8, 8, a);
    CHECK(half->job_stops_per_month == Approx(0.8));  // half the hours running, half the interruptions
    CHECK_FALSE(half->round_the_clock_multi_gpu);
    a.hours_per_week = 168.0;
    CHECK_FALSE(read_spot(1, 1, a)->round_the_clock_multi_gpu);  // one GPU
    a.pricing = Pricing::on_demand;
    CHECK_FALSE(read_spot(8, 8, a));
}
