// Monte Carlo beyond the draws that are stored: the same draws (the same seeded stream per input and block) made
// again pass by pass, keeping only counts and the few draws near each wanted percentile, so memory does not grow
// with the draws and every figure is the stored path's to the bit.
//   1. Every block's outcomes, in block order: the means (the stored path's four lanes, added in draw order), the
//      payback and verdict counts, and a histogram of each figure over the top 16 bits of an order-keeping key.
//   2. While the buckets holding the wanted order statistics hold more draws than may be kept (max_kept): a
//      histogram of the next 16 bits inside the fullest of them only.
//   3. The draws inside those buckets, kept, sorted, and read at their ranks: the exact order statistics.
//   4. The histogram of owning's saving, whose edges come from its p0.5 and p99.5 (pass 3).
#include <algorithm>
#include <array>
#include <bit>
#include <condition_variable>
#include <mutex>

#include "gpucost/analysis/histogram.hpp"
#include "gpucost/analysis/random.hpp"
#include "simulate_detail.hpp"

namespace gpucost::simulate_detail {
namespace {

// The figures summarised: build total, cloud total, owning's saving, break-even hours (only draws that have one).
constexpr int k_level_bits = 16;
constexpr std::size_t k_level_size = std::size_t{1} << k_level_bits;

// A key whose unsigned order is the doubles' order (negatives reversed below the positives).
std::uint64_t key_of(double v) noexcept {
    const auto bits = std::bit_cast<std::uint64_t>(v);
    return (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
}

// One block's outcomes in a thread's own memory.
struct Block {
    explicit Block(std::size_t inputs, int months)
        : columns(inputs),
          figures{std::vector<double>(k_draws_per_block), std::vector<double>(k_draws_per_block),
                  std::vector<double>(k_draws_per_block), std::vector<double>(k_draws_per_block)},
          tally(months) {}
    BlockColumns columns;
    std::array<std::vector<double>, k_figures> figures;
    std::array<std::size_t, k_figures> sizes{};
    Tally tally;
};

struct Plan {
    const BatchEvaluator& evaluator;
    std::span<const RangedInput> inputs;
    std::uint64_t seed;
    std::size_t n;
    unsigned threads;
    int months;
};

// Draws block `block` into `b` (the stored path's streams and order), counting its paybacks and verdicts.
void draw_block(const Plan& p, std::size_t block, Block& b) {
    const std::size_t count = std::min(p.n - block * k_draws_per_block, k_draws_per_block);
    const std::size_t break_evens = draw_and_evaluate(
        p.evaluator, p.inputs, p.seed, block, count, b.columns,
        {b.figures[0].data(), b.figures[1].data(), b.figures[k_saves].data(), b.figures[k_break_even].data()}, b.tally);
    b.sizes = {count, count, count, break_evens};
}

// One pass over every block on the plan's threads: visit(thread, block index, block) per block, each thread taking
// blocks t, t + threads, ... in order.
template <typename Visit>
void each_block(const Plan& p, std::vector<Block>& blocks, const Visit& visit) {
    const std::size_t count = (p.n + k_draws_per_block - 1) / k_draws_per_block;
    std::vector<std::function<void()>> tasks;
    for (unsigned t = 0; t < p.threads; ++t)
        tasks.emplace_back([&, t] {
            for (std::size_t block = t; block < count; block += p.threads) {
                draw_block(p, block, blocks[t]);
                visit(t, block, blocks[t]);
            }
        });
    run_parallel(tasks, p.threads);
}

// The stored path's mean: value i into lane i mod 4 in draw order, the lanes added pairwise at the end.
struct Lanes {
    std::array<double, 4> lane{};
    std::size_t count = 0;
    void add(std::span<const double> values) noexcept {
        for (const double v : values) lane[count++ % 4] += v;
    }
    double mean() const noexcept {
        return count == 0 ? 0.0 : ((lane[0] + lane[1]) + (lane[2] + lane[3])) / static_cast<double>(count);
    }
};

// Blocks handed over in block order, whichever thread drew them.
struct InOrder {
    std::mutex m;
    std::condition_variable turn;
    std::size_t next = 0;
    std::array<Lanes, k_figures> lanes;

    void add(std::size_t block, const Block& b) {
        std::unique_lock lock(m);
        turn.wait(lock, [&] { return next == block; });
        for (std::size_t f = 0; f < k_figures; ++f) lanes[f].add(std::span(b.figures[f].data(), b.sizes[f]));
        ++next;
        turn.notify_all();
    }
};

// One order statistic sought: its rank among a figure's draws and the bucket known to hold it (the keys whose top
// `bits` bits are `prefix`), with the draws below that bucket and inside it.
struct Sought {
    std::size_t rank = 0;
    std::uint64_t prefix = 0;
    int bits = 0;
    std::size_t below = 0;
    std::size_t inside = 0;
    double value = 0.0;
};

bool in_bucket(std::uint64_t key, const Sought& s) noexcept { return (key >> (64 - s.bits)) == s.prefix; }

// Narrows each sought statistic to the sub-bucket of `counts` (the next 16 bits inside its bucket) holding it.
void narrow(Sought& s, const std::vector<std::uint64_t>& counts) noexcept {
    std::size_t below = s.below;
    for (std::size_t i = 0; i < counts.size(); ++i) {
        if (below + counts[i] > s.rank) {
            s.prefix = (s.prefix << k_level_bits) | i;
            s.bits += k_level_bits;
            s.below = below;
            s.inside = counts[i];
            return;
        }
        below += counts[i];
    }
}

// Pass 2, once: a histogram of the next 16 bits inside every bucket still too full, for every figure.
void split_buckets(const Plan& p, std::vector<Block>& blocks, std::array<std::vector<Sought>, k_figures>& sought,
                   const std::array<std::vector<std::size_t>, k_figures>& split) {
    // counts[thread][figure][j]: the sub-histogram of split[figure][j].
    std::vector<std::array<std::vector<std::vector<std::uint64_t>>, k_figures>> counts(p.threads);
    for (auto& per_thread : counts)
        for (std::size_t f = 0; f < k_figures; ++f)
            per_thread[f].assign(split[f].size(), std::vector<std::uint64_t>(k_level_size, 0));
    each_block(p, blocks, [&](unsigned t, std::size_t, const Block& b) {
        for (std::size_t f = 0; f < k_figures; ++f) {
            for (std::size_t j = 0; j < split[f].size(); ++j) {
                const Sought& s = sought[f][split[f][j]];
                std::vector<std::uint64_t>& c = counts[t][f][j];
                for (std::size_t d = 0; d < b.sizes[f]; ++d) {
                    const std::uint64_t key = key_of(b.figures[f][d]);
                    if (in_bucket(key, s)) ++c[(key >> (64 - s.bits - k_level_bits)) & (k_level_size - 1)];
                }
            }
        }
    });
    for (std::size_t f = 0; f < k_figures; ++f) {
        for (std::size_t j = 0; j < split[f].size(); ++j) {
            std::vector<std::uint64_t> total(k_level_size, 0);
            for (const auto& per_thread : counts)
                for (std::size_t i = 0; i < k_level_size; ++i) total[i] += per_thread[f][j][i];
            const Sought bucket = sought[f][split[f][j]];
            for (Sought& s : sought[f])
                if (s.bits == bucket.bits && s.prefix == bucket.prefix) narrow(s, total);
        }
    }
}

// The distinct buckets of one figure's sought statistics (indexes of their first holder), in order.
std::vector<std::size_t> distinct_buckets(const std::vector<Sought>& sought) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < sought.size(); ++i) {
        const bool seen = std::any_of(out.begin(), out.end(), [&](std::size_t j) {
            return sought[j].bits == sought[i].bits && sought[j].prefix == sought[i].prefix;
        });
        if (!seen) out.push_back(i);
    }
    return out;
}

// Pass 3: the draws inside each sought bucket, sorted; each statistic read at its rank.
void select(const Plan& p, std::vector<Block>& blocks, std::array<std::vector<Sought>, k_figures>& sought) {
    std::array<std::vector<std::size_t>, k_figures> buckets;
    for (std::size_t f = 0; f < k_figures; ++f) buckets[f] = distinct_buckets(sought[f]);
    // kept[thread][figure][j]: the draws of bucket j.
    std::vector<std::array<std::vector<std::vector<double>>, k_figures>> kept(p.threads);
    for (auto& per_thread : kept)
        for (std::size_t f = 0; f < k_figures; ++f) per_thread[f].resize(buckets[f].size());
    each_block(p, blocks, [&](unsigned t, std::size_t, const Block& b) {
        for (std::size_t f = 0; f < k_figures; ++f) {
            for (std::size_t d = 0; d < b.sizes[f]; ++d) {
                const double v = b.figures[f][d];
                const std::uint64_t key = key_of(v);
                for (std::size_t j = 0; j < buckets[f].size(); ++j)
                    if (in_bucket(key, sought[f][buckets[f][j]])) kept[t][f][j].push_back(v);
            }
        }
    });
    for (std::size_t f = 0; f < k_figures; ++f) {
        for (std::size_t j = 0; j < buckets[f].size(); ++j) {
            std::vector<double> values;
            for (auto& per_thread : kept) {
                values.insert(values.end(), per_thread[f][j].begin(), per_thread[f][j].end());
                std::vector<double>().swap(per_thread[f][j]);
            }
            std::sort(values.begin(), values.end());
            const Sought bucket = sought[f][buckets[f][j]];
            for (Sought& s : sought[f])
                if (s.bits == bucket.bits && s.prefix == bucket.prefix) s.value = values[s.rank - s.below];
        }
    }
}

// The order statistics every figure needs: two per quantile (the summary's, and for the saving the histogram's
// p0.5 and p99.5 after them), first placed by the pass-1 histograms.
std::array<std::vector<Sought>, k_figures>
first_buckets(const std::array<std::size_t, k_figures>& n,
              const std::array<std::vector<std::uint64_t>, k_figures>& level1) {
    std::array<std::vector<Sought>, k_figures> sought;
    for (std::size_t f = 0; f < k_figures; ++f) {
        if (n[f] == 0) continue;
        std::vector<double> qs(k_quantiles.begin(), k_quantiles.end());
        if (f == k_saves) qs.insert(qs.end(), {k_histogram_low_quantile, k_histogram_high_quantile});
        for (const std::size_t rank : quantile_ranks(n[f], qs)) {
            Sought s;
            s.rank = rank;
            narrow(s, level1[f]);
            sought[f].push_back(s);
        }
    }
    return sought;
}

Summary summary_of(std::size_t n, const Lanes& lanes, const std::vector<Sought>& sought) {
    Summary s;
    s.count = n;
    if (n == 0) return s;
    s.mean = lanes.mean();
    for (std::size_t q = 0; q < k_quantiles.size(); ++q)
        s.quantiles[q] = quantile_between(n, k_quantiles[q], sought[2 * q].value, sought[2 * q + 1].value);
    return s;
}

}  // namespace

