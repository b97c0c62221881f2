#include "gpucost/analysis/percentiles.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace gpucost {
namespace {

// NumPy's _lerp: a + (b - a) t, taken from the nearer end so t = 1 gives b exactly.
double lerp(double a, double b, double t) noexcept {
    const double diff = b - a;
    return t >= 0.5 ? b - diff * (1.0 - t) : a + diff * t;
}

// How many buckets values are spread over: enough that a bucket holds a few hundred of a million draws.
constexpr std::size_t k_buckets = 4096;

}  // namespace

double quantile_of_sorted(std::span<const double> sorted, double q) noexcept {
    if (sorted.empty()) return 0.0;
    const double h = static_cast<double>(sorted.size() - 1) * q;
    const double lo = std::floor(h);
    const auto i = static_cast<std::size_t>(lo);
    if (i + 1 >= sorted.size()) return sorted.back();
    return lerp(sorted[i], sorted[i + 1], h - lo);
}

namespace {

// Bucket of v: floor((v - low) * scale) clamped to the buckets, monotone in v because subtraction and
// multiplication round monotonically, so bucket order is value order and each order statistic lies in a known
// bucket. A value beyond the bounds goes to the first or last bucket, which keeps that order, so the bounds can
// come from every 64th value instead of a pass for the extremes.
struct Buckets {
    double low = 0.0;
    double scale = 0.0;

    std::size_t of(double v) const noexcept {
        constexpr double last = static_cast<double>(k_buckets - 1);
        const double x = (v - low) * scale;
        return x <= 0.0 ? std::size_t{0} : x >= last ? k_buckets - 1 : static_cast<std::size_t>(x);
    }
};

template <typename T>
Buckets buckets_for(std::span<const T> values) {
    double low = static_cast<double>(values[0]);
    double high = std::max(low, static_cast<double>(values.back()));
    for (std::size_t i = 0; i < values.size(); i += 64) {
        low = std::min(low, static_cast<double>(values[i]));
        high = std::max(high, static_cast<double>(values[i]));
    }
    return {low, high > low ? static_cast<double>(k_buckets) / (high - low) : 0.0};
}

constexpr std::size_t k_ranks = 2 * k_quantiles.size();

// The values at `ranks` (in sorted order), given how many values lie below each bucket: one pass gathers the
// members of the (at most ten) buckets holding them, and each is sorted alone.
template <typename T>
std::array<double, k_ranks> order_statistics(std::span<const T> values, const Buckets& buckets,
                                             const std::vector<std::size_t>& below,
                                             const std::array<std::size_t, k_ranks>& ranks) {
    std::array<std::size_t, k_ranks> rank_bucket{};
    std::vector<std::int8_t> slot_of(k_buckets, -1);
    std::vector<std::vector<double>> members;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const auto above = std::upper_bound(below.begin() + 1, below.end(), ranks[r]);
        rank_bucket[r] = static_cast<std::size_t>(above - below.begin()) - 1;
        if (slot_of[rank_bucket[r]] < 0) {
            slot_of[rank_bucket[r]] = static_cast<std::int8_t>(members.size());
            members.emplace_back();
        }
    }
    for (const T x : values) {
        const auto v = static_cast<double>(x);
        if (const std::int8_t slot = slot_of[buckets.of(v)]; slot >= 0)
            members[static_cast<std::size_t>(slot)].push_back(v);
    }
    for (std::vector<double>& m : members) std::sort(m.begin(), m.end());
    std::array<double, k_ranks> order{};
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const std::size_t b = rank_bucket[r];
        order[r] = members[static_cast<std::size_t>(slot_of[b])][ranks[r] - below[b]];
    }
    return order;
}

template <typename T>
Summary summarize_values(std::span<const T> values) {
    Summary s;
    s.count = values.size();
    if (values.empty()) return s;
    const Buckets buckets = buckets_for(values);
    std::vector<std::size_t> below(k_buckets + 1, 0);
    double sum = 0.0;
    for (const T x : values) {
        const auto v = static_cast<double>(x);
        ++below[buckets.of(v) + 1];
        sum += v;
    }
    s.mean = sum / static_cast<double>(values.size());
    for (std::size_t b = 1; b <= k_buckets; ++b) below[b] += below[b - 1];  // below[b]: values below bucket b
    // The order statistics needed: floor(h) and floor(h) + 1 of each quantile.
    std::array<std::size_t, k_ranks> ranks{};
    for (std::size_t q = 0; q < k_quantiles.size(); ++q) {
        const double h = static_cast<double>(values.size() - 1) * k_quantiles[q];
        ranks[2 * q] = static_cast<std::size_t>(std::floor(h));
        ranks[2 * q + 1] = std::min(ranks[2 * q] + 1, values.size() - 1);
    }
    const std::array<double, k_ranks> order = order_statistics(values, buckets, below, ranks);
    for (std::size_t q = 0; q < k_quantiles.size(); ++q) {
        const double h = static_cast<double>(values.size() - 1) * k_quantiles[q];
        s.quantiles[q] = lerp(order[2 * q], order[2 * q + 1], h - std::floor(h));
    }
    return s;
}

}  // namespace

Summary summarize(std::span<const double> values) { return summarize_values(values); }
Summary summarize(std::span<const std::int32_t> values) { return summarize_values(values); }

}  // namespace gpucost
