// One input at a time: the tornado (each ranged input alone at its low and at its high) and sweeps (a grid of one
// or two inputs), every point a full evaluate() of the comparison with all other inputs at their point values.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "gpucost/analysis/inputs.hpp"

namespace gpucost {

// One bar of the tornado: how much owning saves (cloud total - build total) with the input at each end.
struct TornadoBar {
    std::size_t input = 0;  // index into the inputs given
    double saves_at_low_usd = 0.0;
    double saves_at_high_usd = 0.0;
    double swing_usd = 0.0;  // |saves at high - saves at low|
    bool flips = false;      // the cheaper side at either end differs from the one at the point values
};

// Every input's bar, sorted by swing (largest first; equal swings in input order).
std::vector<TornadoBar> tornado(const Case& base, std::span<const RangedInput> inputs);

// One varied input of a sweep and the values it takes.
struct SweepAxis {
    Slot slot;
    std::vector<double> values;
};

// One grid point.
struct SweepCell {
    std::array<double, 2> at{};  // the values of the axes (the second 0 for one axis)
    double build_total_usd = 0.0;
    double cloud_total_usd = 0.0;
    double owning_saves_usd = 0.0;
    Side cheaper = Side::cloud;
    std::optional<double> break_even_hours_per_week;
};

// The grid of one or two axes, the first axis outermost (row-major).
std::vector<SweepCell> sweep(const Case& base, std::span<const SweepAxis> axes);

// start, start + step, ... up to stop (within a billionth of a step, so 0:1:0.1 ends at 1); empty when step <= 0,
// a bound is not finite or stop < start.
std::vector<double> grid_values(double start, double stop, double step);

}  // namespace gpucost