// long: the four passes and the result read top to bottom; split, they would hand a dozen tables around
SimulationResult simulate_streamed(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs, std::size_t n,
                                   const SimulationOptions& options) {
    const std::size_t block_count = (n + k_draws_per_block - 1) / k_draws_per_block;
    const Plan p{
        evaluator, inputs, options.seed, n, thread_count(options, block_count), longest_horizon(evaluator, inputs)};
    std::vector<Block> blocks;
    for (unsigned t = 0; t < p.threads; ++t) blocks.emplace_back(inputs.size(), p.months);

    // Pass 1: means in draw order, counts, and the top-16-bit histograms.
    InOrder in_order;
    std::vector<std::array<std::vector<std::uint64_t>, k_figures>> level1(p.threads);
    for (auto& per_thread : level1)
        for (auto& h : per_thread) h.assign(k_level_size, 0);
    each_block(p, blocks, [&](unsigned t, std::size_t block, const Block& b) {
        for (std::size_t f = 0; f < k_figures; ++f)
            for (std::size_t d = 0; d < b.sizes[f]; ++d) ++level1[t][f][key_of(b.figures[f][d]) >> 48];
        in_order.add(block, b);
    });
    // The paybacks and verdicts as pass 1 counted them (later passes count them again, unread).
    Tally total(p.months);
    for (const Block& b : blocks) {
        for (std::size_t m = 0; m < total.payback.size(); ++m) {
            total.payback[m] += b.tally.payback[m];
            total.if_sold[m] += b.tally.if_sold[m];
        }
        total.build_cheaper += b.tally.build_cheaper;
        total.cloud_cheaper += b.tally.cloud_cheaper;
    }
    std::array<std::vector<std::uint64_t>, k_figures> histogram;
    for (std::size_t f = 0; f < k_figures; ++f) {
        histogram[f].assign(k_level_size, 0);
        for (const auto& per_thread : level1)
            for (std::size_t i = 0; i < k_level_size; ++i) histogram[f][i] += per_thread[f][i];
    }
    const std::array<std::size_t, k_figures> counts = {n, n, n, in_order.lanes[k_break_even].count};
    std::array<std::vector<Sought>, k_figures> sought = first_buckets(counts, histogram);

    // Pass 2 (as often as needed): split the buckets that hold too many draws to keep.
    for (;;) {
        std::size_t kept = 0;
        std::array<std::vector<std::size_t>, k_figures> split;
        for (std::size_t f = 0; f < k_figures; ++f)
            for (const std::size_t i : distinct_buckets(sought[f])) kept += sought[f][i].inside;
        if (kept <= options.max_kept) break;
        for (std::size_t f = 0; f < k_figures; ++f)
            for (const std::size_t i : distinct_buckets(sought[f]))
                if (sought[f][i].bits < 64 && sought[f][i].inside > options.max_kept / 32) split[f].push_back(i);
        if (std::all_of(split.begin(), split.end(), [](const auto& s) { return s.empty(); })) break;
        split_buckets(p, blocks, sought, split);
    }
    // Pass 3: the exact order statistics.
    select(p, blocks, sought);

    SimulationResult r;
    r.draws = n;
    r.general_path = evaluator.general();
    r.build_total_usd = summary_of(n, in_order.lanes[0], sought[0]);
    r.cloud_total_usd = summary_of(n, in_order.lanes[1], sought[1]);
    r.owning_saves_usd = summary_of(n, in_order.lanes[k_saves], sought[k_saves]);
    r.break_even_hours = summary_of(counts[k_break_even], in_order.lanes[k_break_even], sought[k_break_even]);
    // Pass 4: the saving's histogram between its p0.5 and p99.5.
    const std::size_t edges = 2 * k_quantiles.size();
    const double low =
        quantile_between(n, k_histogram_low_quantile, sought[k_saves][edges].value, sought[k_saves][edges + 1].value);
    const double high = quantile_between(n, k_histogram_high_quantile, sought[k_saves][edges + 2].value,
                                         sought[k_saves][edges + 3].value);
    r.owning_saves_histogram = histogram_bins(low, high);
    std::vector<HistogramCounts> per_thread(p.threads, r.owning_saves_histogram);
    each_block(p, blocks, [&](unsigned t, std::size_t, const Block& b) {
        count_into(per_thread[t], std::span(b.figures[k_saves].data(), b.sizes[k_saves]));
    });
    for (const HistogramCounts& h : per_thread) {
        for (std::size_t i = 0; i < h.counts.size(); ++i) r.owning_saves_histogram.counts[i] += h.counts[i];
        r.owning_saves_histogram.underflow += h.underflow;
        r.owning_saves_histogram.overflow += h.overflow;
    }
    r.payback_month = summarize_counts(total.payback);
    r.payback_month_if_sold = summarize_counts(total.if_sold);
    const auto share = [n](std::uint64_t count) { return static_cast<double>(count) / static_cast<double>(n); };
    r.break_even_share = share(counts[k_break_even]);
    r.payback_share = share(r.payback_month.count);
    r.payback_if_sold_share = share(r.payback_month_if_sold.count);
    r.p_build_cheaper = share(total.build_cheaper);
    r.p_cloud_cheaper = share(total.cloud_cheaper);
    return r;
}

}  // namespace gpucost::simulate_detail
