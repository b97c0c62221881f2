#include "gpucost/analysis/histogram.hpp"

#include <algorithm>
#include <cmath>

namespace gpucost {

double nice_width(double raw) noexcept {
    // The power of ten at or below raw, by exact multiplications (up to 1e22) and correctly rounded divisions.
    double power = 1.0;
    while (power * 10.0 <= raw) power *= 10.0;
    while (power > raw) power /= 10.0;
    for (const double m : {1.0, 2.0, 2.5, 5.0})
        if (m * power >= raw) return m * power;
    return 10.0 * power;
}

HistogramCounts histogram_bins(double low, double high) {
    HistogramCounts h;
    h.low = low;
    h.high = high;
    const double span = high - low;
    h.width = nice_width(span > 0.0 ? span / k_histogram_bins_target : std::max(std::fabs(low), 1.0) / 100.0);
    const double first = std::floor(low / h.width) * h.width;
    auto bins = static_cast<std::size_t>(std::max(1.0, std::ceil((high - first) / h.width)));
    if (first + static_cast<double>(bins) * h.width <= high) ++bins;  // the last edge lies above p99.5
    for (std::size_t i = 0; i <= bins; ++i) h.edges.push_back(first + static_cast<double>(i) * h.width);
    h.counts.assign(bins, 0);
    return h;
}

void count_into(HistogramCounts& h, std::span<const double> values) noexcept {
    const double first = h.edges.front();
    const double last = h.edges.back();
    const std::size_t bins = h.counts.size();
    const double per_width = 1.0 / h.width;  // a multiplication instead of a division: the edges settle the bin
    for (const double v : values) {
        if (v < first) {
            ++h.underflow;
        } else if (v >= last) {
            ++h.overflow;
        } else {
            // The bin by arithmetic, then settled against the edges themselves (the arithmetic may round across one).
            auto i = std::min(static_cast<std::size_t>((v - first) * per_width), bins - 1);
            while (i > 0 && v < h.edges[i]) --i;
            while (i + 1 < bins && v >= h.edges[i + 1]) ++i;
            ++h.counts[i];
        }
    }
}

}  // namespace gpucost
