// The project's own random numbers: xoshiro256** seeded through splitmix64, and the transforms from its output to
// each range's shape. Only integer operations, + - * / and sqrt (all exact in IEEE 754) and a logarithm written
// here from those, so the same seed gives the same draws on every platform and standard library (the analysis
// target is built with -ffp-contract=off so no compiler fuses them differently). No std:: distributions.
#pragma once

#include <cstdint>

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

// The value at cumulative probability u in [0, 1] of a triangular range (what draw() uses).
double triangular_quantile(double low, double mode, double high, double u) noexcept;

}  // namespace gpucost
