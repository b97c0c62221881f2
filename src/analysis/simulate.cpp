#include "gpucost/analysis/simulate.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <thread>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/percentiles.hpp"
#include "gpucost/analysis/random.hpp"
#include "simulate_detail.hpp"

namespace gpucost {

using namespace simulate_detail;

namespace {

// One figure of every draw, left uninitialised (every element read is written first). From 2 MB up (262,144 draws),
// on Linux, it is mapped in 2 MB pages where the kernel lends them (transparent huge pages, "madvise" mode): a
// million draws' four figures then fault in 16 pages instead of 8,000, and the kernel's time in those faults was
// the eighth of simulate's CPU time that this saves at 10^6 draws (docs/performance.md). Smaller ones, and other
// systems, take the heap.
class DrawArray {
public:
    explicit DrawArray(std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        constexpr std::size_t huge = std::size_t{2} << 20;
        if (n * sizeof(double) >= huge) {
            // Over by a page, so that the array can start on a 2 MB boundary: only whole aligned pages are huge.
            m_mapped = (n * sizeof(double) + 2 * huge - 1) & ~(huge - 1);
            void* map = mmap(nullptr, m_mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
            if (map == MAP_FAILED) throw std::bad_alloc();
            m_map = map;
            const auto at = (reinterpret_cast<std::uintptr_t>(map) + huge - 1) & ~std::uintptr_t{huge - 1};
            m_data = reinterpret_cast<double*>(at);
            madvise(m_data, m_mapped - (at - reinterpret_cast<std::uintptr_t>(map)), MADV_HUGEPAGE);
            return;
        }
#endif
        m_heap.reset(new double[n]);
        m_data = m_heap.get();
    }
    ~DrawArray() {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (m_map != nullptr) munmap(m_map, m_mapped);
#endif
    }
    DrawArray(const DrawArray&) = delete;
    DrawArray& operator=(const DrawArray&) = delete;
    double* get() const noexcept { return m_data; }

private:
    double* m_data = nullptr;
    std::unique_ptr<double[]> m_heap;
    void* m_map = nullptr;
    std::size_t m_mapped = 0;
};

// Where the draws' outcomes go: 32 bytes a draw.
struct Outcomes {
    explicit Outcomes(std::size_t n)
        : build(n),
          cloud(n),
          saves(n),
          break_even(n) {}
    DrawArray build;
    DrawArray cloud;
    DrawArray saves;
    DrawArray break_even;  // each block's draws with one, packed at the block's start
};

using FigureCounts = std::array<BucketCounts, k_figures>;

// What every thread's drawing shares.
struct Drawing {
    const BatchEvaluator& evaluator;
    std::span<const RangedInput> inputs;
    std::uint64_t seed;
    std::size_t n;
    Outcomes& out;
    std::vector<std::size_t>& break_evens;  // of each block
};

// One thread's drawing: its blocks' columns, tally and bucket counts.
class Worker {
public:
    Worker(const Drawing& d, int months)
        : tally(months),
          m_d(d),
          m_columns(d.inputs.size()) {}

    // Draws block `block` into the outcomes, and counts its figures when the counts' bounds are set.
    void draw(std::size_t block) {
        const std::size_t begin = block * k_draws_per_block;
        const Outcomes& out = m_d.out;
        m_d.break_evens[block] = draw_and_evaluate(
            m_d.evaluator, m_d.inputs, m_d.seed, block, std::min(m_d.n - begin, k_draws_per_block), m_columns,
            {out.build.get() + begin, out.cloud.get() + begin, out.saves.get() + begin, out.break_even.get() + begin},
            tally);
        if (!counts) return;
        const auto drawn = figures(block);
        for (std::size_t f = 0; f < k_figures; ++f) (*counts)[f].add(drawn[f]);
    }

    // Block `block`'s figures as drawn.
    std::array<std::span<const double>, k_figures> figures(std::size_t block) const {
        const std::size_t begin = block * k_draws_per_block;
        const std::size_t count = std::min(m_d.n - begin, k_draws_per_block);
        return {std::span<const double>(m_d.out.build.get() + begin, count),
                std::span<const double>(m_d.out.cloud.get() + begin, count),
                std::span<const double>(m_d.out.saves.get() + begin, count),
                std::span<const double>(m_d.out.break_even.get() + begin, m_d.break_evens[block])};
    }

