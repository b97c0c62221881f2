#include "gpucost/analysis/simulate.hpp"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/random.hpp"

namespace gpucost {
namespace {

// Where the draws' outcomes go: 28 bytes a draw.
struct Outcomes {
    std::vector<double> build;
    std::vector<double> cloud;
    std::vector<double> break_even;  // NaN: none
    std::vector<std::int32_t> payback;
};

void run_blocks(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs, std::uint64_t seed,
                std::size_t first_block, std::size_t stride, Outcomes& out) {
    const std::size_t n = out.build.size();
    std::vector<double> values(inputs.size());
    std::vector<Xoshiro256> rngs;
    for (std::size_t block = first_block; block * k_draws_per_block < n; block += stride) {
        // Each input of each block has a stream of its own: an input's draws never depend on which other inputs
        // are ranged, so comparisons sharing an input draw it alike (common random numbers).
        rngs.clear();
        for (const RangedInput& in : inputs) rngs.emplace_back(seed, (std::uint64_t{block} << 32) | in.stream);
        const std::size_t end = std::min(n, (block + 1) * k_draws_per_block);
        for (std::size_t d = block * k_draws_per_block; d < end; ++d) {
            for (std::size_t i = 0; i < inputs.size(); ++i) values[i] = draw(inputs[i], rngs[i]);
            const DrawOutcome o = evaluator(values);
            out.build[d] = o.build_total_usd;
            out.cloud[d] = o.cloud_total_usd;
            out.break_even[d] = o.break_even_hours;
            out.payback[d] = o.payback_month;
        }
    }
}

unsigned thread_count(const SimulationOptions& options, std::size_t blocks) {
    unsigned t = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::min<std::size_t>(t, std::max<std::size_t>(blocks, 1)));
}

}  // namespace

SimulationResult simulate(const Case& base, std::span<const RangedInput> inputs, const SimulationOptions& options) {
    const std::size_t n = std::clamp<std::size_t>(options.draws, 1, k_max_draws);
    std::vector<Slot> slots;
    for (const RangedInput& in : inputs) slots.push_back(in.slot);
    const BatchEvaluator evaluator(base, slots);
    Outcomes out{std::vector<double>(n), std::vector<double>(n), std::vector<double>(n), std::vector<std::int32_t>(n)};
    const std::size_t blocks = (n + k_draws_per_block - 1) / k_draws_per_block;
    const unsigned threads = thread_count(options, blocks);
    std::vector<std::thread> workers;
    for (unsigned t = 1; t < threads; ++t)
        workers.emplace_back(run_blocks, std::cref(evaluator), inputs, options.seed, t, threads, std::ref(out));
    run_blocks(evaluator, inputs, options.seed, 0, threads, out);
    for (std::thread& w : workers) w.join();

    SimulationResult r;
    r.draws = n;
    r.general_path = evaluator.general();
    r.build_total_usd = summarize(out.build);
    r.cloud_total_usd = summarize(out.cloud);
    // The break-even column is reused for each remaining figure in turn, so no draw costs more than 28 bytes.
    std::vector<double>& scratch = out.break_even;
    const auto kept = std::remove_if(scratch.begin(), scratch.end(), [](double h) { return std::isnan(h); });
    const auto with_break_even = static_cast<std::size_t>(kept - scratch.begin());
    r.break_even_hours = summarize(std::span<const double>(scratch.data(), with_break_even));
    r.break_even_share = static_cast<double>(with_break_even) / static_cast<double>(n);
    std::size_t build_cheaper = 0;
    std::size_t cloud_cheaper = 0;
    for (std::size_t d = 0; d < n; ++d) {
        scratch[d] = out.cloud[d] - out.build[d];
        build_cheaper += out.build[d] < out.cloud[d] ? 1u : 0u;
        cloud_cheaper += out.cloud[d] < out.build[d] ? 1u : 0u;
    }
    r.owning_saves_usd = summarize(scratch);
    r.p_build_cheaper = static_cast<double>(build_cheaper) / static_cast<double>(n);
    r.p_cloud_cheaper = static_cast<double>(cloud_cheaper) / static_cast<double>(n);
    std::size_t paid_back = 0;
    for (const std::int32_t month : out.payback)
        if (month > 0) scratch[paid_back++] = static_cast<double>(month);
    r.payback_month = summarize(std::span<const double>(scratch.data(), paid_back));
    r.payback_share = static_cast<double>(paid_back) / static_cast<double>(n);
    return r;
}

}  // namespace gpucost
