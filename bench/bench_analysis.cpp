// Analysis benchmarks: the compute of a 169 x 10 sweep, a tornado over 30 inputs, a million-draw simulation of six
// triangular inputs (one and two threads), one with a PERT input, and one batch draw against evaluate(), all in
// process, for docs/performance.md.
#include <array>

#include <benchmark/benchmark.h>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/one_at_a_time.hpp"
#include "gpucost/analysis/simulate.hpp"
#include "h100_fixture.hpp"

namespace {

using namespace gpucost;

// The engine benchmarks' comparison (h100_fixture.hpp) at a 5 % discount rate, with a residual value of 0.1 and
// no storage or egress, as these benchmarks have always measured it.
Case h100_case() {
    Case c;
    c.build = bench::h100_build();
    c.cloud = bench::h100_offer();
    c.assumptions = bench::defaults(0.05);
    c.assumptions.residual_value = 0.1;
    c.assumptions.cloud_storage_usd_per_month = 0.0;
    c.assumptions.cloud_egress_usd_per_month = 0.0;
    return c;
}

Slot assumption(AssumptionKey key) { return {SlotKind::assumption, key}; }

void BM_sweep_169x10(benchmark::State& state) {
    const std::vector<SweepAxis> axes = {{assumption(AssumptionKey::hours_per_week), grid_values(0, 168, 1)},
                                         {assumption(AssumptionKey::horizon_months), grid_values(1, 5.5, 0.5)}};
    for (auto _ : state) benchmark::DoNotOptimize(sweep(h100_case(), axes));
    state.SetItemsProcessed(state.iterations() * 1690);
}
BENCHMARK(BM_sweep_169x10)->Unit(benchmark::kMillisecond);

void BM_tornado_30(benchmark::State& state) {
    std::vector<RangedInput> inputs;
    const std::vector<Slot> slots = {
        {SlotKind::gpu_price_usd, {}},
        {SlotKind::gpu_tdp_w, {}},
        {SlotKind::gpu_idle_w, {}},
        {SlotKind::base_price_usd, {}},
        {SlotKind::base_load_w, {}},
        {SlotKind::base_idle_w, {}},
        {SlotKind::setup_usd, {}},
        {SlotKind::usd_per_hour, {}},
        assumption(AssumptionKey::hours_per_week),
        assumption(AssumptionKey::electricity_usd_per_kwh),
        assumption(AssumptionKey::pue),
        assumption(AssumptionKey::staff_salary_usd),
        assumption(AssumptionKey::staff_fte_build),
        assumption(AssumptionKey::staff_fte_cloud),
        assumption(AssumptionKey::maintenance_rate),
    };
    const Case base = h100_case();
    for (std::size_t i = 0; i < 30; ++i) {  // 15 inputs, each twice (a narrow and a wide range)
        const Slot s = slots[i % slots.size()];
        const double point = read_slot(base, s);
        const double spread = i < slots.size() ? 0.1 : 0.3;
        inputs.push_back({s, point * (1 - spread), point, point * (1 + spread) + 1.0, RangeDist::triangular,
                          static_cast<std::uint32_t>(i)});
    }
    for (auto _ : state) benchmark::DoNotOptimize(tornado(base, inputs));
    state.SetItemsProcessed(state.iterations() * 60);
}
BENCHMARK(BM_tornado_30)->Unit(benchmark::kMillisecond);

void BM_simulate_1M_six_inputs(benchmark::State& state) {
    const std::vector<RangedInput> inputs = {
        {{SlotKind::gpu_price_usd, {}}, 20000, 25000, 32000, RangeDist::triangular, 0},
        {assumption(AssumptionKey::electricity_usd_per_kwh), 0.08, 0.17, 0.3, RangeDist::triangular, 1},
        {assumption(AssumptionKey::hours_per_week), 20, 40, 100, RangeDist::triangular, 2},
        {assumption(AssumptionKey::staff_fte_build), 0.02, 0.1, 0.25, RangeDist::triangular, 3},
        {assumption(AssumptionKey::maintenance_rate), 0.02, 0.05, 0.1, RangeDist::triangular, 4},
        {{SlotKind::usd_per_hour, {}}, 60, 98.32, 110, RangeDist::uniform, 5},
    };
    const SimulationOptions options{1'000'000, 1, static_cast<unsigned>(state.range(0))};
    for (auto _ : state) benchmark::DoNotOptimize(simulate(h100_case(), inputs, options));
    state.SetItemsProcessed(state.iterations() * 1'000'000);
}
BENCHMARK(BM_simulate_1M_six_inputs)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond)->UseRealTime();

// The same with one input PERT (a Beta from two Gamma draws by rejection: the costliest shape to draw).
void BM_simulate_1M_one_pert(benchmark::State& state) {
    const std::vector<RangedInput> inputs = {
        {{SlotKind::gpu_price_usd, {}}, 20000, 25000, 32000, RangeDist::triangular, 0},
        {assumption(AssumptionKey::staff_fte_build), 0.02, 0.1, 0.25, RangeDist::pert, 3},
    };
    const SimulationOptions options{1'000'000, 1, 1};
    for (auto _ : state) benchmark::DoNotOptimize(simulate(h100_case(), inputs, options));
    state.SetItemsProcessed(state.iterations() * 1'000'000);
}
BENCHMARK(BM_simulate_1M_one_pert)->Unit(benchmark::kMillisecond);

}  // namespace

namespace {

// One draw through the batch evaluator against one evaluate() of the same case (the engine benchmark's case at
// 5 %), two inputs varied: what the fast path saves per draw. Arg 1: model v2's terms on in the base case.
void BM_batch_draw(benchmark::State& state) {
    using namespace gpucost;
    Case c = h100_case();
    if (state.range(0) == 1) {
        c.assumptions.lead_time_months = 3;
        c.assumptions.cloud_price_change_per_year = -0.1;
        c.assumptions.resale = ResaleModel::curve;
        c.assumptions.resale_decline_per_year = 0.3;
        c.cloud.interim_usd_per_hour = 98.32;
    }
    const std::vector<Slot> slots = {{SlotKind::gpu_price_usd, {}}, assumption(AssumptionKey::hours_per_week)};
    const BatchEvaluator batch(c, slots);
    std::array<double, 2> values{25000.0, 40.0};
    for (auto _ : state) {
        values[1] = values[1] < 100.0 ? values[1] + 0.01 : 40.0;
        benchmark::DoNotOptimize(batch(values));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_batch_draw)->Arg(0)->Arg(1);

}  // namespace
