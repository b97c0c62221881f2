// The project's own random numbers: xoshiro256** seeded through splitmix64, and the transforms from its output to
// each range's shape. Only integer operations, + - * / and sqrt (all exact in IEEE 754) and a logarithm written
// here from those, so the same seed gives the same draws on every platform and standard library (the analysis
// target is built with -ffp-contract=off so no compiler fuses them differently). No std:: distributions.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "gpucost/analysis/inputs.hpp"

namespace gpucost {

// splitmix64 (Steele, Lea, Flood 2014): seeds xoshiro and derives streams.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) noexcept
        : m_state(seed) {}
    std::uint64_t next() noexcept;

private:
    std::uint64_t m_state;
};

// xoshiro256** 1.0 (Blackman, Vigna 2018). Stream `stream` of `seed` is an independent generator: each block of
// draws gets its own, so how blocks are shared among threads never changes a draw.
class Xoshiro256 {
public:
    Xoshiro256(std::uint64_t seed, std::uint64_t stream) noexcept;
    std::uint64_t next() noexcept;
    // Uniform on [0, 1): the top 53 bits.
    double uniform() noexcept { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t m_s[4];
};

// ln(x) for finite x > 0 from + - * / only (within 2 ulp of the true value), so PERT draws are portable.
double portable_log(double x) noexcept;

// One draw of a ranged input: inverse CDF for uniform and triangular (one uniform each); PERT as
// low + (high - low) * Beta(a, b), a = 1 + 4 (mode - low) / (high - low), b = 1 + 4 (high - mode) / (high - low),
// the Beta from two Gamma draws (Marsaglia-Tsang, normals by the polar method). A range with low == high is its value.
double draw(const RangedInput& input, Xoshiro256& rng) noexcept;

// `count` successive draws of one input into `out`: what draw() gives, with the shape chosen once for the column.
void draw_column(const RangedInput& input, Xoshiro256& rng, double* out, std::size_t count) noexcept;

// Uniforms on [0, 1) in `values` turned in place into draws of a uniform or triangular range with high > low: what
// draw() makes of the same uniforms.
void shape_uniforms(const RangedInput& input, double* values, std::size_t count) noexcept;

// Block `block` of a simulation's draws: `count` draws of each input i into columns + i x stride, from its own stream
// Xoshiro256(seed, block << 32 | inputs[i].stream), what draw_column gives from that stream. Inputs of one uniform a
// draw are drawn two streams at a time (their chains of state overlap in the processor).
void draw_block(std::span<const RangedInput> inputs, std::uint64_t seed, std::uint64_t block, double* columns,
                std::size_t stride, std::size_t count) noexcept;

// The value at cumulative probability u in [0, 1] of a triangular range (what draw() uses).
double triangular_quantile(double low, double mode, double high, double u) noexcept;

}  // namespace gpucost
