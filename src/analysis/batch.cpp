#include "gpucost/analysis/batch.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "gpucost/engine/build_power.hpp"
#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/model/assumption_rules.hpp"

namespace gpucost {
namespace {

using Field = BatchEvaluator::Field;
using Fields = BatchEvaluator::Fields;

// The field a slot writes; empty for a slot the fast path does not cover (needs_general_path).
std::optional<Field> field_of(Slot slot, bool offer_storage_price) noexcept {
    switch (slot.kind) {
        case SlotKind::gpu_price_usd: return Field::f_gpu_price;
        case SlotKind::gpu_tdp_w: return Field::f_gpu_tdp;
        case SlotKind::gpu_idle_w: return Field::f_gpu_idle;
        case SlotKind::base_price_usd: return Field::f_base_price;
        case SlotKind::base_load_w: return Field::f_base_load;
        case SlotKind::base_idle_w: return Field::f_base_idle;
        case SlotKind::setup_usd: return Field::f_setup;
        case SlotKind::usd_per_hour: return Field::f_usd_per_hour;
        case SlotKind::assumption: break;
    }
    using K = AssumptionKey;
    switch (slot.key) {
        case K::hours_per_week: return Field::f_hours;
        case K::electricity_usd_per_kwh: return Field::f_kwh;
        case K::pue: return Field::f_pue;
        case K::staff_salary_usd: return Field::f_salary;
        case K::staff_fte_build: return Field::f_fte_build;
        case K::staff_fte_cloud: return Field::f_fte_cloud;
        case K::maintenance_rate: return Field::f_maintenance;
        case K::facility_usd_per_month: return Field::f_facility;
        case K::useful_life_years: return Field::f_life;
        case K::residual_value: return Field::f_residual;
        case K::resale_decline_per_year: return Field::f_decline;
        case K::spot_overhead: return Field::f_spot_overhead;
        case K::on_demand_overhead: return Field::f_on_demand_overhead;
        case K::cloud_storage_usd_per_month: return Field::f_storage_month;
        case K::cloud_egress_usd_per_month: return Field::f_egress;
        case K::storage_tb: return Field::f_storage_tb;
        case K::cloud_storage_usd_per_tb_month: return offer_storage_price ? Field::f_unused : Field::f_storage_per_tb;
        case K::failures_per_machine_year: return Field::f_failures;
        case K::repair_hours: return Field::f_repair;
        case K::planned_maintenance_hours_per_year: return Field::f_planned;
        case K::spot_interruptions_per_instance_month: return Field::f_spot_interruptions;
        case K::spot_restart_hours: return Field::f_spot_restart;
        // Read by no evaluation: a range on it is applied to failures_per_machine_year (report/uncertainty.cpp).
        case K::failures_per_gpu_year: return Field::f_unused;
        // The weights' own inputs: written into each draw's assumptions by the horizon path (batch_horizon.cpp).
        case K::discount_rate:
        case K::horizon_months:
        case K::lead_time_months:
        case K::cloud_price_change_per_year:
        case K::electricity_price_change_per_year: return Field::f_unused;
        default: return std::nullopt;
    }
}

Fields point_fields(const Case& c) noexcept {
    const BuildSpec& b = c.build;
    const Assumptions& a = c.assumptions;
    Fields v{};
    v[Field::f_gpu_price] = b.gpu_price_usd;
    v[Field::f_gpu_tdp] = b.gpu_tdp_w;
    v[Field::f_gpu_idle] = b.gpu_idle_w;
    v[Field::f_base_price] = b.base_price_usd;
    v[Field::f_base_load] = b.base_load_w;
    v[Field::f_base_idle] = b.base_idle_w;
    v[Field::f_setup] = b.setup_usd;
    v[Field::f_usd_per_hour] = c.cloud.usd_per_hour;
    v[Field::f_hours] = a.hours_per_week;
    v[Field::f_kwh] = a.electricity_usd_per_kwh;
    v[Field::f_pue] = a.pue;
    v[Field::f_salary] = a.staff_salary_usd;
    v[Field::f_fte_build] = a.staff_fte_build;
    v[Field::f_fte_cloud] = a.staff_fte_cloud;
    v[Field::f_maintenance] = a.maintenance_rate;
    v[Field::f_facility] = a.facility_usd_per_month;
    v[Field::f_life] = a.useful_life_years;
    v[Field::f_residual] = a.residual_value;
    v[Field::f_decline] = a.resale_decline_per_year;
    v[Field::f_spot_overhead] = a.spot_overhead;
    v[Field::f_on_demand_overhead] = a.on_demand_overhead;
    v[Field::f_storage_month] = a.cloud_storage_usd_per_month;
    v[Field::f_egress] = a.cloud_egress_usd_per_month;
    v[Field::f_storage_tb] = a.storage_tb;
    v[Field::f_storage_per_tb] = c.cloud.storage_usd_per_tb_month.value_or(a.cloud_storage_usd_per_tb_month);
    v[Field::f_failures] = a.failures_per_machine_year;
    v[Field::f_repair] = a.repair_hours;
    v[Field::f_planned] = a.planned_maintenance_hours_per_year;
    v[Field::f_spot_interruptions] = a.spot_interruptions_per_instance_month;
    v[Field::f_spot_restart] = a.spot_restart_hours;
    return v;
}

}  // namespace

double BatchEvaluator::cover_usd_per_hour(const Case& c) noexcept {
    return c.assumptions.downtime == DowntimePolicy::cover ? c.cloud.backup_usd_per_hour : 0.0;
}

DrawOutcome outcome_of(const Evaluation& e) noexcept {
    DrawOutcome o;
    o.build_total_usd = e.build.total_usd;
    o.cloud_total_usd = e.cloud.total_usd;
    o.break_even_hours = e.break_even_hours_per_week.value_or(std::numeric_limits<double>::quiet_NaN());
    o.payback_month = e.payback_month.value_or(0);
    o.payback_month_if_sold = e.payback_month_if_sold.value_or(0);
    return o;
}

BatchEvaluator::BatchEvaluator(const Case& base, std::span<const Slot> slots)
    : m_base(base),
      m_slots(slots.begin(), slots.end()),
      m_point(point_fields(base)) {
    const Assumptions& a = base.assumptions;
    m_offer_storage_price = base.cloud.storage_usd_per_tb_month.has_value();
    for (std::size_t i = 0; i < m_slots.size(); ++i) {
        const Slot s = m_slots[i];
        // A loan's or a lease's terms, or the depreciation terms, where the base case has no loan, lease or tax: no
        // draw reads them (the shipped catalogue ranges loan_rate, so every simulation has one), so they take no
        // field and keep the fast path. A ranged tax rate is an input the fast path does not know: evaluate() per
        // draw, which reads them all.
        const bool read = s.kind != SlotKind::assumption || finance_assumption_read(s.key, a);
        const std::optional<Field> f = read ? field_of(s, m_offer_storage_price) : Field::f_unused;
        m_general = m_general || !f || (read && needs_general_path(s));
        if (f && moves_weights(s)) m_weight_slots.push_back(i);
        m_fields.push_back(f.value_or(Field::f_unused));
        const bool straight = a.resale == ResaleModel::straight_line;
        m_resale_varies = m_resale_varies || (straight && (f == Field::f_life || f == Field::f_residual)) ||
                          (a.resale == ResaleModel::curve && f == Field::f_decline);
    }
    // Year-end discounting steps its factors by whole years, which the tables below do not: evaluate() per draw.
    m_general = m_general || a.discounting == DiscountConvention::annual;
    // Financing and tax (issue 24) are month-by-month schedules the tables below do not restate.
    m_general = m_general || uses_finance(a);
    // A monthly rental (issue 20 item 6a) bills whole months and a setup fee, which the tables below do not restate.
    m_general = m_general || base.cloud.billed_monthly();
    m_weights_vary = !m_weight_slots.empty();
    m_months = a.months;
    m_lead = lead_time_in_force(a);
    m_uniform = m_lead == 0 && a.cloud_price_change_per_year == 0.0 && a.electricity_price_change_per_year == 0.0;
    m_gpus = static_cast<double>(base.build.gpu_count);
    m_instances = static_cast<double>(instances_needed(base.build.gpu_count, base.cloud.gpus_per_instance));
    const HorizonWeights w = horizon_weights(a, base.cloud.interim_pricing);
    m_horizon = {w.all,
                 w.running,
                 w.lead,
                 w.power,
                 w.cloud,
                 w.interim,
                 1.0,
                 m_lead > 0 ? base.cloud.interim_usd_per_hour : 0.0,
                 cover_usd_per_hour(base),
                 m_lead,
                 m_uniform};

    fill_months(base);
    fill_trend_bounds(base);
}

void BatchEvaluator::fill_trend_bounds(const Case& base) {
    const Assumptions& a = base.assumptions;
    const double g = a.cloud_price_change_per_year;
    m_least_cloud_factor = std::numeric_limits<double>::infinity();
    m_least_power_factor = std::numeric_limits<double>::infinity();
    m_least_interim_factor = std::numeric_limits<double>::infinity();
    m_most_cloud_factor = m_most_power_factor = m_most_interim_factor = 0.0;
    for (int k = 1; k <= m_months; ++k) {
        const double cloud_factor = cloud_price_factor(a.pricing, k, g);
        m_least_cloud_factor = std::min(m_least_cloud_factor, cloud_factor);
        m_most_cloud_factor = std::max(m_most_cloud_factor, cloud_factor);
        if (k > m_lead) {
            const double e = price_trend_factor(k, a.electricity_price_change_per_year);
            m_most_power_factor = std::max(m_most_power_factor, e);
            m_least_power_factor = std::min(m_least_power_factor, e);
        } else {
            const double f = cloud_price_factor(base.cloud.interim_pricing, k, g);
            m_most_interim_factor = std::max(m_most_interim_factor, f);
            m_least_interim_factor = std::min(m_least_interim_factor, f);
        }
    }
}

void BatchEvaluator::fill_months(const Case& base) {
    const Assumptions& a = base.assumptions;
    const auto n = static_cast<std::size_t>(m_months) + 1;
    for (std::vector<double>* column :
         {&m_annuity, &m_factor, &m_kept, &m_age_years, &m_c_power, &m_c_running, &m_c_cloud, &m_c_interim, &m_c_lead})
        column->assign(n, 0.0);
    const double g = a.cloud_price_change_per_year;
    double power = 0.0, running = 0.0, cloud = 0.0, interim = 0.0, lead = 0.0;
    for (int k = 1; k <= m_months; ++k) {
        const auto i = static_cast<std::size_t>(k);
        const double v = discount_factor(k, a.discount_rate);
        m_annuity[i] = annuity_factor(k, a.discount_rate);
        m_factor[i] = v;
        m_kept[i] = resale_value_usd(1.0, k, a);
        m_age_years[i] = static_cast<double>(std::max(0, k - m_lead)) / k_months_per_year;
        if (k > m_lead) {
            power += price_trend_factor(k, a.electricity_price_change_per_year) * v;
            running += v;
        } else {
            interim += cloud_price_factor(base.cloud.interim_pricing, k, g) * v;
            lead += v;
        }
        cloud += cloud_price_factor(a.pricing, k, g) * v;
        m_c_power[i] = power;
        m_c_running[i] = running;
        m_c_cloud[i] = cloud;
        m_c_interim[i] = interim;
        m_c_lead[i] = lead;
    }
    m_horizon.final_factor = m_factor[n - 1];
    // The payback if sold closes the gap A(k) (cloud - build) - upfront + H r(k), r(k) = kept(k) d(k): it grows
    // from month to month when the monthly gap beats the largest monthly fall of the discounted resale share per
    // unit of d(k+1), so a monthly gap above that bound (with a margin for rounding) allows a binary search.
    bool falls = true;
    double bound = 0.0;
    for (std::size_t i = 1; i + 1 < n; ++i) {
        const double drop = m_kept[i] * m_factor[i] - m_kept[i + 1] * m_factor[i + 1];
        falls = falls && drop >= 0.0;
        bound = std::max(bound, drop / m_factor[i + 1]);
    }
    m_discount_step = n > 2 ? m_factor[1] / m_factor[2] : 0.0;
    m_sold_gap_bound =
        falls && !m_resale_varies ? bound * (1.0 + 1e-6) + 1e-9 : std::numeric_limits<double>::infinity();
    // The inverse of A over cells of width A(M) / (8 M): the first month whose annuity reaches each cell's start.
    const std::size_t cells = 8 * static_cast<std::size_t>(m_months);
    m_cell_width = m_annuity[n - 1] / static_cast<double>(cells);
    m_first_in_cell.assign(cells + 1, 0);
    int k = 1;
    for (std::size_t c = 0; c <= cells; ++c) {
        while (k <= m_months && m_annuity[static_cast<std::size_t>(k)] < m_cell_width * static_cast<double>(c)) ++k;
        m_first_in_cell[c] = k;
    }
}

double BatchEvaluator::kept_at(std::size_t i, double life, double residual, double decline) const noexcept {
    if (!m_resale_varies) return m_kept[i];
    // resale_value_usd(1, month, a)'s two ranged models, with the age worked out once.
    if (m_base.assumptions.resale == ResaleModel::curve) return std::pow(1.0 - decline, m_age_years[i]);
    return 1.0 - (1.0 - residual) * (std::min(m_age_years[i], life) / life);
}

DrawOutcome BatchEvaluator::operator()(std::span<const double> values) const noexcept {
    if (m_general) {
        Case c = m_base;
        for (std::size_t i = 0; i < m_slots.size(); ++i) write_slot(c, m_slots[i], values[i]);
        return outcome_of(evaluate(c.build, c.cloud, c.assumptions));
    }
    Fields v = m_point;
    for (std::size_t i = 0; i < m_fields.size(); ++i) v[m_fields[i]] = values[i];
    return m_weights_vary ? fast_horizon(v, values) : fast(v);
}

void BatchEvaluator::run(std::span<const double* const> columns, std::size_t count, BlockOutcomes& out) const noexcept {
    const auto store = [&](std::size_t d, const DrawOutcome& o) {
        out.build_total_usd[d] = o.build_total_usd;
        out.cloud_total_usd[d] = o.cloud_total_usd;
        out.owning_saves_usd[d] = o.cloud_total_usd - o.build_total_usd;
        if (!std::isnan(o.break_even_hours)) out.break_even_hours[out.break_evens++] = o.break_even_hours;
        ++out.payback_counts[o.payback_month];
        ++out.if_sold_counts[o.payback_month_if_sold];
        out.build_cheaper += o.build_total_usd < o.cloud_total_usd ? 1u : 0u;
        out.cloud_cheaper += o.cloud_total_usd < o.build_total_usd ? 1u : 0u;
    };
    if (m_general) {
        Case c = m_base;
        for (std::size_t d = 0; d < count; ++d) {
            for (std::size_t i = 0; i < m_slots.size(); ++i) write_slot(c, m_slots[i], columns[i][d]);
            store(d, outcome_of(evaluate(c.build, c.cloud, c.assumptions)));
        }
        return;
    }
    if (m_weights_vary) {
        // Each draw has its own weights: draw by draw, through the one-draw path.
        std::vector<double> values(m_slots.size());
        for (std::size_t d = 0; d < count; ++d) {
            for (std::size_t i = 0; i < values.size(); ++i) values[i] = columns[i][d];
            store(d, (*this)(values));
        }
        return;
    }
    run_fast(columns, count, out);
}

}  // namespace gpucost
