// The histogram's bin rule (analysis/histogram.hpp), by hand.
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/analysis/histogram.hpp"
#include "gpucost/analysis/percentiles.hpp"

using namespace gpucost;

TEST_CASE("nice_width: the smallest of 1, 2, 2.5, 5 x 10^k at or above", "[analysis][histogram]") {
    CHECK(nice_width(1.0) == 1.0);
    CHECK(nice_width(1.2) == 2.0);
    CHECK(nice_width(2.1) == 2.5);
    CHECK(nice_width(3.0) == 5.0);
    CHECK(nice_width(6.0) == 10.0);
    CHECK(nice_width(1234.0) == 2000.0);
    CHECK(nice_width(2400.0) == 2500.0);
    CHECK(nice_width(0.03) == Approx(0.05).epsilon(1e-15));
}

TEST_CASE("histogram_bins: nice edges over p0.5..p99.5", "[analysis][histogram]") {
    // Span 10,000 - (-5,000) = 15,000; / 30 = 500, already nice. First edge floor(-5000 / 500) x 500 = -5,000;
    // bins ceil(15,000 / 500) = 30, edge 30 = 10,000 is not above p99.5, so 31 bins up to 10,500.
    const HistogramCounts h = histogram_bins(-5000.0, 10000.0);
    CHECK(h.width == 500.0);
    CHECK(h.edges.front() == -5000.0);
    CHECK(h.edges.back() == 10500.0);
    CHECK(h.counts.size() == 31);
    // Span 1,000 - 123 = 877; / 30 = 29.2 -> 50. First edge 100; ceil((1000 - 100) / 50) = 18 bins, edge 18 =
    // 1,000 not above p99.5: 19 bins, 100..1,050.
    const HistogramCounts g = histogram_bins(123.0, 1000.0);
    CHECK(g.width == 50.0);
    CHECK(g.edges.front() == 100.0);
    CHECK(g.edges.back() == 1050.0);
    CHECK(g.edges.size() == g.counts.size() + 1);
    // Every draw equal (no range applies): the width for max(|low|, 1) / 100 = 25, one bin [2,500, 2,525).
    const HistogramCounts one = histogram_bins(2500.0, 2500.0);
    CHECK(one.width == 25.0);
    CHECK(one.edges.back() == 2525.0);
    CHECK(one.counts.size() == 1);
    CHECK(one.edges.front() == 2500.0);
}

TEST_CASE("count_into: each value in its half-open bin, the rest under or over", "[analysis][histogram]") {
    HistogramCounts h = histogram_bins(0.0, 29.0);  // width 1, edges 0..30
    REQUIRE(h.width == 1.0);
    REQUIRE(h.counts.size() == 30);
    const std::vector<double> values = {-0.5, 0.0, 0.999, 1.0, 29.5, 30.0, 31.0};
    count_into(h, values);
    CHECK(h.underflow == 1);   // -0.5
    CHECK(h.counts[0] == 2);   // 0 and 0.999
    CHECK(h.counts[1] == 1);   // 1.0 opens bin 1
    CHECK(h.counts[29] == 1);  // 29.5
    CHECK(h.overflow == 2);    // 30 (the last edge) and 31
}

TEST_CASE("summarize_counts equals summarize of the values", "[analysis][percentiles]") {
    // Months 1..5 seen 3, 0, 1, 4, 2 times (and 7 draws without one): the values 1,1,1,3,4,4,4,4,5,5.
    const std::vector<std::uint64_t> counts = {7, 3, 0, 1, 4, 2};
    const std::vector<std::int32_t> values = {1, 1, 1, 3, 4, 4, 4, 4, 5, 5};
    const Summary want = summarize(std::span<const std::int32_t>(values));
    const Summary got = summarize_counts(counts);
    CHECK(got.count == 10);
    CHECK(got.quantiles == want.quantiles);
    CHECK(got.mean == want.mean);  // 32 / 10
    CHECK(got.mean == 3.2);
    CHECK(summarize_counts(std::vector<std::uint64_t>{5, 0, 0}).count == 0);
}
