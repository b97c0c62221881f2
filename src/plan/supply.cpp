#include "gpucost/plan/supply.hpp"

#include <algorithm>
#include <cmath>

#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/build_power.hpp"

namespace gpucost::plan {

namespace {

std::size_t at(int month) { return static_cast<std::size_t>(month); }

void grow(std::vector<MonthFlows>& months, int last) {
    if (months.size() <= at(last)) months.resize(at(last) + 1);
}

// The flows of one month summed into another (lots and use land in the same month).
void add(MonthFlows& to, const MonthFlows& from) {
    to.purchase_usd += from.purchase_usd;
    to.resale_usd += from.resale_usd;
    to.power_usd += from.power_usd;
    to.staff_usd += from.staff_usd;
    to.maintenance_usd += from.maintenance_usd;
    to.facility_usd += from.facility_usd;
    to.commitment_usd += from.commitment_usd;
    to.on_demand_usd += from.on_demand_usd;
    to.cloud_fixed_usd += from.cloud_fixed_usd;
    to.owned_gpu_hours += from.owned_gpu_hours;
    to.committed_gpu_hours += from.committed_gpu_hours;
    to.on_demand_gpu_hours += from.on_demand_gpu_hours;
    to.owned_capacity_gpu_hours += from.owned_capacity_gpu_hours;
    to.committed_capacity_gpu_hours += from.committed_capacity_gpu_hours;
    to.machines_working += from.machines_working;
    to.machines_held += from.machines_held;
    to.committed_instances += from.committed_instances;
    to.downtime_cover_usd += from.downtime_cover_usd;
    to.unserved_gpu_hours += from.unserved_gpu_hours;
}

double commitment_usd_per_hour(const Supply& s, Kind kind) noexcept {
    const auto& price = kind == Kind::commit_1y ? s.reserved_1y_usd_per_hour : s.reserved_3y_usd_per_hour;
    return price.value_or(0.0);
}

// What `working` machines serve of a month's curve and the energy they draw.
struct OwnedUse {
    double gpu_hours = 0.0;
    double machine_hours = 0.0;  // hours machines are busy, summed over machines
    double wh = 0.0;             // before downtime
};

// Owned machines serve levels 1..w g; machine i is busy while level (i - 1) g + 1 is. A busy GPU draws its TDP, an
// idle one its idle watts (when machines stay on); the rest of a machine likewise by whether any GPU of it is busy.
OwnedUse owned_use(const BuildSpec& b, const MonthLoad& load, std::int64_t working, bool always_on) {
    const double idle_share = always_on ? 1.0 : 0.0;
    const std::int64_t owned_gpus = working * b.gpu_count;
    OwnedUse u;
    for (std::int64_t k = 1; k <= owned_gpus; ++k) {
        const double h = load.hours(k);
        u.gpu_hours += h;
        u.wh += h * b.gpu_tdp_w + (k_hours_per_month - h) * b.gpu_idle_w * idle_share;
    }
    for (std::int64_t i = 0; i < working; ++i) u.machine_hours += load.hours(i * b.gpu_count + 1);
    u.wh += u.machine_hours * b.base_load_w +
            (static_cast<double>(working) * k_hours_per_month - u.machine_hours) * b.base_idle_w * idle_share;
    return u;
}

// What the rented instances serve of a month's curve above `base` GPUs, in instances of `c` GPUs.
struct RentedUse {
    double gpu_hours = 0.0;
    double instance_hours = 0.0;
    double spot_reruns = 0.0;  // sum over instances j of (2 j - 1) x its hours (rented_instance_hours)
};

// Instance j is up while level base + (j - 1) c + 1 is busy.
RentedUse rented_use(const MonthLoad& load, std::int64_t base, std::int64_t c) {
    RentedUse u;
    std::int64_t j = 0;
    for (std::int64_t k = base + 1; k <= load.peak_gpus(); ++k) {
        u.gpu_hours += load.hours(k);
        if ((k - base - 1) % c != 0) continue;
        ++j;
        u.instance_hours += load.hours(k);
        u.spot_reruns += static_cast<double>(2 * j - 1) * load.hours(k);
    }
    return u;
}

// The instance-hours billed for `instance_hours` of use, as the engine bills its pricing (cost_model.cpp): on
// demand with its overhead; on spot with spot_overhead, and each interruption re-running restart_hours of work on
// every instance up. While n instances are up, each re-runs n x interruptions x restart_hours / 730 of its hours
// (spot_interruption_overhead of n instances); summed over the load-duration curve that is instance j's hours x
// (2 j - 1) x interruptions x restart_hours / 730, since n^2 = 1 + 3 + ... + (2 n - 1): `spot_reruns` is the sum of
// (2 j - 1) x instance j's hours. n instances up u hours: n u (1 + spot_overhead + n x i x r / 730), compare's.
double rented_instance_hours(const Assumptions& a, Pricing pricing, double instance_hours, double spot_reruns) {
    if (pricing != Pricing::spot) return instance_hours * (1.0 + a.on_demand_overhead);
    return instance_hours * (1.0 + a.spot_overhead) +
           spot_reruns * spot_interruption_overhead(1.0, a.spot_interruptions_per_instance_month, a.spot_restart_hours);
}

}  // namespace

double downtime_fraction(const Assumptions& a) noexcept { return downtime_hours_per_month(a) / k_hours_per_month; }

const char* to_string(Kind kind) noexcept {
    switch (kind) {
        case Kind::commit_1y: return "commit-1y";
        case Kind::commit_3y: return "commit-3y";
        case Kind::own: break;
    }
    return "own";
}

int term_months(Kind kind) noexcept {
    switch (kind) {
        case Kind::commit_1y: return 12;
        case Kind::commit_3y: return 36;
        case Kind::own: break;
    }
    return 0;
}

int sale_month(const Supply& supply, int month) noexcept {
    const Assumptions& a = supply.assumptions;
    const auto life = static_cast<int>(std::lround(a.useful_life_years * k_months_per_year));
    return std::min(a.months, month - 1 + lead_time_in_force(a) + std::max(life, 1));
}

MonthFlows month_use(const Supply& supply, const MonthLoad& load, int month, std::int64_t working, std::int64_t held,
                     std::int64_t committed) {
    const Assumptions& a = supply.assumptions;
    const BuildSpec& b = supply.build;
    const std::int64_t g = b.gpu_count;
    const std::int64_t c = supply.on_demand.gpus_per_instance;
    const double down = downtime_fraction(a);
    MonthFlows f;
    f.machines_working = working;
    f.machines_held = held;
    f.committed_instances = committed;

    const std::int64_t owned_gpus = working * g;
    const OwnedUse owned = owned_use(b, load, working, a.idle == IdlePolicy::always_on);
    const double machine_hours = owned.machine_hours;
    f.owned_gpu_hours = owned.gpu_hours;
    f.power_usd = owned.wh / 1000.0 * a.pue * a.electricity_usd_per_kwh *
                  price_trend_factor(month, a.electricity_price_change_per_year);
    f.owned_capacity_gpu_hours = static_cast<double>(owned_gpus) * k_hours_per_month;

    // Committed instances serve the next levels; every hour of them is billed in their lots.
    const std::int64_t committed_gpus = committed * c;
    for (std::int64_t k = owned_gpus + 1; k <= std::min(owned_gpus + committed_gpus, load.peak_gpus()); ++k)
        f.committed_gpu_hours += load.hours(k);
    f.committed_capacity_gpu_hours = static_cast<double>(committed_gpus) * k_hours_per_month;

    const RentedUse rented = rented_use(load, owned_gpus + committed_gpus, c);
    const double instance_hours = rented.instance_hours;
    f.on_demand_gpu_hours = rented.gpu_hours;
    // Downtime as compare costs it (engine/cost_model.cpp): a machine down `down` of its hours loses that share of
    // the hours it is busy, keeps its power, and under cover rents the whole build's backup for them at today's
    // price (no trend, no on-demand overhead, no storage or egress: the compare-consistency test holds with
    // failures); under lost the work goes unserved.
    if (down > 0.0) {
        const double lost_gpu_hours = down * f.owned_gpu_hours;
        f.owned_gpu_hours *= 1.0 - down;
        if (a.downtime == DowntimePolicy::cover) {
            f.downtime_cover_usd = down * machine_hours * supply.on_demand.backup_usd_per_hour;
            f.on_demand_gpu_hours += lost_gpu_hours;
        } else {
            f.unserved_gpu_hours = lost_gpu_hours;
        }
    }
    f.on_demand_usd = rented_instance_hours(a, supply.rent_pricing, instance_hours, rented.spot_reruns) *
                      supply.on_demand.usd_per_hour * price_trend_factor(month, a.cloud_price_change_per_year);

    // A month that rents pays the cloud's storage and egress, and its staff when no machine is held.
    if (committed > 0 || instance_hours > 0.0) {
        const MonthlyCosts m = monthly_costs(b, supply.on_demand, a);
        f.cloud_fixed_usd = m.storage_usd + m.egress_usd;
        if (held == 0) f.staff_usd = m.staff_cloud_usd;
    }
    return f;
}

void add_lot_flows(const Supply& supply, const Lot& lot, std::vector<MonthFlows>& months) {
    const Assumptions& a = supply.assumptions;
    const auto n = static_cast<double>(lot.count);
    if (lot.count == 0) return;
    if (lot.kind != Kind::own) {
        // Every hour of the term at the rate of its first month (a commitment locks its price).
        const int last = lot.month + term_months(lot.kind) - 1;
        grow(months, last);
        const double usd = n * k_hours_per_month * commitment_usd_per_hour(supply, lot.kind) *
                           price_trend_factor(lot.month, a.cloud_price_change_per_year);
        for (int m = lot.month; m <= last; ++m) months[at(m)].commitment_usd += usd;
        return;
    }
    const int sold = sale_month(supply, lot.month);
    const int works_from = lot.month + lead_time_in_force(a);
    grow(months, std::max(sold, lot.month - 1));
    const double hardware = hardware_usd(supply.build);
    const MonthlyCosts m = monthly_costs(supply.build, supply.on_demand, a);
    months[at(lot.month - 1)].purchase_usd += n * (hardware + supply.build.setup_usd);
    for (int k = lot.month; k <= sold; ++k) {
        months[at(k)].staff_usd += n * m.staff_build_usd;
        if (k >= works_from) {
            months[at(k)].maintenance_usd += n * m.maintenance_usd;
            months[at(k)].facility_usd += n * m.facility_usd;
        }
    }
    // Sold at its age then (the engine's resale curve counts the age from the end of the lead time).
    const double value = resale_value_usd(hardware, sold - (lot.month - 1), a);
    if (value > 0.0) months[at(sold)].resale_usd -= n * value;
}

double present_cost(const MonthFlows& flows, int month, const Assumptions& a) noexcept {
    return flows.total_usd() * discount_factor(month, a.discount_rate, a.discounting);
}

double net_present_cost(const std::vector<MonthFlows>& months, const Assumptions& a) noexcept {
    double sum = 0.0;
    for (std::size_t k = 0; k < months.size(); ++k) sum += present_cost(months[k], static_cast<int>(k), a);
    return sum;
}

PlanCosts cost_schedule(const Supply& supply, const Demand& demand, const Schedule& schedule) {
    const Assumptions& a = supply.assumptions;
    const int lead = lead_time_in_force(a);
    PlanCosts out;
    out.months.resize(at(a.months) + 1);
    for (const Lot& lot : schedule.lots) add_lot_flows(supply, lot, out.months);
    for (int m = 1; m <= a.months; ++m) {
        std::int64_t working = 0;
        std::int64_t held = 0;
        std::int64_t committed = 0;
        for (const Lot& lot : schedule.lots) {
            if (lot.kind == Kind::own) {
                if (m < lot.month || m > sale_month(supply, lot.month)) continue;
                held += lot.count;
                if (m >= lot.month + lead) working += lot.count;
            } else if (m >= lot.month && m < lot.month + term_months(lot.kind)) {
                committed += lot.count;
            }
        }
        add(out.months[at(m)], month_use(supply, demand.months[at(m - 1)], m, working, held, committed));
    }
    // The same sum as net_present_cost(), kept month by month for the cumulative-spend chart.
    double sum = 0.0;
    out.cumulative_present_cost_usd.reserve(out.months.size());
    for (std::size_t k = 0; k < out.months.size(); ++k) {
        sum += present_cost(out.months[k], static_cast<int>(k), a);
        out.cumulative_present_cost_usd.push_back(sum);
    }
    out.net_present_cost_usd = sum;
    return out;
}

}  // namespace gpucost::plan
