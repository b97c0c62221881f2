// The batch evaluator against the engine, draw by draw: any change to evaluate() that the batch path does not
// follow fails here.
#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/random.hpp"

using namespace gpucost;

namespace {

double between(Xoshiro256& rng, double lo, double hi) { return lo + (hi - lo) * rng.uniform(); }

Case random_case(Xoshiro256& rng) {
    Case c;
    c.build.gpu_count = 1 + static_cast<std::int64_t>(rng.next() % 16);
    c.build.gpu_price_usd = between(rng, 500, 40000);
    c.build.gpu_tdp_w = between(rng, 100, 1000);
    c.build.gpu_idle_w = between(rng, 0, c.build.gpu_tdp_w);
    c.build.base_price_usd = between(rng, 0, 50000);
    c.build.base_load_w = between(rng, 0, 3000);
    c.build.base_idle_w = between(rng, 0, c.build.base_load_w);
    c.build.setup_usd = between(rng, 0, 5000);
    c.cloud.gpus_per_instance = 1 + static_cast<std::int64_t>(rng.next() % 8);
    c.cloud.usd_per_hour = between(rng, 0.2, 100);
    Assumptions& a = c.assumptions;
    a.hours_per_week = between(rng, 0, 168);
    a.months = 1 + static_cast<int>(rng.next() % 120);
    a.pricing = static_cast<Pricing>(rng.next() % k_pricing_count);
    a.electricity_usd_per_kwh = between(rng, 0, 0.5);
    a.pue = between(rng, 1, 2);
    a.idle = rng.next() % 2 == 0 ? IdlePolicy::always_on : IdlePolicy::off;
    a.staff_salary_usd = between(rng, 0, 200000);
    a.staff_fte_build = between(rng, 0, 0.5);
    a.staff_fte_cloud = between(rng, 0, 0.3);
    a.maintenance_rate = between(rng, 0, 0.2);
    a.facility_usd_per_month = between(rng, 0, 2000);
    a.useful_life_years = between(rng, 1, 8);
    a.residual_value = between(rng, 0, 0.5);
    a.discount_rate = rng.next() % 3 == 0 ? 0.0 : between(rng, 0, 0.15);
    a.spot_overhead = between(rng, 0, 0.3);
    a.cloud_storage_usd_per_month = between(rng, 0, 500);
    a.cloud_egress_usd_per_month = between(rng, 0, 500);
    // Model v2's terms in half the cases, each one alone or with the others.
    if (rng.next() % 2 == 0) {
        if (rng.next() % 2 == 0)
            a.lead_time_months = static_cast<int>(rng.next() % static_cast<std::uint64_t>(a.months));
        if (rng.next() % 2 == 0) a.cloud_price_change_per_year = between(rng, -0.3, 0.2);
        if (rng.next() % 2 == 0) a.electricity_price_change_per_year = between(rng, -0.1, 0.2);
        a.resale = static_cast<ResaleModel>(rng.next() % 3);
        a.resale_decline_per_year = between(rng, 0, 0.6);
        a.on_demand_overhead = between(rng, 0, 0.5);
        a.storage_tb = between(rng, 0, 50);
        a.cloud_storage_usd_per_tb_month = between(rng, 0, 30);
        if (rng.next() % 2 == 0) c.cloud.storage_usd_per_tb_month = between(rng, 0, 30);
        c.cloud.interim_usd_per_hour = c.cloud.usd_per_hour * between(rng, 1, 2);
        c.cloud.interim_pricing = rng.next() % 2 == 0 ? Pricing::on_demand : a.pricing;
    }
    return c;
}

// Every slot with a plausible range for it.
struct SlotRange {
    Slot slot;
    double low;
    double high;
};

std::vector<SlotRange> all_slot_ranges() {
    using K = AssumptionKey;
    const auto a = [](K key) { return Slot{SlotKind::assumption, key}; };
    return {{{SlotKind::gpu_price_usd, {}}, 500, 40000},
            {{SlotKind::gpu_tdp_w, {}}, 100, 1000},
            {{SlotKind::gpu_idle_w, {}}, 0, 100},
            {{SlotKind::base_price_usd, {}}, 0, 50000},
            {{SlotKind::base_load_w, {}}, 0, 3000},
            {{SlotKind::base_idle_w, {}}, 0, 300},
            {{SlotKind::setup_usd, {}}, 0, 5000},
            {{SlotKind::usd_per_hour, {}}, 0.2, 100},
            {a(K::hours_per_week), 0, 168},
            {a(K::electricity_usd_per_kwh), 0, 0.5},
            {a(K::pue), 1, 2},
            {a(K::staff_salary_usd), 0, 200000},
            {a(K::staff_fte_build), 0, 0.5},
            {a(K::staff_fte_cloud), 0, 0.3},
            {a(K::maintenance_rate), 0, 0.2},
            {a(K::facility_usd_per_month), 0, 2000},
            {a(K::useful_life_years), 1, 8},
            {a(K::residual_value), 0, 0.5},
            {a(K::discount_rate), 0, 0.15},
            {a(K::horizon_months), 0.5, 10},
            {a(K::spot_overhead), 0, 0.3},
            {a(K::cloud_storage_usd_per_month), 0, 500},
            {a(K::cloud_egress_usd_per_month), 0, 500},
            {a(K::on_demand_overhead), 0, 0.5},
            {a(K::storage_tb), 0, 50},
            {a(K::cloud_storage_usd_per_tb_month), 0, 30},
            {a(K::lead_time_months), 0, 6},
            {a(K::cloud_price_change_per_year), -0.3, 0.2},
            {a(K::electricity_price_change_per_year), -0.1, 0.2},
            {a(K::resale_decline_per_year), 0, 0.6}};
}

void check_close(double got, double want, double scale) {
    INFO("got " << got << ", want " << want);
    CHECK(std::fabs(got - want) <= 1e-9 * std::max({1.0, std::fabs(want), scale}));
}

// run() over a block gives, draw by draw, exactly what operator() gives for the same values.
void check_block(const BatchEvaluator& batch, const std::vector<std::vector<double>>& columns, int months) {
    const std::size_t n = columns.front().size();
    std::vector<const double*> starts;
    for (const std::vector<double>& c : columns) starts.push_back(c.data());
    std::vector<double> build(n), cloud(n), saves(n), break_even(n);
    std::vector<std::uint64_t> cash(static_cast<std::size_t>(months) + 1), sold(cash.size());
    BlockOutcomes out;
    out.build_total_usd = build.data();
    out.cloud_total_usd = cloud.data();
    out.owning_saves_usd = saves.data();
    out.break_even_hours = break_even.data();
    out.payback_counts = cash.data();
    out.if_sold_counts = sold.data();
    batch.run(starts, n, out);
    std::vector<double> want_break_even;
    std::vector<std::uint64_t> want_cash(cash.size()), want_sold(cash.size());
    std::uint64_t build_cheaper = 0;
    for (std::size_t d = 0; d < n; ++d) {
        std::vector<double> values;
        for (const std::vector<double>& c : columns) values.push_back(c[d]);
        const DrawOutcome o = batch(values);
        CHECK(build[d] == o.build_total_usd);
        CHECK(cloud[d] == o.cloud_total_usd);
        CHECK(saves[d] == o.cloud_total_usd - o.build_total_usd);
        if (!std::isnan(o.break_even_hours)) want_break_even.push_back(o.break_even_hours);
        ++want_cash[static_cast<std::size_t>(o.payback_month)];
        ++want_sold[static_cast<std::size_t>(o.payback_month_if_sold)];
        build_cheaper += o.build_total_usd < o.cloud_total_usd ? 1 : 0;
    }
    REQUIRE(out.break_evens == want_break_even.size());
    for (std::size_t i = 0; i < out.break_evens; ++i) CHECK(break_even[i] == want_break_even[i]);
    CHECK(cash == want_cash);
    CHECK(sold == want_sold);
    CHECK(out.build_cheaper == build_cheaper);
}

}  // namespace

