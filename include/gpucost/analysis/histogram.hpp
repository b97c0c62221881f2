// The histogram of a simulated figure (owning's saving): bins of one "nice" width over the central 99 % of the
// draws, with the draws outside counted apart. The rule, in full (docs/uncertainty.md):
//   - the span is [p0.5, p99.5] of the draws (NumPy's linear percentiles, as every other figure);
//   - the width is the smallest of 1, 2, 2.5 and 5 times a power of ten that is at least the span / 30, so there
//     are at most 31 bins; a span of zero takes the width for max(|p0.5|, 1) / 100;
//   - the first edge is the largest multiple of the width at or below p0.5, the last the first multiple above
//     p99.5; bin i holds the draws in [edge i, edge i + 1);
//   - draws below the first edge are the underflow, draws at or above the last edge the overflow.
// Only + - * / floor and ceil are used, all exact in IEEE 754, so the bins are the same on every platform.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace gpucost {

// The quantiles that bound the bins.
inline constexpr double k_histogram_low_quantile = 0.005;
inline constexpr double k_histogram_high_quantile = 0.995;
// The span is cut into at most this many widths (then rounded up to a nice width).
inline constexpr double k_histogram_bins_target = 30.0;

struct HistogramCounts {
    double low = 0.0;   // p0.5 of the draws
    double high = 0.0;  // p99.5
    double width = 0.0;
    std::vector<double> edges;          // bins + 1, ascending, edges[i] = edges[0] + i * width
    std::vector<std::uint64_t> counts;  // bins
    std::uint64_t underflow = 0;        // draws below edges.front()
    std::uint64_t overflow = 0;         // draws at or above edges.back()
};

// The smallest of 1, 2, 2.5, 5 x 10^k (k any whole number) at least `raw` (> 0, finite).
double nice_width(double raw) noexcept;

// The bins for draws whose p0.5 is `low` and p99.5 `high` (low <= high), every count zero.
HistogramCounts histogram_bins(double low, double high);

// Adds every value to its bin (or to the underflow or overflow).
void count_into(HistogramCounts& histogram, std::span<const double> values) noexcept;

}  // namespace gpucost