    Tally tally;
    std::optional<FigureCounts> counts;

private:
    const Drawing& m_d;
    BlockColumns m_columns;
};

// Every block drawn on `threads` threads, each counted by bucket as it is drawn (while in cache), so that each
// figure is summarised in one pass over its draws instead of two. The buckets' bounds come from block 0, drawn first
// and alone; any draw beyond them is counted in an end bucket, which keeps the figures exact.
std::vector<Worker> draw_all(const Drawing& d, unsigned threads, int months) {
    std::vector<Worker> workers;
    for (unsigned t = 0; t < threads; ++t) workers.emplace_back(d, months);
    workers[0].draw(0);
    const auto first = workers[0].figures(0);
    const FigureCounts bounds = {BucketCounts(first[0]), BucketCounts(first[1]), BucketCounts(first[2]),
                                 BucketCounts(first[3])};
    for (Worker& w : workers) w.counts = bounds;
    for (std::size_t f = 0; f < k_figures; ++f) (*workers[0].counts)[f].add(first[f]);
    const std::size_t blocks = d.break_evens.size();
    std::vector<std::function<void()>> tasks;
    for (unsigned t = 0; t < threads; ++t)
        tasks.emplace_back([&, t] {
            for (std::size_t block = t == 0 ? threads : t; block < blocks; block += threads) workers[t].draw(block);
        });
    run_parallel(tasks, threads);
    return workers;
}

// The summaries of every figure, shared among the threads, and the counts of the verdict and the paybacks.
SimulationResult summarize_draws(const BatchEvaluator& evaluator, std::size_t n, Outcomes& out,
                                 const std::vector<Worker>& workers, const std::vector<std::size_t>& break_evens) {
    SimulationResult r;
    r.draws = n;
    r.general_path = evaluator.general();
    // The blocks' break-evens, packed in block order: the draws that have one, in draw order.
    double* be = out.break_even.get();
    std::size_t with_break_even = 0;
    for (std::size_t block = 0; block < break_evens.size(); ++block) {
        std::copy_n(be + block * k_draws_per_block, break_evens[block], be + with_break_even);
        with_break_even += break_evens[block];
    }
    FigureCounts counts = *workers.front().counts;
    for (std::size_t t = 1; t < workers.size(); ++t)
        for (std::size_t f = 0; f < k_figures; ++f) counts[f].add((*workers[t].counts)[f]);
    const auto span_of = [n](const DrawArray& p) { return std::span<const double>(p.get(), n); };
    const std::vector<std::function<void()>> summaries = {
        [&] {
            const std::array<double, 2> edges_at = {k_histogram_low_quantile, k_histogram_high_quantile};
            std::array<double, 2> span{};
            r.owning_saves_usd = summarize(span_of(out.saves), counts[k_saves], edges_at, span);
            r.owning_saves_histogram = histogram_bins(span[0], span[1]);
            count_into(r.owning_saves_histogram, span_of(out.saves));
        },
        [&] { r.build_total_usd = summarize(span_of(out.build), counts[0], {}, {}); },
        [&] { r.cloud_total_usd = summarize(span_of(out.cloud), counts[1], {}, {}); },
        [&] {
            r.break_even_hours = summarize(std::span<const double>(be, with_break_even), counts[k_break_even], {}, {});
        },
    };
    run_parallel(summaries,
                 std::min<unsigned>(static_cast<unsigned>(workers.size()), static_cast<unsigned>(summaries.size())));
    Tally total(static_cast<int>(workers.front().tally.payback.size()) - 1);
    for (const Worker& w : workers) {
        const Tally& t = w.tally;
        for (std::size_t m = 0; m < total.payback.size(); ++m) {
            total.payback[m] += t.payback[m];
            total.if_sold[m] += t.if_sold[m];
        }
        total.build_cheaper += t.build_cheaper;
        total.cloud_cheaper += t.cloud_cheaper;
    }
    r.payback_month = summarize_counts(total.payback);
    r.payback_month_if_sold = summarize_counts(total.if_sold);
    const auto share = [n](std::uint64_t count) { return static_cast<double>(count) / static_cast<double>(n); };
    r.break_even_share = share(with_break_even);
    r.payback_share = share(r.payback_month.count);
    r.payback_if_sold_share = share(r.payback_month_if_sold.count);
    r.p_build_cheaper = share(total.build_cheaper);
    r.p_cloud_cheaper = share(total.cloud_cheaper);
    return r;
}

}  // namespace

SimulationResult simulate(const Case& base, std::span<const RangedInput> inputs, const SimulationOptions& options) {
    const std::size_t n = std::clamp<std::size_t>(options.draws, 1, k_max_draws);
    std::vector<Slot> slots;
    for (const RangedInput& in : inputs) slots.push_back(in.slot);
    const BatchEvaluator evaluator(base, slots);
    if (n > options.max_stored) return simulate_streamed(evaluator, inputs, n, options);
    Outcomes out(n);
    const std::size_t blocks = (n + k_draws_per_block - 1) / k_draws_per_block;
    std::vector<std::size_t> break_evens(blocks, 0);
    const Drawing d{evaluator, inputs, options.seed, n, out, break_evens};
    const std::vector<Worker> workers = draw_all(d, thread_count(options, blocks), longest_horizon(evaluator, inputs));
    return summarize_draws(evaluator, n, out, workers, break_evens);
}
}  // namespace gpucost
