// The plan tests' hand case (test_supply.cpp has its own, with an interim rate and a horizon to choose): a 2-GPU
// machine of 4,000 + 500 setup, instances of 1 GPU at 2 $/h on demand, 1.5 $/h for a year, 1 $/h for three;
// 0.10 $/kWh, upkeep 50 $ a month, 5-year straight line to 0, over 12 months.
#pragma once

#include "gpucost/plan/supply.hpp"

namespace gpucost::plan::test {

inline Supply hand_supply() {
    Supply s;
    s.build = {2, 1000.0, 500.0, 100.0, 2000.0, 200.0, 50.0, 500.0};
    s.on_demand.gpus_per_instance = 1;
    s.on_demand.usd_per_hour = 2.0;
    s.reserved_1y_usd_per_hour = 1.5;
    s.reserved_3y_usd_per_hour = 1.0;
    s.assumptions.months = 12;
    s.assumptions.electricity_usd_per_kwh = 0.1;
    s.assumptions.maintenance_rate = 0.12;
    s.assumptions.facility_usd_per_month = 10.0;
    s.assumptions.useful_life_years = 5.0;
    return s;
}

}  // namespace gpucost::plan::test
