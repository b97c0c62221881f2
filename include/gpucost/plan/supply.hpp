// The fleet plan's supply and its cost month by month: owned machines of one build, commitments of the matched
// offer (1 and 3 years), and on-demand instances for the rest. Hours are served owned first, then committed, then
// rented. Pure arithmetic over the engine's functions (hardware price, resale, discounting, price trends, power).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/plan/demand.hpp"

namespace gpucost::plan {

// The fraction of an owned machine's hours out of use: engine/availability.hpp's downtime hours a month over the
// 730-hour month, (f R + P) / 12 / 730, from the assumptions failures_per_machine_year, repair_hours and
// planned_maintenance_hours_per_year (which compare uses too).
double downtime_fraction(const Assumptions& a) noexcept;

// What can be bought and rented, with the assumptions in force (horizon, discounting, lead time, useful life,
// resale model, reliability, power, staff, maintenance, facility, cloud fixed costs and price trends).
struct Supply {
    BuildSpec build;      // one owned machine
    CloudSpec on_demand;  // the matched offer: GPUs per instance, USD per instance-hour at rent_pricing
    std::optional<double> reserved_1y_usd_per_hour;  // per instance-hour of a 1-year commitment, if offered
    std::optional<double> reserved_3y_usd_per_hour;  // ... of a 3-year one
    Assumptions assumptions;                         // months is the horizon M
    // How the hours above owned and committed capacity are rented: on-demand, or spot (plan --pricing spot), where
    // the instances up at once are one job that re-runs spot_overhead of its work and, for each instance, the
    // interruptions of all of them (engine/availability.hpp's spot_interruption_overhead).
    Pricing rent_pricing = Pricing::on_demand;
};

// The kinds of supply a schedule buys.
enum class Kind { own, commit_1y, commit_3y };
inline constexpr int k_kind_count = 3;
// "own", "commit-1y", "commit-3y".
const char* to_string(Kind kind) noexcept;
// A commitment's term in months: 12 or 36 (0 for own).
int term_months(Kind kind) noexcept;

// `count` machines bought, or commitments of one instance each started, in month `month` (1..M).
struct Lot {
    Kind kind = Kind::own;
    int month = 1;
    std::int64_t count = 0;
};

// What a plan buys: its lots in any order.
struct Schedule {
    std::vector<Lot> lots;
};

// One month's undiscounted flows, USD (month 0: purchases made at the start of month 1), and its GPU-hours.
struct MonthFlows {
    double purchase_usd = 0.0;  // hardware + setup of machines bought at the end of this month (start of the next)
    double resale_usd = 0.0;    // credit (<= 0) for machines sold at this month's end
    double power_usd = 0.0;
    double staff_usd = 0.0;  // build staff per machine held, or cloud staff when none is
    double maintenance_usd = 0.0;
    double facility_usd = 0.0;
    double commitment_usd = 0.0;                // every hour of every commitment's term
    double on_demand_usd = 0.0;                 // instance-hours over owned + committed capacity (spot, if asked)
    double cloud_fixed_usd = 0.0;               // storage and egress in a month that rents
    double owned_gpu_hours = 0.0;               // demand served by owned machines
    double committed_gpu_hours = 0.0;           // ... by commitments
    double on_demand_gpu_hours = 0.0;           // ... by on-demand instances (the downtime cover's included)
    double owned_capacity_gpu_hours = 0.0;      // working owned GPUs x 730
    double committed_capacity_gpu_hours = 0.0;  // committed GPUs x 730
    std::int64_t machines_working = 0;
    std::int64_t machines_held = 0;  // bought and not yet sold, working or on order
    std::int64_t committed_instances = 0;
    // Owned downtime, as compare's (DowntimePolicy): the backup rental for the hours of use it loses (cover), or
    // those GPU-hours unserved (lost).
    double downtime_cover_usd = 0.0;
    double unserved_gpu_hours = 0.0;

    double total_usd() const noexcept {
        return purchase_usd + resale_usd + power_usd + staff_usd + maintenance_usd + facility_usd + commitment_usd +
               on_demand_usd + cloud_fixed_usd + downtime_cover_usd;
    }
};

// A schedule costed over the horizon: months[k] for k = 0..last (past M only while a commitment still bills).
struct PlanCosts {
    std::vector<MonthFlows> months;
    double net_present_cost_usd = 0.0;  // sum of each month's total x (1 + r)^(-k/12)
    // Months 0..last: the discounted spend to the end of month k (the last is the net present cost).
    std::vector<double> cumulative_present_cost_usd;
};

// The month a machine bought in `month` is sold: at the end of its useful life after the lead time, or at the
// horizon, whichever comes first.
int sale_month(const Supply& supply, int month) noexcept;

// The variable part of month m (1..M) with `working` machines working, `held` held and `committed` committed
// instances: power, on-demand, cloud fixed costs and cloud staff (when no machine is held), and the GPU-hours by
// source. The fixed parts of machines and commitments are in lot_flows.
MonthFlows month_use(const Supply& supply, const MonthLoad& load, int month, std::int64_t working, std::int64_t held,
                     std::int64_t committed);

// Adds one lot's own flows (purchase, staff, maintenance, facility, resale; a commitment's billing) to `months`,
// growing it as needed. The lot's cost is linear in its count.
void add_lot_flows(const Supply& supply, const Lot& lot, std::vector<MonthFlows>& months);

// Every month of a schedule: each lot's flows, then each month's use at the fleet in force. `demand` has M months.
PlanCosts cost_schedule(const Supply& supply, const Demand& demand, const Schedule& schedule);

// Month k's flows discounted to today: total_usd() x the engine's discount_factor(k) at the assumptions' rate and
// convention (monthly, or annual: year-end), the one place the plan discounts.
double present_cost(const MonthFlows& flows, int month, const Assumptions& a) noexcept;

// Net present cost of flows: sum over k of present_cost(months[k], k).
double net_present_cost(const std::vector<MonthFlows>& months, const Assumptions& a) noexcept;

}  // namespace gpucost::plan
