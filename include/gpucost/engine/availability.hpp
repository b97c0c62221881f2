// Availability of an owned machine: how many hours a month it is out of use, and how many of those it would have
// been working. Pure arithmetic on the assumptions, for the cost model (the downtime cover) and for anyone sizing a
// fleet (plan, issue 23), who needs the same expected figures per machine.
//
// Expected values, not draws: a machine that fails f times a year, each time out of use for R hours, and is taken
// down P hours a year for planned work is out of use (f R + P) / 12 hours in an average month. The hours of use it
// loses are that downtime times the share of the month it is used (h / 168 at h hours a week): failures come at any
// hour, and planned work is counted the same way (a team that does it in idle hours sets P to 0).
#pragma once

#include <algorithm>

#include "gpucost/model/values.hpp"

namespace gpucost {

// Expected hours a month one machine is out of use: (failures_per_year x repair_hours + planned_hours_per_year) /
// 12, at most the 730-hour month. Inputs are validated (finite, >= 0).
constexpr double downtime_hours_per_month(double failures_per_year, double repair_hours,
                                          double planned_hours_per_year) noexcept {
    return std::min((failures_per_year * repair_hours + planned_hours_per_year) / k_months_per_year, k_hours_per_month);
}

// The same from an assumption set (failures_per_machine_year, repair_hours, planned_maintenance_hours_per_year).
constexpr double downtime_hours_per_month(const Assumptions& a) noexcept {
    return downtime_hours_per_month(a.failures_per_machine_year, a.repair_hours, a.planned_maintenance_hours_per_year);
}

// Of a month's downtime, the hours the machine would have been used at `hours_per_week`: downtime x h / 168.
constexpr double lost_used_hours_per_month(double downtime_hours, double hours_per_week) noexcept {
    return downtime_hours * hours_per_week / k_hours_per_week;
}

// The share of a month one machine is in working order: 1 - downtime / 730.
constexpr double availability(double downtime_hours) noexcept { return 1.0 - downtime_hours / k_hours_per_month; }

// Spot capacity: the extra share of the hours of use a job on `instances` spot instances re-runs after
// interruptions. Each instance is reclaimed `interruptions_per_instance_month` times a month of continuous use (in
// proportion to the hours it runs), and any one stops the whole job, which loses `restart_hours` of work on every
// instance: per hour of use, instances x interruptions x restart_hours / 730. Added to spot_overhead.
constexpr double spot_interruption_overhead(double instances, double interruptions_per_instance_month,
                                            double restart_hours) noexcept {
    return instances * interruptions_per_instance_month * restart_hours / k_hours_per_month;
}

}  // namespace gpucost
