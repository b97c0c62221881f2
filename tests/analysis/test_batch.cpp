// The batch evaluator against the engine, draw by draw: any change to evaluate() that the batch path does not
// follow fails here.
#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/random.hpp"
#include "gpucost/model/assumption_rules.hpp"

using namespace gpucost;

namespace {

double between(Xoshiro256& rng, double lo, double hi) { return lo + (hi - lo) * rng.uniform(); }

// A value of a numeric assumption anywhere in its valid range (the table's [min, max], open ends kept open); the
// horizon and the lead time as whole months.
double in_valid_range(Xoshiro256& rng, const AssumptionInfo& i) {
    double v = between(rng, i.min, i.max);
    if ((i.min_exclusive && v <= i.min) || (i.max_exclusive && v >= i.max)) v = (i.min + i.max) / 2.0;
    if (i.kind == AssumptionKind::whole_number) v = std::floor(v);
    return v;
}

// A value as held for any assumption: a choice among its words, a number over its valid range.
AssumptionValue random_value(Xoshiro256& rng, const AssumptionInfo& i) {
    switch (i.kind) {
        case AssumptionKind::pricing: return static_cast<Pricing>(rng.next() % k_pricing_count);
        case AssumptionKind::idle: return rng.next() % 2 == 0 ? IdlePolicy::always_on : IdlePolicy::off;
        case AssumptionKind::resale: return static_cast<ResaleModel>(rng.next() % 3);
        case AssumptionKind::downtime: return rng.next() % 2 == 0 ? DowntimePolicy::cover : DowntimePolicy::lost;
        // Annual discounting takes evaluate() (the general path); one case in eight keeps it exercised.
        case AssumptionKind::discounting:
            return rng.next() % 8 == 0 ? DiscountConvention::annual : DiscountConvention::monthly;
        case AssumptionKind::financing: return static_cast<Financing>(rng.next() % 3);
        case AssumptionKind::lease_end: return static_cast<LeaseEnd>(rng.next() % 3);
        case AssumptionKind::depreciation: return static_cast<Depreciation>(rng.next() % 3);
        case AssumptionKind::tax_timing: return rng.next() % 2 == 0 ? TaxTiming::month : TaxTiming::year_end;
        case AssumptionKind::years_in_months:
            return static_cast<double>(std::max(1, months_for_years(in_valid_range(rng, i))));
        case AssumptionKind::number:
        case AssumptionKind::whole_number: break;
    }
    return in_valid_range(rng, i);
}

// Every assumption of the table, each left at its code default (one case in three: the neutral values of model
// v2 are their own branches) or drawn over its valid range, so a key added to the table is drawn with no edit here.
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
    // Financing and tax (issue 24) send a case down the general path: drawn in one case in eight, so the fast paths
    // stay exercised.
    const bool finance = rng.next() % 8 == 0;
    for (const AssumptionInfo& i : assumption_infos()) {
        const bool keep = rng.next() % 3 == 0 || (i.key >= AssumptionKey::financing && !finance);
        set_value(c.assumptions, i.key, keep ? i.default_value : random_value(rng, i));
    }
    Assumptions& a = c.assumptions;
    a.lead_time_months %= a.months;  // the machine arrives within the horizon (the report refuses otherwise)
    if (rng.next() % 2 == 0) c.cloud.storage_usd_per_tb_month = between(rng, 0, 30);
    c.cloud.interim_usd_per_hour = c.cloud.usd_per_hour * between(rng, 1, 2);
    c.cloud.interim_pricing = rng.next() % 2 == 0 ? Pricing::on_demand : a.pricing;
    // The downtime cover's rental for the whole build (issue 20); 0 in one case in four (nothing to cover with).
    c.cloud.backup_usd_per_hour = rng.next() % 4 == 0 ? 0.0 : between(rng, 0.2, 800);
    return c;
}

// Every slot with a range for it: the build and offer fields over plausible values, every numeric assumption of
// the table over a random stretch of its valid range.
struct SlotRange {
    Slot slot;
    double low;
    double high;
};

std::vector<SlotRange> all_slot_ranges(Xoshiro256& rng) {
    std::vector<SlotRange> ranges = {
        {{SlotKind::gpu_price_usd, {}}, 500, 40000}, {{SlotKind::gpu_tdp_w, {}}, 100, 1000},
        {{SlotKind::gpu_idle_w, {}}, 0, 100},        {{SlotKind::base_price_usd, {}}, 0, 50000},
        {{SlotKind::base_load_w, {}}, 0, 3000},      {{SlotKind::base_idle_w, {}}, 0, 300},
        {{SlotKind::setup_usd, {}}, 0, 5000},        {{SlotKind::usd_per_hour, {}}, 0.2, 100}};
    for (const AssumptionInfo& i : assumption_infos()) {
        if (is_choice(i.kind)) continue;
        const double x = in_valid_range(rng, i);
        const double y = in_valid_range(rng, i);
        ranges.push_back({{SlotKind::assumption, i.key}, std::min(x, y), std::max(x, y)});
    }
    return ranges;
}

