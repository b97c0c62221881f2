// What simulate() and its streamed passes share (internal to the analysis library): the per-thread counts, the
// thread plan and the block streams.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <thread>
#include <vector>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/analysis/random.hpp"
#include "gpucost/analysis/simulate.hpp"

namespace gpucost::simulate_detail {

// What one thread counts over its blocks.
struct Tally {
    explicit Tally(int months)
        : payback(static_cast<std::size_t>(months) + 1, 0),
          if_sold(static_cast<std::size_t>(months) + 1, 0) {}
    std::vector<std::uint64_t> payback;
    std::vector<std::uint64_t> if_sold;
    std::uint64_t build_cheaper = 0;
    std::uint64_t cloud_cheaper = 0;
};

// The figures summarised, in this order: build total, cloud total, owning's saving, and the break-even hours of the
// draws that have one (packed at the start of each block's).
inline constexpr std::size_t k_figures = 4;
inline constexpr std::size_t k_saves = 2;
inline constexpr std::size_t k_break_even = 3;

// A thread's columns for one block's draws of every input, reused block after block.
struct BlockColumns {
    explicit BlockColumns(std::size_t inputs)
        : columns(inputs * k_draws_per_block) {
        for (std::size_t i = 0; i < inputs; ++i) starts.push_back(columns.data() + i * k_draws_per_block);
    }
    std::vector<double> columns;
    std::vector<const double*> starts;
};

// Draws the `count` draws of block `block` (each input from its own stream: an input's draws never depend on which
// other inputs are ranged, so comparisons sharing an input draw it alike) and evaluates them into figures[f] (room
// for a block each), counting the paybacks and verdicts into `tally`. Returns how many draws have a break-even.
inline std::size_t draw_and_evaluate(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs,
                                     std::uint64_t seed, std::size_t block, std::size_t count, BlockColumns& c,
                                     const std::array<double*, k_figures>& figures, Tally& tally) {
    draw_block(inputs, seed, block, c.columns.data(), k_draws_per_block, count);
    BlockOutcomes o;
    o.build_total_usd = figures[0];
    o.cloud_total_usd = figures[1];
    o.owning_saves_usd = figures[k_saves];
    o.break_even_hours = figures[k_break_even];
    o.payback_counts = tally.payback.data();
    o.if_sold_counts = tally.if_sold.data();
    evaluator.run(c.starts, count, o);
    tally.build_cheaper += o.build_cheaper;
    tally.cloud_cheaper += o.cloud_cheaper;
    return o.break_evens;
}

// The most months any draw's horizon can have (its payback months count up to it): the base case's, or a ranged
// horizon's high end.
inline int longest_horizon(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs) noexcept {
    int months = evaluator.months();
    for (const RangedInput& in : inputs)
        if (in.slot == Slot{SlotKind::assumption, AssumptionKey::horizon_months})
            months = std::max(months, months_for_years(in.high));
    return months;
}

inline unsigned thread_count(const SimulationOptions& options, std::size_t blocks) {
    unsigned t = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(std::min<std::size_t>(t, std::max<std::size_t>(blocks, 1)));
}

// Runs the tasks on `threads` threads (this one included), task k on thread k % threads.
inline void run_parallel(const std::vector<std::function<void()>>& tasks, unsigned threads) {
    std::vector<std::thread> workers;
    const auto share = [&](unsigned t) {
        for (std::size_t k = t; k < tasks.size(); k += threads) tasks[k]();
    };
    for (unsigned t = 1; t < threads; ++t) workers.emplace_back(share, t);
    share(0);
    for (std::thread& w : workers) w.join();
}

// The simulation of more draws than are stored (simulate_stream.cpp): the same figures as the stored path.
SimulationResult simulate_streamed(const BatchEvaluator& evaluator, std::span<const RangedInput> inputs, std::size_t n,
                                   const SimulationOptions& options);

}  // namespace gpucost::simulate_detail
