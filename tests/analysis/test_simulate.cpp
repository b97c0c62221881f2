// Statistical checks of simulate() with fixed seeds: each tolerance is several standard errors at its draw count.
#include <algorithm>
#include <cmath>
#include <span>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/one_at_a_time.hpp"
#include "gpucost/analysis/random.hpp"
#include "gpucost/analysis/simulate.hpp"

using namespace gpucost;

namespace {

// One 4-GPU box against an on-demand offer, no discounting: every total is linear in the GPU price and in the
// cloud's hourly price.
Case box() {
    Case c;
    c.build.gpu_count = 4;
    c.build.gpu_price_usd = 2000;
    c.build.gpu_tdp_w = 450;
    c.build.gpu_idle_w = 30;
    c.build.base_price_usd = 4000;
    c.build.base_load_w = 300;
    c.build.base_idle_w = 80;
    c.cloud.gpus_per_instance = 4;
    c.cloud.usd_per_hour = 3.0;
    c.assumptions.hours_per_week = 40;
    c.assumptions.months = 36;
    c.assumptions.electricity_usd_per_kwh = 0.15;
    return c;
}

double build_total_at(Case c, Slot slot, double v) {
    write_slot(c, slot, v);
    return evaluate(c.build, c.cloud, c.assumptions).build.total_usd;
}

double saves_at(Case c, Slot slot, double v) {
    write_slot(c, slot, v);
    const Evaluation e = evaluate(c.build, c.cloud, c.assumptions);
    return e.cloud.total_usd - e.build.total_usd;
}

constexpr Slot k_gpu_price{SlotKind::gpu_price_usd, {}};
constexpr Slot k_cloud_price{SlotKind::usd_per_hour, {}};

}  // namespace