// The longest horizon a draw can have: the table's largest number of years.
constexpr int k_longest_months = 600;

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
    int fast_sets = 0;
    int horizon_sets = 0;  // a ranged input moves the weights (discount rate, horizon, lead time, a trend)
    int fast_v2_sets = 0;  // the fast path with model v2's terms (lead time, trends, resale curve) in the base
    int unread_sets = 0;   // the fast path with a ranged finance term the base case does not read (a loan's, say)
    for (std::uint64_t set = 0; set < 300; ++set) {
        Xoshiro256 rng(2026, set);
        Case base = random_case(rng);
        const std::vector<SlotRange> slots = all_slot_ranges(rng);
        // A random subset of 1 to 8 slots; two sets in three keep to the fast path (which year-end discounting
        // leaves for evaluate(): those sets discount monthly).
        const bool fast_only = set % 3 != 0;
        if (fast_only) base.assumptions.discounting = DiscountConvention::monthly;
        if (fast_only) base.assumptions.financing = Financing::cash;  // and without financing or tax (issue 24)
        if (fast_only) base.assumptions.tax_rate = 0.0;
        // A finance term the base case does not read (no loan, lease or tax) keeps the fast path.
        const auto unread = [&](const Slot& slot) {
            return slot.kind == SlotKind::assumption && !finance_assumption_read(slot.key, base.assumptions);
        };
        std::vector<SlotRange> chosen;
        const std::size_t want = 1 + rng.next() % 8;
        while (chosen.size() < want) {
            const SlotRange& s = slots[rng.next() % slots.size()];
            if (fast_only && needs_general_path(s.slot) && !unread(s.slot)) continue;
            if (std::find_if(chosen.begin(), chosen.end(), [&](const SlotRange& c) { return c.slot == s.slot; }) ==
                chosen.end())
                chosen.push_back(s);
        }
        std::vector<Slot> chosen_slots;
        for (const SlotRange& s : chosen) chosen_slots.push_back(s.slot);
        const BatchEvaluator batch(base, chosen_slots);
        if (fast_only) REQUIRE_FALSE(batch.general());
        fast_sets += batch.general() ? 0 : 1;
        horizon_sets +=
            std::any_of(chosen.begin(), chosen.end(), [](const SlotRange& s) { return moves_weights(s.slot); }) ? 1 : 0;
        fast_v2_sets += !batch.general() && uses_model_v2_terms(base.assumptions) ? 1 : 0;
        unread_sets += !batch.general() && std::any_of(chosen.begin(), chosen.end(),
                                                       [&](const SlotRange& s) { return unread(s.slot); })
                           ? 1
                           : 0;
        // The block path (run(), in chunks of 64) against the one-draw path, to the bit: 150 draws, three chunks.
        std::vector<std::vector<double>> columns(chosen.size());
        for (std::size_t i = 0; i < chosen.size(); ++i)
            for (int d = 0; d < 150; ++d) columns[i].push_back(between(rng, chosen[i].low, chosen[i].high));
        // Payback months go up to the longest horizon drawn: the base's, or the table's longest when it is ranged.
        check_block(batch, columns, k_longest_months);
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
    CHECK(horizon_sets >= 60);
    CHECK(fast_v2_sets >= 60);
    CHECK(unread_sets >= 30);
}

TEST_CASE("needs_general_path and moves_weights: which path a ranged input takes", "[analysis][batch]") {
    // Every numeric assumption of the table before issue 24 and every build and offer field has a fast path.
    // Financing and tax's numbers (issue 24) are the exception: they take evaluate().
    for (const AssumptionInfo& i : assumption_infos())
        if (!is_choice(i.kind))
            CHECK(needs_general_path({SlotKind::assumption, i.key}) == (i.key >= AssumptionKey::financing));
    CHECK_FALSE(needs_general_path({SlotKind::gpu_price_usd, {}}));
    // The weights' own inputs take the horizon path; the others do not.
    CHECK(moves_weights({SlotKind::assumption, AssumptionKey::discount_rate}));
    CHECK(moves_weights({SlotKind::assumption, AssumptionKey::horizon_months}));
    CHECK(moves_weights({SlotKind::assumption, AssumptionKey::lead_time_months}));
    CHECK(moves_weights({SlotKind::assumption, AssumptionKey::cloud_price_change_per_year}));
    CHECK(moves_weights({SlotKind::assumption, AssumptionKey::electricity_price_change_per_year}));
    CHECK_FALSE(moves_weights({SlotKind::assumption, AssumptionKey::residual_value}));
    CHECK_FALSE(moves_weights({SlotKind::assumption, AssumptionKey::hours_per_week}));
    CHECK_FALSE(moves_weights({SlotKind::gpu_price_usd, {}}));
}

TEST_CASE("a ranged finance term the base case does not read keeps the fast path", "[analysis][batch]") {
    // The shipped catalogue ranges loan_rate, so every `simulate` of it has the slot: without a loan it is read by
    // no draw and must not send the comparison to evaluate() per draw (12x slower at 600 months than at 36).
    Xoshiro256 rng(7, 0);
    Case base = random_case(rng);
    base.assumptions.discounting = DiscountConvention::monthly;
    base.assumptions.financing = Financing::cash;
    base.assumptions.tax_rate = 0.0;
    const Slot loan_rate{SlotKind::assumption, AssumptionKey::loan_rate};
    const Slot depreciation_life{SlotKind::assumption, AssumptionKey::tax_life_years};
    const Slot tax_rate{SlotKind::assumption, AssumptionKey::tax_rate};
    CHECK_FALSE(BatchEvaluator(base, std::vector<Slot>{loan_rate, depreciation_life}).general());
    CHECK(BatchEvaluator(base, std::vector<Slot>{tax_rate}).general());  // a draw may tax: every term is read
    base.assumptions.financing = Financing::loan;
    CHECK(BatchEvaluator(base, std::vector<Slot>{loan_rate}).general());
}

TEST_CASE("write_slot holds the horizon in years as whole months", "[analysis][batch]") {
    Case c;
    write_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}, 2.5);
    CHECK(c.assumptions.months == 30);  // 12 x 2.5
    CHECK(read_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}) == 2.5);
    write_slot(c, {SlotKind::assumption, AssumptionKey::horizon_months}, 0.01);
    CHECK(c.assumptions.months == 1);  // at least one month
}
