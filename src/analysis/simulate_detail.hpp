// What simulate() and its streamed passes share (internal to the analysis library): the per-thread counts, the
// thread plan and the block streams.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <thread>
#include <vector>

#include "gpucost/analysis/batch.hpp"
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
