#include <algorithm>
#include <array>
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
