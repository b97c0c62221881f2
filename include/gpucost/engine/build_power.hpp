// A build's power draw as a whole machine: the watts the engine's power cost rests on.
#pragma once

#include "gpucost/engine/cost_model.hpp"

namespace gpucost {

// Watts at load: base load + g x GPU TDP.
constexpr double build_load_w(const BuildSpec& build) noexcept {
    return build.base_load_w + static_cast<double>(build.gpu_count) * build.gpu_tdp_w;
}

// Watts at idle: base idle + g x GPU idle.
constexpr double build_idle_w(const BuildSpec& build) noexcept {
    return build.base_idle_w + static_cast<double>(build.gpu_count) * build.gpu_idle_w;
}

}  // namespace gpucost
