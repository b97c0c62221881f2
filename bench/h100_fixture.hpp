// The benchmarks' one fixture: an 8-GPU H100-class build against an 8-GPU instance, shared by bench_engine.cpp and
// bench_analysis.cpp so both measure the same comparison.
#pragma once

#include "gpucost/engine/cost_model.hpp"

namespace gpucost::bench {

// An 8-GPU H100-class build against an 8-GPU instance at the shipped defaults (40 h/week, 3 years).
inline BuildSpec h100_build() {
    BuildSpec b;
    b.gpu_count = 8;
    b.gpu_price_usd = 25000.0;
    b.gpu_tdp_w = 700.0;
    b.gpu_idle_w = 70.0;
    b.base_price_usd = 30000.0;
    b.base_load_w = 1500.0;
    b.base_idle_w = 300.0;
    b.setup_usd = 2000.0;
    return b;
}

inline CloudSpec h100_offer() { return {8, 98.32}; }

inline Assumptions defaults(double discount_rate) {
    Assumptions a;
    a.hours_per_week = 40.0;
    a.months = 36;
    a.electricity_usd_per_kwh = 0.17;
    a.pue = 1.3;
    a.staff_salary_usd = 150000.0;
    a.staff_fte_build = 0.1;
    a.staff_fte_cloud = 0.05;
    a.maintenance_rate = 0.05;
    a.facility_usd_per_month = 100.0;
    a.useful_life_years = 5.0;
    a.residual_value = 0.2;
    a.discount_rate = discount_rate;
    a.cloud_storage_usd_per_month = 50.0;
    a.cloud_egress_usd_per_month = 25.0;
    return a;
}

}  // namespace gpucost::bench
