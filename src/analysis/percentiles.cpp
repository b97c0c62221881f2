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

Summary summarize(std::span<const double> values) {
    Summary s;
    s.count = values.size();
    if (values.empty()) return s;
    double low = values[0];
    double high = values[0];
    double sum = 0.0;
    for (const double v : values) {
        low = std::min(low, v);
        high = std::max(high, v);
        sum += v;
    }
    s.mean = sum / static_cast<double>(values.size());
    // Bucket of v: floor((v - low) * scale), monotone in v because subtraction and multiplication round
    // monotonically, so bucket order is value order and each order statistic lies in a known bucket.
    const double scale = high > low ? static_cast<double>(k_buckets) / (high - low) : 0.0;
    const auto bucket = [&](double v) { return std::min(k_buckets - 1, static_cast<std::size_t>((v - low) * scale)); };
    std::vector<std::size_t> counts(k_buckets + 1, 0);
    for (const double v : values) ++counts[bucket(v) + 1];
    for (std::size_t b = 1; b <= k_buckets; ++b) counts[b] += counts[b - 1];  // counts[b]: values below bucket b

    // The order statistics needed: floor(h) and floor(h) + 1 of each quantile.
    std::array<std::size_t, 2 * k_quantiles.size()> ranks{};
    for (std::size_t q = 0; q < k_quantiles.size(); ++q) {
        const double h = static_cast<double>(values.size() - 1) * k_quantiles[q];
        ranks[2 * q] = static_cast<std::size_t>(std::floor(h));
        ranks[2 * q + 1] = std::min(ranks[2 * q] + 1, values.size() - 1);
    }
    // One more pass gathers the members of the (at most ten) buckets holding those ranks; each is sorted alone.
    std::array<std::size_t, ranks.size()> rank_bucket{};
    std::vector<std::int8_t> slot_of(k_buckets, -1);
    std::vector<std::vector<double>> members;
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const auto above = std::upper_bound(counts.begin() + 1, counts.end(), ranks[r]);
        rank_bucket[r] = static_cast<std::size_t>(above - counts.begin()) - 1;
        if (slot_of[rank_bucket[r]] < 0) {
            slot_of[rank_bucket[r]] = static_cast<std::int8_t>(members.size());
            members.emplace_back();
        }
    }
    for (const double v : values)
        if (const std::int8_t slot = slot_of[bucket(v)]; slot >= 0)
            members[static_cast<std::size_t>(slot)].push_back(v);
    for (std::vector<double>& m : members) std::sort(m.begin(), m.end());
    std::array<double, ranks.size()> order{};
    for (std::size_t r = 0; r < ranks.size(); ++r) {
        const std::size_t b = rank_bucket[r];
        order[r] = members[static_cast<std::size_t>(slot_of[b])][ranks[r] - counts[b]];
    }
    for (std::size_t q = 0; q < k_quantiles.size(); ++q) {
        const double h = static_cast<double>(values.size() - 1) * k_quantiles[q];
        s.quantiles[q] = lerp(order[2 * q], order[2 * q + 1], h - std::floor(h));
    }
    return s;
}

}  // namespace gpucost
