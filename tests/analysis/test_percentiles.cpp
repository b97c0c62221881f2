#include <algorithm>
#include <array>
#include <span>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/percentiles.hpp"
#include "gpucost/analysis/random.hpp"

using namespace gpucost;

TEST_CASE("quantile_of_sorted interpolates as NumPy's linear method", "[analysis][percentiles]") {
    // numpy.percentile([1, 2, 3, 4], [5, 10, 50, 90, 95]): h = 3q -> 1.15, 1.3, 2.5, 3.7, 3.85.
    const std::vector<double> v = {1, 2, 3, 4};
    CHECK(quantile_of_sorted(v, 0.05) == Approx(1.15));
    CHECK(quantile_of_sorted(v, 0.10) == Approx(1.3));
    CHECK(quantile_of_sorted(v, 0.50) == 2.5);
    CHECK(quantile_of_sorted(v, 0.90) == Approx(3.7));
    CHECK(quantile_of_sorted(v, 0.95) == Approx(3.85));
    const std::vector<double> one = {7};
    CHECK(quantile_of_sorted(one, 0.95) == 7.0);
}

TEST_CASE("summarize equals sorting, without moving the values", "[analysis][percentiles]") {
    for (const std::size_t n : {1u, 2u, 3u, 10u, 1000u, 1027u, 100'000u}) {  // 1027: two batches of 512 and 3
        Xoshiro256 rng(n, 0);
        std::vector<double> v;
        for (std::size_t i = 0; i < n; ++i) {
            const double u = rng.uniform();
            v.push_back(i % 7 == 0 ? 1e6 * u * u : u);  // a long tail crowds most values into few buckets
        }
        const std::vector<double> before = v;
        const Summary s = summarize(v);
        CHECK(v == before);
        std::vector<double> sorted = v;
        std::sort(sorted.begin(), sorted.end());
        for (std::size_t q = 0; q < k_quantiles.size(); ++q)
            CHECK(s.quantiles[q] == quantile_of_sorted(sorted, k_quantiles[q]));
        // The documented order: value i into lane i mod 4, then (lane 0 + lane 1) + (lane 2 + lane 3).
        std::array<double, 4> lanes{};
        for (std::size_t i = 0; i < n; ++i) lanes[i % 4] += v[i];
        CHECK(s.mean == ((lanes[0] + lanes[1]) + (lanes[2] + lanes[3])) / static_cast<double>(n));
        CHECK(s.count == n);
    }
    const std::vector<double> equal(50, 2.5);
    CHECK(summarize(equal).quantiles[0] == 2.5);
    CHECK(summarize(std::vector<double>{}).count == 0);
}

TEST_CASE("summarize from bucket counts made ahead equals summarize", "[analysis][percentiles]") {
    // Counts bounded by a small sample (most values lie beyond it, in the end buckets), added in uneven pieces and
    // from two counters, as simulate counts its blocks: the same figures, extra quantiles included, as counting in
    // summarize itself.
    Xoshiro256 rng(5, 1);
    std::vector<double> v;
    for (std::size_t i = 0; i < 50'001; ++i) v.push_back(rng.uniform() < 0.1 ? 1e5 * rng.uniform() : rng.uniform());
    const std::array<double, 2> extra_q = {0.005, 0.995};
    std::array<double, 2> want_extra{};
    const Summary want = summarize(v, extra_q, want_extra);
    for (const std::size_t sample : {std::size_t{2}, std::size_t{100}, v.size()}) {
        BucketCounts a(std::span<const double>(v.data() + 10, std::min(sample, v.size() - 10)));
        REQUIRE(a.spans());
        BucketCounts b = a;
        a.add(std::span<const double>(v.data(), 777));
        b.add(std::span<const double>(v.data() + 777, v.size() - 777));
        a.add(b);
        std::size_t counted = 0;
        for (const std::size_t c : a.counts()) counted += c;
        REQUIRE(counted == v.size());  // so the summary below reads these counts instead of counting again
        std::array<double, 2> got_extra{};
        const Summary got = summarize(v, a, extra_q, got_extra);
        CHECK(got.quantiles == want.quantiles);
        CHECK(got.mean == want.mean);
        CHECK(got.count == want.count);
        CHECK(got_extra == want_extra);
    }
    SECTION("counts that do not cover the values are made again") {
        BucketCounts partial(std::span<const double>(v.data(), 100));
        partial.add(std::span<const double>(v.data(), 100));
        CHECK(summarize(v, partial, {}, {}).quantiles == want.quantiles);
        const BucketCounts point(std::span<const double>(v.data(), 1));
        CHECK_FALSE(point.spans());
        CHECK(summarize(v, point, {}, {}).mean == want.mean);
    }
}