TEST_CASE("BatchEvaluator equals evaluate() draw by draw", "[analysis][batch]") {
    const std::vector<SlotRange> slots = all_slot_ranges();
    int fast_sets = 0;
    int fast_v2_sets = 0;  // the fast path with model v2's terms (lead time, trends, resale curve) in the base
    for (std::uint64_t set = 0; set < 300; ++set) {
        Xoshiro256 rng(2026, set);
        const Case base = random_case(rng);
        // A random subset of 1 to 8 slots; two sets in three keep to the fast path.
        const bool fast_only = set % 3 != 0;
        std::vector<SlotRange> chosen;
        const std::size_t want = 1 + rng.next() % 8;
        while (chosen.size() < want) {
            const SlotRange& s = slots[rng.next() % slots.size()];
            if (fast_only && needs_general_path(s.slot)) continue;
            if (std::find_if(chosen.begin(), chosen.end(), [&](const SlotRange& c) { return c.slot == s.slot; }) ==
                chosen.end())
                chosen.push_back(s);
        }
        std::vector<Slot> chosen_slots;
        for (const SlotRange& s : chosen) chosen_slots.push_back(s.slot);
        const BatchEvaluator batch(base, chosen_slots);
        if (fast_only) REQUIRE_FALSE(batch.general());
        fast_sets += batch.general() ? 0 : 1;
        fast_v2_sets += !batch.general() && uses_model_v2_terms(base.assumptions) ? 1 : 0;
        // The block path (run(), in chunks of 64) against the one-draw path, to the bit: 150 draws, three chunks.
        std::vector<std::vector<double>> columns(chosen.size());
        for (std::size_t i = 0; i < chosen.size(); ++i)
            for (int d = 0; d < 150; ++d) columns[i].push_back(between(rng, chosen[i].low, chosen[i].high));
        // Payback months go up to the longest horizon drawn: the base's, or 10 years when the horizon is ranged.
        check_block(batch, columns, std::max(base.assumptions.months, 120));
        for (int d = 0; d < 50; ++d) {
            std::vector<double> values;
            Case c = base;
            for (const SlotRange& s : chosen) {
                values.push_back(between(rng, s.low, s.high));
                write_slot(c, s.slot, values.back());
            }
            const DrawOutcome want_o = outcome_of(evaluate(c.build, c.cloud, c.assumptions));
            const DrawOutcome got = batch(values);
            const double scale = std::fabs(want_o.build_total_usd) + std::fabs(want_o.cloud_total_usd);
            check_close(got.build_total_usd, want_o.build_total_usd, scale);
            check_close(got.cloud_total_usd, want_o.cloud_total_usd, scale);
            CHECK(std::isnan(got.break_even_hours) == std::isnan(want_o.break_even_hours));
            if (!std::isnan(want_o.break_even_hours)) check_close(got.break_even_hours, want_o.break_even_hours, 168);
            CHECK(got.payback_month == want_o.payback_month);
            CHECK(got.payback_month_if_sold == want_o.payback_month_if_sold);
        }
    }
    CHECK(fast_sets >= 150);  // the fast path is what most sets exercise
    CHECK(fast_v2_sets >= 60);
}