TEST_CASE("simulate: a symmetric triangular input's p50 is its mode", "[analysis][simulate]") {
    // Build total = 4 x price + the rest: its p50 is the total at the mode, 2,000 (the standard error of a median of
    // 100,000 triangular draws on [1000, 3000] is about 4 x 1.3 USD).
    const std::vector<RangedInput> in = {{k_gpu_price, 1000, 2000, 3000, RangeDist::triangular}};
    const SimulationResult r = simulate(box(), in, {100'000, 1, 2});
    CHECK(r.build_total_usd.quantiles[2] == Approx(build_total_at(box(), k_gpu_price, 2000)).margin(20));
    CHECK(r.build_total_usd.mean == Approx(build_total_at(box(), k_gpu_price, 2000)).margin(20));
    CHECK(r.cloud_total_usd.quantiles[0] == r.cloud_total_usd.quantiles[4]);  // the cloud side does not move
    CHECK(r.draws == 100'000);
}

TEST_CASE("simulate: a uniform input's p10 and p90", "[analysis][simulate]") {
    // Uniform on [1000, 3000]: p10 = 1200, p90 = 2800, so the build total's p10 and p90 are the totals there.
    const std::vector<RangedInput> in = {{k_gpu_price, 1000, 2000, 3000, RangeDist::uniform}};
    const SimulationResult r = simulate(box(), in, {100'000, 7, 2});
    CHECK(r.build_total_usd.quantiles[1] == Approx(build_total_at(box(), k_gpu_price, 1200)).margin(40));
    CHECK(r.build_total_usd.quantiles[3] == Approx(build_total_at(box(), k_gpu_price, 2800)).margin(40));
}

TEST_CASE("simulate: p_build_cheaper against the closed form", "[analysis][simulate]") {
    // Owning's saving is linear in the cloud's hourly price p: it is zero at p* (from two engine runs), so with p
    // uniform on [1, 6], P(build cheaper) = P(p > p*) = (6 - p*) / 5.
    const double s1 = saves_at(box(), k_cloud_price, 1.0);
    const double s6 = saves_at(box(), k_cloud_price, 6.0);
    const double p_star = 1.0 + 5.0 * (0.0 - s1) / (s6 - s1);
    REQUIRE(p_star > 1.0);
    REQUIRE(p_star < 6.0);
    const std::vector<RangedInput> in = {{k_cloud_price, 1, 3.5, 6, RangeDist::uniform}};
    const SimulationResult r = simulate(box(), in, {200'000, 3, 2});
    // Standard error sqrt(p (1 - p) / n) <= 0.0012 at 200,000 draws.
    CHECK(r.p_build_cheaper == Approx((6.0 - p_star) / 5.0).margin(0.005));
    CHECK(r.p_build_cheaper + r.p_cloud_cheaper == Approx(1.0));
    CHECK(r.owning_saves_usd.quantiles[2] == Approx(saves_at(box(), k_cloud_price, 3.5)).margin(50));
}

TEST_CASE("simulate: the same seed gives the same result at any thread count", "[analysis][simulate]") {
    const std::vector<RangedInput> in = {
        {k_gpu_price, 1000, 1800, 3000, RangeDist::pert},
        {k_cloud_price, 1, 3, 6, RangeDist::triangular},
        {{SlotKind::assumption, AssumptionKey::hours_per_week}, 10, 40, 80, RangeDist::uniform},
        {{SlotKind::assumption, AssumptionKey::discount_rate}, 0, 0.05, 0.1, RangeDist::triangular},
    };
    const SimulationResult one = simulate(box(), in, {50'000, 11, 1});
    for (const unsigned threads : {2u, 3u, 8u}) {
        const SimulationResult many = simulate(box(), in, {50'000, 11, threads});
        CHECK(many.owning_saves_usd.quantiles == one.owning_saves_usd.quantiles);
        CHECK(many.owning_saves_usd.mean == one.owning_saves_usd.mean);
        CHECK(many.break_even_hours.quantiles == one.break_even_hours.quantiles);
        CHECK(many.payback_month.quantiles == one.payback_month.quantiles);
        CHECK(many.payback_month_if_sold.quantiles == one.payback_month_if_sold.quantiles);
        CHECK(many.owning_saves_histogram.counts == one.owning_saves_histogram.counts);
        CHECK(many.p_build_cheaper == one.p_build_cheaper);
    }
    CHECK_FALSE(one.general_path);  // the discount rate varies: the batch evaluator's horizon path, not evaluate()
    const SimulationResult other_seed = simulate(box(), in, {50'000, 12, 2});
    CHECK(other_seed.owning_saves_usd.mean != one.owning_saves_usd.mean);
}

TEST_CASE("simulate: the fast path gives the same result at any thread count", "[analysis][simulate]") {
    Case c = box();
    c.assumptions.discount_rate = 0.05;
    c.assumptions.residual_value = 0.2;
    const std::vector<RangedInput> in = {
        {k_gpu_price, 1000, 1800, 3000, RangeDist::pert},
        {k_cloud_price, 1, 3, 6, RangeDist::triangular},
        {{SlotKind::assumption, AssumptionKey::hours_per_week}, 10, 40, 80, RangeDist::uniform},
    };
    const SimulationResult one = simulate(c, in, {70'000, 5, 1});
    REQUIRE_FALSE(one.general_path);
    for (const unsigned threads : {2u, 3u}) {
        const SimulationResult many = simulate(c, in, {70'000, 5, threads});
        CHECK(many.build_total_usd.quantiles == one.build_total_usd.quantiles);
        CHECK(many.owning_saves_usd.mean == one.owning_saves_usd.mean);
        CHECK(many.break_even_hours.quantiles == one.break_even_hours.quantiles);
        CHECK(many.break_even_share == one.break_even_share);
        CHECK(many.payback_month.quantiles == one.payback_month.quantiles);
        CHECK(many.payback_month_if_sold.quantiles == one.payback_month_if_sold.quantiles);
        CHECK(many.payback_if_sold_share == one.payback_if_sold_share);
        CHECK(many.owning_saves_histogram.counts == one.owning_saves_histogram.counts);
    }
}

namespace {

// Every figure of two simulations of the same draws, to the bit.
void check_same_figures(const SimulationResult& streamed, const SimulationResult& stored) {
    for (const auto& [got, want] : {std::pair{streamed.build_total_usd, stored.build_total_usd},
                                    std::pair{streamed.cloud_total_usd, stored.cloud_total_usd},
                                    std::pair{streamed.owning_saves_usd, stored.owning_saves_usd},
                                    std::pair{streamed.break_even_hours, stored.break_even_hours},
                                    std::pair{streamed.payback_month, stored.payback_month},
                                    std::pair{streamed.payback_month_if_sold, stored.payback_month_if_sold}}) {
        CHECK(got.quantiles == want.quantiles);
        CHECK(got.mean == want.mean);
        CHECK(got.count == want.count);
    }
    CHECK(streamed.owning_saves_histogram.edges == stored.owning_saves_histogram.edges);
    CHECK(streamed.owning_saves_histogram.counts == stored.owning_saves_histogram.counts);
    CHECK(streamed.owning_saves_histogram.underflow == stored.owning_saves_histogram.underflow);
    CHECK(streamed.owning_saves_histogram.overflow == stored.owning_saves_histogram.overflow);
    CHECK(streamed.p_build_cheaper == stored.p_build_cheaper);
    CHECK(streamed.p_cloud_cheaper == stored.p_cloud_cheaper);
    CHECK(streamed.break_even_share == stored.break_even_share);
    CHECK(streamed.payback_if_sold_share == stored.payback_if_sold_share);
}

}  // namespace

TEST_CASE("simulate: streamed draws give the stored path's figures to the bit", "[analysis][simulate]") {
    // Beyond max_stored the draws are made again pass by pass; with max_kept at 64 the buckets around each
    // percentile are split by a histogram pass (or two) before the draws in them are kept.
    Case c = box();
    c.assumptions.discount_rate = 0.05;
    c.assumptions.residual_value = 0.2;
    const std::vector<RangedInput> in = {
        {k_gpu_price, 1000, 1800, 3000, RangeDist::pert},
        {k_cloud_price, 1, 3, 6, RangeDist::triangular},
        {{SlotKind::assumption, AssumptionKey::hours_per_week}, 0, 40, 80, RangeDist::uniform},
    };
    const SimulationResult stored = simulate(c, in, {50'001, 7, 2});
    for (const std::size_t kept : {std::size_t{64}, std::size_t{1} << 24}) {
        SimulationOptions o{50'001, 7, 3};
        o.max_stored = 1000;
        o.max_kept = kept;
        const SimulationResult streamed = simulate(c, in, o);
        check_same_figures(streamed, stored);
        CHECK(streamed.break_even_hours.count > 0);
    }
}

TEST_CASE("simulate: draws stored in 2 MB pages give the streamed path's figures", "[analysis][simulate]") {
    // From 262,144 draws (2 MB a figure) the stored path maps its arrays for huge pages on Linux; 300,001 draws
    // (not a whole number of blocks or of pages) must still give what the streamed path, which stores nothing,
    // gives.
    Case c = box();
    c.assumptions.residual_value = 0.2;
    const std::vector<RangedInput> in = {
        {k_gpu_price, 1000, 1800, 3000, RangeDist::triangular},
        {k_cloud_price, 1, 3, 6, RangeDist::triangular},
    };
    const SimulationResult stored = simulate(c, in, {300'001, 11, 2});
    SimulationOptions o{300'001, 11, 2};
    o.max_stored = 1000;
    check_same_figures(simulate(c, in, o), stored);
    CHECK(stored.owning_saves_usd.count == 300'001);
}

TEST_CASE("simulate: a ranged horizon counts paybacks up to its longest draw", "[analysis][simulate]") {
    // Horizons of 1 to 6 years (12 to 72 months): paybacks beyond the base case's 36 months are counted too.
    const std::vector<RangedInput> in = {
        {{SlotKind::assumption, AssumptionKey::horizon_months}, 1, 3, 6, RangeDist::uniform},
        {k_cloud_price, 1, 2, 3, RangeDist::uniform},
    };
    const SimulationResult r = simulate(box(), in, {20'000, 9, 2});
    CHECK_FALSE(r.general_path);  // the horizon path
    REQUIRE(r.payback_month.count > 0);
    CHECK(r.payback_month.quantiles[4] > 36.0);
    CHECK(r.payback_month.quantiles[4] <= 72.0);
}

TEST_CASE("simulate: the paybacks and the histogram against the draws one by one", "[analysis][simulate]") {
    // The same draws evaluated one at a time by the engine: the shares, percentiles and bin counts must agree.
    Case c = box();
    c.assumptions.discount_rate = 0.05;
    c.assumptions.residual_value = 0.3;
    c.assumptions.useful_life_years = 3;
    const std::vector<RangedInput> in = {{k_cloud_price, 0.5, 2.5, 6, RangeDist::triangular}};
    const std::size_t n = 20'000;  // fewer than three blocks of 8,192
    const SimulationResult r = simulate(c, in, {n, 3, 2});
    std::vector<double> saves;
    std::vector<std::int32_t> cash;
    std::vector<std::int32_t> sold;
    for (std::size_t block = 0; block * k_draws_per_block < n; ++block) {
        const std::size_t count = std::min(k_draws_per_block, n - block * k_draws_per_block);
        Xoshiro256 rng(3, std::uint64_t{block} << 32);
        std::vector<double> prices(count);
        draw_column(in[0], rng, prices.data(), count);
        for (const double p : prices) {
            Case d = c;
            d.cloud.usd_per_hour = p;
            const Evaluation e = evaluate(d.build, d.cloud, d.assumptions);
            saves.push_back(e.cloud.total_usd - e.build.total_usd);
            if (e.payback_month) cash.push_back(*e.payback_month);
            if (e.payback_month_if_sold) sold.push_back(*e.payback_month_if_sold);
        }
    }
    CHECK(r.payback_share == Approx(static_cast<double>(cash.size()) / n).epsilon(1e-12));
    CHECK(r.payback_if_sold_share == Approx(static_cast<double>(sold.size()) / n).epsilon(1e-12));
    CHECK(r.payback_month.quantiles == summarize(std::span<const std::int32_t>(cash)).quantiles);
    CHECK(r.payback_month_if_sold.quantiles == summarize(std::span<const std::int32_t>(sold)).quantiles);
    CHECK(r.payback_if_sold_share > r.payback_share);  // the resale value brings the payback forward
    HistogramCounts h = histogram_bins(r.owning_saves_histogram.low, r.owning_saves_histogram.high);
    count_into(h, saves);
    CHECK(h.counts == r.owning_saves_histogram.counts);
    CHECK(h.underflow == r.owning_saves_histogram.underflow);
    CHECK(h.overflow == r.owning_saves_histogram.overflow);
    std::uint64_t total = h.underflow + h.overflow;
    for (const std::uint64_t k : h.counts) total += k;
    CHECK(total == n);
    // p0.5 and p99.5 leave about 100 draws on each side (0.5 % of 20,000), the ties at the edges aside.
    CHECK(h.underflow <= 100);
    CHECK(h.overflow <= 100);
}

TEST_CASE("tornado: each bar is two engine runs, sorted by swing", "[analysis][tornado]") {
    const std::vector<RangedInput> in = {
        {k_gpu_price, 1900, 2000, 2100, RangeDist::triangular},  // small swing
        {k_cloud_price, 0.5, 3, 10, RangeDist::triangular},      // large swing, and the verdict flips
    };
    const std::vector<TornadoBar> bars = tornado(box(), in);
    REQUIRE(bars.size() == 2);
    CHECK(bars[0].input == 1);
    CHECK(bars[0].saves_at_low_usd == saves_at(box(), k_cloud_price, 0.5));
    CHECK(bars[0].saves_at_high_usd == saves_at(box(), k_cloud_price, 10));
    CHECK(bars[0].swing_usd == std::fabs(bars[0].saves_at_high_usd - bars[0].saves_at_low_usd));
    CHECK(bars[0].flips);
    CHECK(bars[1].input == 0);
    CHECK(bars[1].saves_at_low_usd == saves_at(box(), k_gpu_price, 1900));
    CHECK_FALSE(bars[1].flips);
}

TEST_CASE("sweep: each cell is the engine at the grid point", "[analysis][sweep]") {
    const std::vector<SweepAxis> axes = {{k_cloud_price, grid_values(1, 3, 0.5)},
                                         {{SlotKind::assumption, AssumptionKey::hours_per_week}, {20, 80}}};
    const std::vector<SweepCell> cells = sweep(box(), axes);
    REQUIRE(cells.size() == 10);
    CHECK(cells[7].at == std::array<double, 2>{2.5, 80});
    Case c = box();
    c.cloud.usd_per_hour = 2.5;
    c.assumptions.hours_per_week = 80;
    const Evaluation e = evaluate(c.build, c.cloud, c.assumptions);
    CHECK(cells[7].build_total_usd == e.build.total_usd);
    CHECK(cells[7].owning_saves_usd == e.cloud.total_usd - e.build.total_usd);
    CHECK(cells[7].cheaper == e.cheaper);
}

TEST_CASE("grid_values: start, stop and step", "[analysis][sweep]") {
    CHECK(grid_values(0, 1, 0.25) == std::vector<double>{0, 0.25, 0.5, 0.75, 1});
    CHECK(grid_values(0, 1, 0.1).size() == 11);  // 0.1 steps reach 1 despite rounding
    CHECK(grid_values(0, 1, 0.1).back() == Approx(1.0));
    CHECK(grid_values(1, 0, 0.1).empty());
    CHECK(grid_values(0, 1, 0).empty());
    CHECK(grid_values(0, 1, -1).empty());
    CHECK(grid_values(NAN, 1, 1).empty());
}

TEST_CASE("grid_values: a last point past STOP by rounding alone is STOP (issue 21)", "[analysis][sweep]") {
    // 0.1 + 499 x 0.1 = 50.00000000000001 in doubles: 500 points, the last exactly 50 (years' upper bound).
    const std::vector<double> years = grid_values(0.1, 50, 0.1);
    REQUIRE(years.size() == 500);
    CHECK(years.back() == 50.0);
    CHECK(years[1] == 0.2);  // 0.1 + 1 x 0.1
    CHECK(*std::max_element(years.begin(), years.end()) == 50.0);
    CHECK(grid_values(0, 1, 0.1).back() == 1.0);  // 0 + 10 x 0.1 = 1 exactly: clamping changes nothing else
}
