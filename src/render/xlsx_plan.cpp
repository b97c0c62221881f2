// The plan's workbook (plan --format xlsx): the chosen schedule held fixed as input cells, its months' spend by
// source worked out from the Assumptions sheet's prices with formulas, discounted as the plan does
// (plan/supply.cpp's cost_schedule and present_cost), and a Summary of the net present cost and the peak month.
#include <algorithm>
#include <array>
#include <cstdint>

#include <fmt/format.h>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/plan/strategies.hpp"
#include "gpucost/render/xlsx.hpp"
#include "gpucost/report/plan_report.hpp"
#include "xlsx_parts.hpp"

namespace gpucost {
namespace {

using namespace xlsx_detail;
using plan::Kind;
using plan::MonthFlows;

const plan::StrategyResult& chosen(const PlanReport& r) { return r.strategies.back(); }
const std::vector<MonthFlows>& months_of(const PlanReport& r) { return chosen(r).costs.months; }
int last_month(const PlanReport& r) { return static_cast<int>(months_of(r).size()) - 1; }

// The count of `kind` bought or started in `month` by the chosen schedule.
double lots_in(const PlanReport& r, Kind kind, int month) {
    std::int64_t n = 0;
    for (const plan::Lot& lot : chosen(r).schedule.lots)
        if (lot.kind == kind && lot.month == month) n += lot.count;
    return static_cast<double>(n);
}

// On-demand instance-hours billed in month m before the overhead (plan/supply.cpp's month_use): instance j is up
// while level owned + committed + (j - 1) c + 1 of the month's curve is busy.
double instance_hours(const PlanReport& r, int month) {
    if (month < 1 || month > r.supply.assumptions.months) return 0.0;
    const MonthFlows& f = months_of(r)[static_cast<std::size_t>(month)];
    const plan::MonthLoad& load = r.demand.months[static_cast<std::size_t>(month - 1)];
    const std::int64_t c = r.supply.on_demand.gpus_per_instance;
    const std::int64_t base = f.machines_working * r.supply.build.gpu_count + f.committed_instances * c;
    double hours = 0.0;
    for (std::int64_t k = base + 1; k <= load.peak_gpus(); k += c) hours += load.hours(k);
    return hours;
}

// The busy hours owned machines lose to downtime in month m (plan/supply.cpp's month_use): the downtime fraction of
// the hours each working machine i is busy (while level i g + 1 is); the cover rents the backup for them.
double lost_machine_hours(const PlanReport& r, int month) {
    if (month < 1 || month > r.supply.assumptions.months) return 0.0;
    const MonthFlows& f = months_of(r)[static_cast<std::size_t>(month)];
    const plan::MonthLoad& load = r.demand.months[static_cast<std::size_t>(month - 1)];
    double machine_hours = 0.0;
    for (std::int64_t i = 0; i < f.machines_working; ++i) machine_hours += load.hours(i * r.supply.build.gpu_count + 1);
    return plan::downtime_fraction(r.supply.assumptions) * machine_hours;
}

void input_row(Sheet& s, int row, std::string_view name, double value, std::string_view unit, std::string_view source,
               const Formats& f) {
    s.text(row, 0, name);
    s.number(row, 1, value, f.input);
    s.text(row, 2, unit);
    s.text(row, 3, source);
    s.name_cell(name, row, 1);
}

void write_plan_assumptions(Sheet& s, const PlanReport& r, const Formats& f) {
    const Assumptions& a = r.supply.assumptions;
    const auto source = [&](AssumptionKey key) { return r.assumptions.sources[static_cast<std::size_t>(key)]; };
    const std::string build = fmt::format("catalogue build {}", r.build.id);
    const std::string offer = fmt::format("catalogue offer {}", r.offer.id);
    constexpr std::array<const char*, 4> headings = {"Name", "Value", "Unit", "Source"};
    for (int col = 0; col < 4; ++col) s.text(0, col, headings[static_cast<std::size_t>(col)], f.heading);
    int row = 1;
    input_row(s, row++, "horizon_months", a.months, "months", source(AssumptionKey::horizon_months), f);
    input_row(s, row++, "discount_rate", a.discount_rate, "per year", source(AssumptionKey::discount_rate), f);
    s.text(row, 0, "discounting");
    s.text(row, 1, a.discounting == DiscountConvention::annual ? "annual" : "monthly", f.input);
    s.text(row, 3, source(AssumptionKey::discounting));
    s.name_cell("discounting", row++, 1);
    input_row(s, row++, "gpu_count", static_cast<double>(r.supply.build.gpu_count), "GPUs", build, f);
    input_row(s, row++, "gpu_price_usd", r.supply.build.gpu_price_usd, "USD", build, f);
    input_row(s, row++, "base_price_usd", r.supply.build.base_price_usd, "USD", build, f);
    input_row(s, row++, "setup_usd", r.supply.build.setup_usd, "USD", build, f);
    s.text(row, 0, "hardware_usd");
    s.formula(row, 1, "=gpu_count*gpu_price_usd+base_price_usd", f.usd, hardware_usd(r.supply.build));
    s.text(row, 2, "USD");
    s.text(row, 3, "g x GPU price + base price");
    s.name_cell("hardware_usd", row++, 1);
    input_row(s, row++, "gpus_per_instance", static_cast<double>(r.supply.on_demand.gpus_per_instance), "GPUs", offer,
              f);
    input_row(s, row++, "on_demand_usd_per_hour", r.supply.on_demand.usd_per_hour, "USD/instance-hour", offer, f);
    input_row(s, row++, "reserved_1y_usd_per_hour", r.supply.reserved_1y_usd_per_hour.value_or(0.0),
              "USD/instance-hour", r.supply.reserved_1y_usd_per_hour ? offer : offer + " (not offered: 0)", f);
    input_row(s, row++, "reserved_3y_usd_per_hour", r.supply.reserved_3y_usd_per_hour.value_or(0.0),
              "USD/instance-hour", r.supply.reserved_3y_usd_per_hour ? offer : offer + " (not offered: 0)", f);
    input_row(s, row++, "backup_usd_per_hour", r.supply.on_demand.backup_usd_per_hour, "USD/hour",
              "the backup offer's on-demand price for the whole build (the downtime cover; a cell of its own)", f);
    input_row(s, row++, "on_demand_overhead", a.on_demand_overhead, "share", source(AssumptionKey::on_demand_overhead),
              f);
    input_row(s, row, "cloud_price_change_per_year", a.cloud_price_change_per_year, "per year",
              source(AssumptionKey::cloud_price_change_per_year), f);
    s.column_width(0, 0, 30);
    s.column_width(1, 2, 16);
    s.column_width(3, 3, 60);
}

// The Schedule sheet's columns: the chosen plan's decisions and what it serves, and the flows gpucost worked out
// for them that the workbook carries as values (power, staff, maintenance, facility, resale, cloud fixed costs,
// downtime cover).
enum ScheduleCol : int {
    s_month,
    s_bought,
    s_1y,
    s_3y,
    s_demand,
    s_capacity,
    s_owned,
    s_committed,
    s_on_demand,
    s_instance_hours,
    s_power,
    s_staff,
    s_maintenance,
    s_facility,
    s_resale,
    s_fixed,
    s_lost,
    s_count
};
constexpr std::array<const char*, s_count> k_schedule_headings = {"Month",
                                                                  "Machines bought (start of month)",
                                                                  "1-year commitments started",
                                                                  "3-year commitments started",
                                                                  "Demand GPU-hours",
                                                                  "Owned capacity GPU-hours",
                                                                  "Served owned GPU-hours",
                                                                  "Served committed GPU-hours",
                                                                  "Served on-demand GPU-hours",
                                                                  "On-demand instance-hours billed (before overhead)",
                                                                  "Power USD (value)",
                                                                  "Staff USD (value)",
                                                                  "Maintenance USD (value)",
                                                                  "Facility USD (value)",
                                                                  "Resale USD (value)",
                                                                  "Cloud storage and egress USD (value)",
                                                                  "Busy machine-hours lost to downtime"};

void write_schedule(Sheet& s, const PlanReport& r, const Formats& f) {
    for (int col = 0; col < s_count; ++col)
        s.text(0, col, k_schedule_headings[static_cast<std::size_t>(col)], f.heading);
    for (int k = 0; k <= last_month(r); ++k) {
        const MonthFlows& m = months_of(r)[static_cast<std::size_t>(k)];
        const bool in_horizon = k >= 1 && k <= r.supply.assumptions.months;
        const double demand = in_horizon ? r.demand.months[static_cast<std::size_t>(k - 1)].gpu_hours() : 0.0;
        const std::array<double, s_count> v = {static_cast<double>(k),
                                               lots_in(r, Kind::own, k),
                                               lots_in(r, Kind::commit_1y, k),
                                               lots_in(r, Kind::commit_3y, k),
                                               demand,
                                               m.owned_capacity_gpu_hours,
                                               m.owned_gpu_hours,
                                               m.committed_gpu_hours,
                                               m.on_demand_gpu_hours,
                                               instance_hours(r, k),
                                               m.power_usd,
                                               m.staff_usd,
                                               m.maintenance_usd,
                                               m.facility_usd,
                                               m.resale_usd,
                                               m.cloud_fixed_usd,
                                               lost_machine_hours(r, k)};
        for (int col = 0; col < s_count; ++col)
            s.number(1 + k, col, v[static_cast<std::size_t>(col)], col == s_month ? nullptr : f.input);
    }
    s.column_width(0, s_count - 1, 16);
    s.freeze(1, 1);
}

enum CashCol : int {
    c_month,
    c_v,
    c_purchase,
    c_resale,
    c_power,
    c_staff,
    c_maintenance,
    c_facility,
    c_commit,
    c_on_demand,
    c_fixed,
    c_cover,
    c_total,
    c_discounted,
    c_cumulative,
    c_running,
    c_started_1y,
    c_started_3y,
    c_count
};
constexpr std::array<const char*, c_count> k_cash_headings = {"Month",
                                                              "Discount factor",
                                                              "Purchases",
                                                              "Resale",
                                                              "Power",
                                                              "Staff",
                                                              "Maintenance",
                                                              "Facility",
                                                              "Commitments",
                                                              "On demand",
                                                              "Cloud storage and egress",
                                                              "Downtime cover",
                                                              "Month total",
                                                              "Discounted",
                                                              "Cumulative discounted",
                                                              "Running spend (no purchases, resale)",
                                                              "1-year lots started: USD a month",
                                                              "3-year lots started: USD a month"};

std::string sched(int row, int col) { return "Schedule!" + cell_address(row, col); }

// The formulas and cached values of Cash flow month k.
void write_cash_month(Sheet& s, const PlanReport& r, const Formats& f, int k) {
    const Assumptions& a = r.supply.assumptions;
    const MonthFlows& m = months_of(r)[static_cast<std::size_t>(k)];
    const int row = 1 + k;
    const auto here = [&](int col) { return cell_address(row, col); };
    const double trend = k >= 1 ? price_trend_factor(k, a.cloud_price_change_per_year) : 1.0;
    const std::string g = "(1+cloud_price_change_per_year)^((A" + std::to_string(row + 1) + "-1)/12)";
    const double v = discount_factor(k, a.discount_rate, a.discounting);
    s.number(row, c_month, k);
    s.formula(row, c_v,
              fmt::format("=IF(discount_rate=0,1,(1+discount_rate)^(-IF(discounting=\"annual\",INT(({0}+11)/12),"
                          "{0}/12)))",
                          here(c_month)),
              f.factor, v);
    const std::string next = k < last_month(r) ? sched(row + 1, s_bought) : "0";
    s.formula(row, c_purchase, "=" + next + "*(hardware_usd+setup_usd)", f.usd, m.purchase_usd);
    const std::array<std::pair<int, int>, 6> values = {{{c_resale, s_resale},
                                                        {c_power, s_power},
                                                        {c_staff, s_staff},
                                                        {c_maintenance, s_maintenance},
                                                        {c_facility, s_facility},
                                                        {c_fixed, s_fixed}}};
    const std::array<double, 6> cached = {m.resale_usd,      m.power_usd,    m.staff_usd,
                                          m.maintenance_usd, m.facility_usd, m.cloud_fixed_usd};
    for (std::size_t i = 0; i < values.size(); ++i)
        s.formula(row, values[i].first, "=" + sched(row, values[i].second), f.usd, cached[i]);
    s.formula(row, c_cover,
              r.supply.assumptions.downtime == DowntimePolicy::cover ? "=" + sched(row, s_lost) + "*backup_usd_per_hour"
                                                                     : std::string("=0"),
              f.usd, m.downtime_cover_usd);
    const double n1 = lots_in(r, Kind::commit_1y, k);
    const double n3 = lots_in(r, Kind::commit_3y, k);
    s.formula(row, c_started_1y, fmt::format("={}*730*reserved_1y_usd_per_hour*{}", sched(row, s_1y), g), f.usd,
              n1 * k_hours_per_month * r.supply.reserved_1y_usd_per_hour.value_or(0.0) * trend);
    s.formula(row, c_started_3y, fmt::format("={}*730*reserved_3y_usd_per_hour*{}", sched(row, s_3y), g), f.usd,
              n3 * k_hours_per_month * r.supply.reserved_3y_usd_per_hour.value_or(0.0) * trend);
    // A commitment bills every month of its term at the rate of its first month: the lots started in the last
    // 12 (36) months.
    const auto billing = [&](int col, int term) {
        return fmt::format("SUM({}:{})", cell_address(1 + std::max(1, k - term + 1), col), here(col));
    };
    s.formula(row, c_commit, k == 0 ? "=0" : "=" + billing(c_started_1y, 12) + "+" + billing(c_started_3y, 36), f.usd,
              m.commitment_usd);
    s.formula(
        row, c_on_demand,
        k == 0 ? "=0"
               : fmt::format("={}*(1+on_demand_overhead)*on_demand_usd_per_hour*{}", sched(row, s_instance_hours), g),
        f.usd, m.on_demand_usd);
    s.formula(row, c_total, fmt::format("=SUM({}:{})", here(c_purchase), here(c_cover)), f.usd, m.total_usd());
    s.formula(row, c_discounted, fmt::format("={}*{}", here(c_total), here(c_v)), f.usd, plan::present_cost(m, k, a));
    s.formula(row, c_cumulative,
              k == 0 ? "=" + here(c_discounted)
                     : fmt::format("={}+{}", cell_address(row - 1, c_cumulative), here(c_discounted)),
              f.usd, chosen(r).costs.cumulative_present_cost_usd[static_cast<std::size_t>(k)]);
    s.formula(row, c_running, k == 0 ? "=0" : fmt::format("={}-{}-{}", here(c_total), here(c_purchase), here(c_resale)),
              f.usd, k == 0 ? 0.0 : m.total_usd() - m.purchase_usd - m.resale_usd);
}

void write_plan_cash_flow(Sheet& s, const PlanReport& r, const Formats& f) {
    for (int col = 0; col < c_count; ++col) s.text(0, col, k_cash_headings[static_cast<std::size_t>(col)], f.heading);
    for (int k = 0; k <= last_month(r); ++k) write_cash_month(s, r, f, k);
    s.column_width(0, c_count - 1, 16);
    s.freeze(1, 1);
}

void write_plan_summary(Sheet& s, const PlanReport& r, const Formats& f) {
    const int last = 1 + last_month(r);
    const std::string discounted =
        fmt::format("'Cash flow'!{}:{}", cell_address(1, c_discounted, true), cell_address(last, c_discounted, true));
    const std::string running =
        fmt::format("'Cash flow'!{}:{}", cell_address(2, c_running, true), cell_address(last, c_running, true));
    s.text(0, 0, "Figure", f.heading);
    s.text(0, 1, "USD", f.heading);
    s.text(0, 2, "Name", f.heading);
    s.text(0, 3, "How", f.heading);
    const auto line = [&](int row, std::string_view label, std::string_view name, const std::string& formula,
                          double cached) {
        s.text(row, 0, label);
        s.formula(row, 1, formula, f.usd_bold, cached);
        s.text(row, 2, name);
        s.text(row, 3, formula.substr(1));
        s.name_cell(name, row, 1);
    };
    line(1, "The plan: net present cost", "plan_net_present_cost_usd", "=SUM(" + discounted + ")",
         chosen(r).costs.net_present_cost_usd);
    line(2, "The plan: peak monthly spend (purchases and resale left out)", "plan_peak_monthly_spend_usd",
         "=MAX(" + running + ")", chosen(r).peak_monthly_spend_usd);
    s.text(4, 0, "The pure strategies, as gpucost costed them (values, not formulas: their schedules differ)",
           f.heading);
    int row = 5;
    for (const plan::StrategyResult& strategy : r.strategies) {
        if (strategy.strategy == plan::Strategy::plan) continue;
        s.text(row, 0, fmt::format("{}: net present cost", plan::to_string(strategy.strategy)));
        s.number(row++, 1, strategy.costs.net_present_cost_usd, f.usd);
    }
    s.text(row + 1, 0,
           "The schedule (Schedule sheet) is held fixed: change a price or the discount rate and the plan's "
           "cost follows for that schedule; gpucost may choose another schedule at other prices.");
    s.column_width(0, 0, 60);
    s.column_width(1, 1, 18);
    s.column_width(2, 2, 30);
    s.column_width(3, 3, 60);
}

}  // namespace

std::string render_xlsx(const PlanReport& report, const RenderOptions& options) {
    if (!options.currency.is_usd())
        throw UsageError("--format xlsx: the workbook's formulas count in USD; drop --currency and --usd-rate");
    // The Cash flow sheet prices the rented hours on demand; a plan that rents on spot (plan --pricing spot) bills
    // them otherwise (interruptions, spot's overhead), which the formulas do not follow.
    const Pricing rent = report.supply.assumptions.pricing;
    if (rent != Pricing::on_demand)
        throw UsageError(fmt::format("--format xlsx: the plan's workbook prices the rented hours on demand; "
                                     "--pricing {} is not in its formulas (use json or csv)",
                                     to_string(rent)));
    if (report.strategies.empty() || report.strategies.back().strategy != plan::Strategy::plan)
        throw UsageError("--format xlsx: the plan has no chosen schedule to write");
    return workbook_file_bytes(fmt::format("gpucost plan: build {} against offer {}", report.build.id, report.offer.id),
                               [&](lxw_workbook* workbook, const Formats& formats) {
                                   Sheet summary(workbook, "Summary");
                                   Sheet cash_flow(workbook, "Cash flow");
                                   Sheet schedule(workbook, "Schedule");
                                   Sheet assumptions(workbook, "Assumptions");
                                   write_plan_assumptions(assumptions, report, formats);
                                   write_plan_cash_flow(cash_flow, report, formats);
                                   write_plan_summary(summary, report, formats);
                                   write_schedule(schedule, report, formats);
                               });
}

}  // namespace gpucost
