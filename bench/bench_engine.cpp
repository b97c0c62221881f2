// Engine benchmarks: full evaluations of one build against one cloud offer, and the solvers inside them.
// Each loop walks a table of slightly different scenarios so that nothing can be hoisted out of it.
#include <array>
#include <cstddef>

#include <benchmark/benchmark.h>

#include "gpucost/engine/cost_model.hpp"
#include "h100_fixture.hpp"

namespace {

constexpr std::size_t k_variants = 256;  // a power of two: the index wraps with a mask

using gpucost::bench::defaults;
using gpucost::bench::h100_build;
using gpucost::bench::h100_offer;

// Hours per week 40.00, 40.01, ... and electricity varied too, so every call differs.
std::array<gpucost::Assumptions, k_variants> variants(const gpucost::Assumptions& base) {
    std::array<gpucost::Assumptions, k_variants> out{};
    for (std::size_t i = 0; i < k_variants; ++i) {
        out[i] = base;
        out[i].hours_per_week += 0.01 * static_cast<double>(i);
        out[i].electricity_usd_per_kwh += 0.0001 * static_cast<double>(i % 16);
    }
    return out;
}

void run_evaluate(benchmark::State& state, const gpucost::BuildSpec& build, const gpucost::CloudSpec& cloud,
                  const std::array<gpucost::Assumptions, k_variants>& as) {
    std::size_t i = 0;
    for (auto _ : state) {
        gpucost::Evaluation e = gpucost::evaluate(build, cloud, as[i++ & (k_variants - 1)]);
        benchmark::DoNotOptimize(e);
    }
    state.SetItemsProcessed(state.iterations());
}

// The whole comparison: both sides, per-GPU-hour figures, break-even and payback. Arg: discount rate in percent
// (0 is the shipped default and takes no logarithms; 5 exercises the discounting paths).
void BM_evaluate(benchmark::State& state) {
    const auto as = variants(defaults(static_cast<double>(state.range(0)) / 100.0));
    run_evaluate(state, h100_build(), h100_offer(), as);
}
BENCHMARK(BM_evaluate)->Arg(0)->Arg(5);

// The same at spot pricing with idle machines switched off (the other branches of the monthly costs).
void BM_evaluate_spot_idle_off(benchmark::State& state) {
    auto base = defaults(0.05);
    base.pricing = gpucost::Pricing::spot;
    base.spot_overhead = 0.1;
    base.idle = gpucost::IdlePolicy::off;
    const auto as = variants(base);
    run_evaluate(state, h100_build(), gpucost::CloudSpec{8, 39.0}, as);
}
BENCHMARK(BM_evaluate_spot_idle_off);

// Build total minus cloud total at one hours-per-week: the function the break-even solver evaluates at both
// ends of [0, 168] (the crossing is then one division).
void BM_total_difference_usd(benchmark::State& state) {
    const auto as = variants(defaults(static_cast<double>(state.range(0)) / 100.0));
    const gpucost::BuildSpec build = h100_build();
    const gpucost::CloudSpec cloud = h100_offer();
    std::size_t i = 0;
    for (auto _ : state) {
        const gpucost::Assumptions& a = as[i++ & (k_variants - 1)];
        benchmark::DoNotOptimize(gpucost::total_difference_usd(build, cloud, a, a.hours_per_week));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_total_difference_usd)->Arg(0)->Arg(5);

// The payback solver's worst case: a 600-month horizon (the longest --months allows) whose payback falls near
// month 590, so its closed-form guess and the checks around it work at the far end. Arg: discount rate, percent.
void BM_evaluate_payback_late(benchmark::State& state) {
    auto base = defaults(static_cast<double>(state.range(0)) / 100.0);
    base.months = 600;
    const gpucost::BuildSpec build = h100_build();
    // Choose the hourly price that makes cumulative cloud spend catch up with the build at month 590:
    // cloud_monthly - build_monthly = upfront / A(590).
    const gpucost::MonthlyCosts unit = gpucost::monthly_costs(build, gpucost::CloudSpec{8, 1.0}, base);
    const double upfront = gpucost::hardware_usd(build) + build.setup_usd;
    const double gap = upfront / gpucost::annuity_factor(590, base.discount_rate);
    const double fixed_cloud = unit.cloud_usd() - unit.compute_usd;
    const gpucost::CloudSpec cloud{8, (unit.build_usd() + gap - fixed_cloud) / unit.compute_usd};
    std::array<gpucost::Assumptions, k_variants> as{};
    for (std::size_t i = 0; i < k_variants; ++i) {
        as[i] = base;
        as[i].electricity_usd_per_kwh += 1e-7 * static_cast<double>(i);  // payback stays at 589..591
    }
    const gpucost::Evaluation check = gpucost::evaluate(build, cloud, as[0]);
    if (!check.payback_month || *check.payback_month < 580) state.SkipWithError("payback is not near month 590");
    run_evaluate(state, build, cloud, as);
}
BENCHMARK(BM_evaluate_payback_late)->Arg(0)->Arg(5);

// Payback never reached and no break-even in range: the solvers' early exits.
void BM_evaluate_cloud_always_cheaper(benchmark::State& state) {
    const auto as = variants(defaults(0.05));
    run_evaluate(state, h100_build(), gpucost::CloudSpec{8, 1.0}, as);
}
BENCHMARK(BM_evaluate_cloud_always_cheaper);

}  // namespace

namespace {

// Model v2's terms all on: a 3-month lead time (interim cloud at on-demand), both price trends, the resale curve,
// 10 TB of storage and on-demand overhead. evaluate() then also walks the months for both paybacks.
void BM_evaluate_v2_all_terms(benchmark::State& state) {
    auto base = defaults(static_cast<double>(state.range(0)) / 100.0);
    base.lead_time_months = 3;
    base.cloud_price_change_per_year = -0.1;
    base.electricity_price_change_per_year = 0.03;
    base.resale = gpucost::ResaleModel::curve;
    base.resale_decline_per_year = 0.3;
    base.storage_tb = 10.0;
    base.cloud_storage_usd_per_tb_month = 20.0;
    base.on_demand_overhead = 0.1;
    gpucost::CloudSpec offer = h100_offer();
    offer.interim_usd_per_hour = 98.32;
    run_evaluate(state, h100_build(), offer, variants(base));
}
BENCHMARK(BM_evaluate_v2_all_terms)->Arg(0)->Arg(5);

}  // namespace
