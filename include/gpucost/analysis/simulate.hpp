// Monte Carlo: independent draws of every ranged input of one comparison, evaluated by the batch evaluator on every
// core asked for, summarised as percentiles. The same case, inputs and seed give the same result whatever the
// thread count: draws come in fixed blocks, and each input of each block has its own stream of the seed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "gpucost/analysis/histogram.hpp"
#include "gpucost/analysis/inputs.hpp"
#include "gpucost/analysis/percentiles.hpp"

namespace gpucost {

// Draws per block: each block has its own random stream.
inline constexpr std::size_t k_draws_per_block = 8192;
// Most draws one simulation keeps in memory (32 bytes each: the three totals and the break-even; 320 MB). More are
// streamed: drawn again pass by pass from the same seeded streams (simulate_stream.cpp), in memory that does not
// grow with the draws, to the same figures. The paybacks are counted per month as they are drawn, never kept.
inline constexpr std::size_t k_max_stored_draws = 10'000'000;
// Most draws one simulation takes: 10^12 (about a day of CPU time at 10^7 draws a second; a block's stream number
// holds the block index in 32 bits, which allows 3.5 x 10^13).
inline constexpr std::size_t k_max_draws = 1'000'000'000'000;

struct SimulationOptions {
    std::size_t draws = 100'000;  // 1..k_max_draws
    std::uint64_t seed = 1;
    unsigned threads = 0;                         // 0: every hardware thread
    std::size_t max_stored = k_max_stored_draws;  // more draws than this are streamed (tests set it lower)
    std::size_t max_kept = std::size_t{1} << 24;  // streamed: most draws kept for the exact percentiles (128 MB)
};

struct SimulationResult {
    std::size_t draws = 0;
    Summary build_total_usd;
    Summary cloud_total_usd;
    Summary owning_saves_usd;       // cloud total - build total
    Summary break_even_hours;       // over the draws that have one
    Summary payback_month;          // over the draws that pay back within the horizon
    Summary payback_month_if_sold;  // over the draws that pay back, counting the resale value at each month
    HistogramCounts owning_saves_histogram;
    double break_even_share = 0.0;
    double payback_share = 0.0;
    double payback_if_sold_share = 0.0;
    double p_build_cheaper = 0.0;  // build total strictly below cloud total (the engine's "build is cheaper")
    double p_cloud_cheaper = 0.0;  // cloud total strictly below build total
    bool general_path = false;     // the draws went through evaluate() (an input changes the discounting)
};

// Simulates `base` with `inputs` drawn independently: draw d of input i comes from the stream of (d's block,
// input i's stream), so neither the thread count nor the other inputs change it.
SimulationResult simulate(const Case& base, std::span<const RangedInput> inputs, const SimulationOptions& options);

}  // namespace gpucost
