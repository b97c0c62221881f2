#include "gpucost/analysis/simulate.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/random.hpp"

namespace gpucost {
namespace {

// Where the draws' outcomes go: 36 bytes a draw (the saving gets a column of its own so that every figure can be
// summarised at once). Left uninitialised: every element is written before it is read.
struct Outcomes {
    explicit Outcomes(std::size_t n)
        : build(new double[n]),
          cloud(new double[n]),
          saves(new double[n]),
          break_even(new double[n]),
          payback(new std::int32_t[n]) {}
    std::unique_ptr<double[]> build;
    std::unique_ptr<double[]> cloud;
    std::unique_ptr<double[]> saves;
    std::unique_ptr<double[]> break_even;  // NaN: none
    std::unique_ptr<std::int32_t[]> payback;
};

void run_blocks(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs, std::uint64_t seed, std::size_t n,
                std::size_t first_block, std::size_t stride, Outcomes& out) {
    std::vector<double> columns(inputs.size() * k_draws_per_block);
    std::vector<const double*> starts;
    for (std::size_t i = 0; i < inputs.size(); ++i) starts.push_back(columns.data() + i * k_draws_per_block);
    for (std::size_t block = first_block; block * k_draws_per_block < n; block += stride) {
        const std::size_t begin = block * k_draws_per_block;
        const std::size_t count = std::min(n - begin, k_draws_per_block);
        // Each input of each block has a stream of its own: an input's draws never depend on which other inputs
        // are ranged, so comparisons sharing an input draw it alike (common random numbers).
        for (std::size_t i = 0; i < inputs.size(); ++i) {
            Xoshiro256 rng(seed, (std::uint64_t{block} << 32) | inputs[i].stream);
            draw_column(inputs[i], rng, columns.data() + i * k_draws_per_block, count);
        }
        evaluator.run(starts, count, out.build.get() + begin, out.cloud.get() + begin, out.break_even.get() + begin,
                      out.payback.get() + begin);
        for (std::size_t d = begin; d < begin + count; ++d) out.saves[d] = out.cloud[d] - out.build[d];
    }
}

unsigned thread_count(const SimulationOptions& options, std::size_t blocks) {
    unsigned t = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::min<std::size_t>(t, std::max<std::size_t>(blocks, 1)));
}

// Runs the tasks on `threads` threads (this one included), task k on thread k % threads.
void run_parallel(const std::vector<std::function<void()>>& tasks, unsigned threads) {
    std::vector<std::thread> workers;
    const auto share = [&](unsigned t) {
        for (std::size_t k = t; k < tasks.size(); k += threads) tasks[k]();
    };
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(share, t);
    share(0);
    for (std::thread& w : workers) w.join();
}

}  // namespace

SimulationResult simulate(const Case& base, std::span<const RangedInput> inputs, const SimulationOptions& options) {
    const std::size_t n = std::clamp<std::size_t>(options.draws, 1, k_max_draws);
    std::vector<Slot> slots;
    for (const RangedInput& in : inputs) slots.push_back(in.slot);
    const BatchEvaluator evaluator(base, slots);
    Outcomes out(n);
    const std::size_t blocks = (n + k_draws_per_block - 1) / k_draws_per_block;
    const unsigned threads = thread_count(options, blocks);
    std::vector<std::function<void()>> draw_tasks;
    for (unsigned t = 0; t < threads; ++t)
        draw_tasks.emplace_back([&, t] { run_blocks(evaluator, inputs, options.seed, n, t, threads, out); });
    run_parallel(draw_tasks, threads);

    SimulationResult r;
    r.draws = n;
    r.general_path = evaluator.general();
    const auto span_of = [n](const std::unique_ptr<double[]>& p) { return std::span<const double>(p.get(), n); };
    std::size_t with_break_even = 0;
    std::size_t paid_back = 0;
    std::size_t build_cheaper = 0;
    std::size_t cloud_cheaper = 0;
    // Five independent summaries (the two that exist only in some draws compacted in place first), and the
    // counts of the verdict, shared among the threads.
    const std::vector<std::function<void()>> summaries = {
        [&] { r.owning_saves_usd = summarize(span_of(out.saves)); },
        [&] { r.build_total_usd = summarize(span_of(out.build)); },
        [&] { r.cloud_total_usd = summarize(span_of(out.cloud)); },
        [&] {
            double* be = out.break_even.get();
            with_break_even =
                static_cast<std::size_t>(std::remove_if(be, be + n, [](double h) { return std::isnan(h); }) - be);
            r.break_even_hours = summarize(std::span<const double>(be, with_break_even));
        },
        [&] {
            std::int32_t* p = out.payback.get();
            paid_back = static_cast<std::size_t>(std::remove(p, p + n, 0) - p);
            r.payback_month = summarize(std::span<const std::int32_t>(p, paid_back));
        },
        [&] {
            for (std::size_t d = 0; d < n; ++d) {
                build_cheaper += out.build[d] < out.cloud[d] ? 1u : 0u;
                cloud_cheaper += out.cloud[d] < out.build[d] ? 1u : 0u;
            }
        },
    };
    run_parallel(summaries, std::min<unsigned>(threads, static_cast<unsigned>(summaries.size())));
    const auto share = [n](std::size_t count) { return static_cast<double>(count) / static_cast<double>(n); };
    r.break_even_share = share(with_break_even);
    r.payback_share = share(paid_back);
    r.p_build_cheaper = share(build_cheaper);
    r.p_cloud_cheaper = share(cloud_cheaper);
    return r;
}

}  // namespace gpucost
