#include <algorithm>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/percentiles.hpp"
#include "gpucost/analysis/random.hpp"

using namespace gpucost;

TEST_CASE("splitmix64 gives the reference sequence", "[analysis][random]") {
    // Seed 1234567: the first outputs of the reference C implementation (Vigna, splitmix64.c).
    SplitMix64 s(1234567);
    CHECK(s.next() == 6457827717110365317ULL);
    CHECK(s.next() == 3203168211198807973ULL);
    CHECK(s.next() == 9817491932198370423ULL);
}

TEST_CASE("xoshiro256** streams are fixed by seed and stream", "[analysis][random]") {
    Xoshiro256 a(1, 0);
    Xoshiro256 b(1, 0);
    Xoshiro256 c(1, 1);
    Xoshiro256 d(2, 0);
    int same_c = 0;
    int same_d = 0;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        CHECK(x == b.next());
        same_c += x == c.next() ? 1 : 0;
        same_d += x == d.next() ? 1 : 0;
    }
    CHECK(same_c == 0);
    CHECK(same_d == 0);
    // uniform() is in [0, 1).
    Xoshiro256 u(7, 3);
    for (int i = 0; i < 10000; ++i) {
        const double v = u.uniform();
        REQUIRE(v >= 0.0);
        REQUIRE(v < 1.0);
    }
}

TEST_CASE("portable_log agrees with std::log to 2 ulp", "[analysis][random]") {
    for (const double x : {1e-300, 1e-10, 0.001, 0.1, 0.5, 0.70710678, 0.9999999, 1.0, 1.0000001, 2.0, 3.0, 10.0,
                           12345.678, 1e10, 1e300}) {
        const double want = std::log(x);
        const double got = portable_log(x);
        CHECK(std::fabs(got - want) <= 2.0 * std::fabs(std::nextafter(want, 2.0 * want + 1.0) - want) + 1e-300);
    }
    CHECK(portable_log(1.0) == 0.0);
}

TEST_CASE("triangular_quantile inverts the triangular CDF", "[analysis][random]") {
    // low 0, mode 2, high 10: F(2) = 2 / 10 = 0.2; F(x) = x^2 / 20 below the mode, so F^-1(0.05) = sqrt(1) = 1;
    // above it F(x) = 1 - (10 - x)^2 / 80, so F^-1(0.9) = 10 - sqrt(8).
    CHECK(triangular_quantile(0, 2, 10, 0.0) == 0.0);
    CHECK(triangular_quantile(0, 2, 10, 0.05) == Approx(1.0));
    CHECK(triangular_quantile(0, 2, 10, 0.2) == Approx(2.0));
    CHECK(triangular_quantile(0, 2, 10, 0.9) == Approx(10.0 - std::sqrt(8.0)));
    CHECK(triangular_quantile(0, 2, 10, 1.0) == 10.0);
    CHECK(triangular_quantile(5, 5, 5, 0.3) == 5.0);
}

namespace {

std::vector<double> draws_of(const RangedInput& in, int n, std::uint64_t seed) {
    Xoshiro256 rng(seed, 0);
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(draw(in, rng));
    std::sort(v.begin(), v.end());
    return v;
}

}  // namespace

TEST_CASE("draws follow their shape's quantiles", "[analysis][random]") {
    constexpr int n = 200'000;
    SECTION("uniform on [10, 20]: p10 = 11, p90 = 19") {
        const auto v = draws_of({Slot{}, 10, 15, 20, RangeDist::uniform}, n, 42);
        CHECK(quantile_of_sorted(v, 0.10) == Approx(11.0).margin(0.05));
        CHECK(quantile_of_sorted(v, 0.90) == Approx(19.0).margin(0.05));
        CHECK(v.front() >= 10.0);
        CHECK(v.back() < 20.0);
    }
    SECTION("symmetric triangular on [0, 10]: p50 = the mode 5; p10 = sqrt(0.1 * 10 * 5) = sqrt(5)") {
        const auto v = draws_of({Slot{}, 0, 5, 10, RangeDist::triangular}, n, 43);
        CHECK(quantile_of_sorted(v, 0.50) == Approx(5.0).margin(0.03));
        CHECK(quantile_of_sorted(v, 0.10) == Approx(std::sqrt(5.0)).margin(0.03));
    }
    SECTION("PERT on [0, 6] with mode 1: mean (0 + 4 * 1 + 6) / 6 = 10/6, inside [0, 6]") {
        const auto v = draws_of({Slot{}, 0, 1, 6, RangeDist::pert}, n, 44);
        double sum = 0;
        for (const double x : v) sum += x;
        CHECK(sum / n == Approx(10.0 / 6.0).margin(0.01));
        CHECK(v.front() >= 0.0);
        CHECK(v.back() <= 6.0);
        // Beta(a = 1 + 4/6 = 5/3, b = 1 + 20/6 = 13/3): variance ab / ((a+b)^2 (a+b+1)) = (65/9) / (36 * 7) scaled
        // by 6^2: 65 * 36 / (9 * 252) = 1.0317.
        double ss = 0;
        for (const double x : v) ss += (x - 10.0 / 6.0) * (x - 10.0 / 6.0);
        CHECK(ss / n == Approx(65.0 * 36.0 / (9.0 * 252.0)).epsilon(0.02));
    }
    SECTION("a range with low == high is its value") {
        const auto v = draws_of({Slot{}, 3, 3, 3, RangeDist::pert}, 10, 45);
        CHECK(v.front() == 3.0);
        CHECK(v.back() == 3.0);
    }
}

TEST_CASE("draws of a seed are the same every run", "[analysis][random]") {
    // The first three triangular draws on [0, 5, 10] with seed 1, stream 0: fixed forever (a change here changes
    // every simulation's output).
    Xoshiro256 rng(1, 0);
    const RangedInput in{Slot{}, 0, 5, 10, RangeDist::triangular};
    const double a = draw(in, rng);
    const double b = draw(in, rng);
    Xoshiro256 again(1, 0);
    CHECK(draw(in, again) == a);
    CHECK(draw(in, again) == b);
}

TEST_CASE("draw_block gives each input what draw() gives from its own stream", "[analysis][random]") {
    // Three inputs of one uniform a draw (so one is left without a partner), a PERT range (many uniforms a draw) and
    // a point range (none) between them: draw_block pairs some streams up, and must still give each input exactly
    // the draws of its stream, taken one at a time.
    const std::vector<RangedInput> inputs = {
        {Slot{}, 0, 5, 10, RangeDist::triangular, 3},    {Slot{}, 2, 3, 9, RangeDist::pert, 8},
        {Slot{}, -1, 0, 1, RangeDist::uniform, 5},       {Slot{}, 4, 4, 4, RangeDist::triangular, 6},
        {Slot{}, 1, 1.5, 100, RangeDist::triangular, 7},
    };
    const std::size_t count = 1001;
    const std::uint64_t seed = 42;
    const std::uint64_t block = 9;
    std::vector<double> columns(inputs.size() * count);
    draw_block(inputs, seed, block, columns.data(), count, count);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        Xoshiro256 rng(seed, (block << 32) | inputs[i].stream);
        for (std::size_t d = 0; d < count; ++d) {
            INFO("input " << i << ", draw " << d);
            REQUIRE(columns[i * count + d] == draw(inputs[i], rng));
        }
    }
}