TEST_CASE("needs_general_path: inputs that change the months' weights", "[analysis][batch]") {
    CHECK(needs_general_path({SlotKind::assumption, AssumptionKey::discount_rate}));
    CHECK(needs_general_path({SlotKind::assumption, AssumptionKey::horizon_months}));
    CHECK(needs_general_path({SlotKind::assumption, AssumptionKey::lead_time_months}));
    CHECK(needs_general_path({SlotKind::assumption, AssumptionKey::cloud_price_change_per_year}));
    CHECK_FALSE(needs_general_path({SlotKind::assumption, AssumptionKey::resale_decline_per_year}));
    CHECK_FALSE(needs_general_path({SlotKind::assumption, AssumptionKey::on_demand_overhead}));
    CHECK_FALSE(needs_general_path({SlotKind::assumption, AssumptionKey::storage_tb}));
    CHECK_FALSE(needs_general_path({SlotKind::assumption, AssumptionKey::cloud_storage_usd_per_tb_month}));
    CHECK_FALSE(needs_general_path({SlotKind::assumption, AssumptionKey::electricity_usd_per_kwh}));
    CHECK_FALSE(needs_general_path({SlotKind::gpu_price_usd, {}}));
}

TEST_CASE("write_slot holds the horizon in years as whole months", "[analysis][batch]") {
    Case c;
    write_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}, 2.5);
    CHECK(c.assumptions.months == 30);  // 12 x 2.5
    CHECK(read_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}) == 2.5);
    write_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}, 0.01);
    CHECK(c.assumptions.months == 1);  // at least one month
}
