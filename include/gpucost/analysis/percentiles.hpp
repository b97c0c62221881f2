// Percentiles as NumPy computes them by default ("linear": at rank h = (n - 1) q, between the order statistics
// floor(h) and floor(h) + 1), and the mean, of many draws, in linear time and without sorting or moving them.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace gpucost {

// The quantiles every simulation reports, as fractions.
inline constexpr std::array<double, 5> k_quantiles = {0.05, 0.10, 0.50, 0.90, 0.95};

// Percentiles and mean of a set of values.
struct Summary {
    std::array<double, k_quantiles.size()> quantiles{};  // p5, p10, p50, p90, p95
    double mean = 0.0;
    std::size_t count = 0;  // how many values were summarised
};

// The order statistics each quantile reads: for quantile q of n values, ranks floor(h) and min(floor(h) + 1, n - 1)
// with h = (n - 1) q, two per quantile in the order of `qs` (n >= 1).
std::vector<std::size_t> quantile_ranks(std::size_t n, std::span<const double> qs);
// Quantile q of n values from its two order statistics (quantile_ranks), interpolated as NumPy's "linear".
double quantile_between(std::size_t n, double q, double at_floor, double above) noexcept;

// The linear-interpolation quantile of values already sorted ascending (the reference the tests use).
double quantile_of_sorted(std::span<const double> sorted, double q) noexcept;

// The summary of `values` (finite; empty gives zeros and count 0). Exact: the same order statistics as sorting,
// found by bucketing between min and max and selecting inside the few buckets that hold them. The mean is summed
// in a fixed order (four interleaved lanes by index, then pairwise), so it depends only on the values and their
// order.
Summary summarize(std::span<const double> values);
// The same for whole numbers.
Summary summarize(std::span<const std::int32_t> values);
// The summary, and also the quantiles `extra_quantiles` into `extra_out` (the same size), in one selection.
Summary summarize(std::span<const double> values, std::span<const double> extra_quantiles, std::span<double> extra_out);
// How many of a set of values fall in each of summarize()'s buckets, between bounds fixed ahead from a sample: the
// first of summarize()'s two passes, made apart so that values can be counted while they are in cache (simulate
// counts each block's as it is drawn) and summarised later in one pass. Exact whatever the sample: values beyond
// its bounds are counted in the end buckets.
class BucketCounts {
public:
    // Buckets spanning the sample's values; usable (spans()) when the sample holds two different values or more.
    explicit BucketCounts(std::span<const double> sample);
    bool spans() const noexcept { return m_scale > 0.0; }
    void add(std::span<const double> values) noexcept;
    void add(const BucketCounts& other) noexcept;  // counts made with the same bounds (a copy of this one's)
    double low() const noexcept { return m_low; }
    double scale() const noexcept { return m_scale; }
    const std::vector<std::size_t>& counts() const noexcept { return m_counts; }

private:
    double m_low = 0.0;
    double m_scale = 0.0;
    std::vector<std::size_t> m_counts;
};
// summarize(values, extra_quantiles, extra_out) whose first pass is done: `counts` counted each of `values` once
// (when it did not, or does not span, the values are counted again).
Summary summarize(std::span<const double> values, const BucketCounts& counts, std::span<const double> extra_quantiles,
                  std::span<double> extra_out);

// The summary of whole numbers 1..counts.size() - 1 given by how many values equal each (counts[v]; counts[0], the
// values without one, left out): the same figures as summarize() of the values themselves, in time linear in the
// counts (payback months, counted as they are drawn instead of stored).
Summary summarize_counts(std::span<const std::uint64_t> counts);

}  // namespace gpucost
