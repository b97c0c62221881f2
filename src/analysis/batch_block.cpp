// The batch evaluator over a block of draws (run()): the same formulas as fast() (batch_draw.cpp), in the same
// order of operations, so each draw's figures are fast()'s to the bit (a test holds them so), but laid out for the
// compiler to vectorise. Draws go in chunks of 64: each field is a row of 64 numbers (the ranged ones from the
// block's columns, the others their point value, repeated), the totals, the break-even's two ends and the
// paybacks' terms are worked out row by row with no branch that depends on a draw, and only the paybacks and the
// counters then go draw by draw.
#include <algorithm>
#include <array>

#include "gpucost/analysis/batch.hpp"
#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/categories.hpp"
#include "vector_clones.hpp"

namespace gpucost {

// Tripwire: chunk_totals() restates evaluate()'s categories (as fast() does, batch_draw.cpp).
// The six finance categories (issue 24) are 0 on the fast paths: a comparison with financing or tax takes the
// general path (batch.cpp), evaluate() per draw.
// The cloud's setup fee (a monthly rental's, issue 20 item 6a) is 0 on the fast paths too: a monthly rental takes the
// general path.
static_assert(k_category_count == 20, "a new cost category: add it to BatchEvaluator::fast and chunk_totals");

namespace {

constexpr std::size_t k_chunk = 64;
using Row = std::array<double, k_chunk>;
using F = BatchEvaluator::Field;

}  // namespace

// What run() reads of the evaluator, copied into locals so that no store into the rows can alias it.
struct BatchEvaluator::ChunkConstants {
    double gpus, instances, interim_usd_per_hour, cover_usd_per_hour;
    double w_all, w_running, w_lead, w_power, w_cloud, w_interim, final_factor;
    bool always_on, uniform, lead, reserved, interim_reserved, spot, interim_spot;
    F overhead, interim_overhead;  // the overhead field each pricing bills (spot or on-demand)
};

// The rows one chunk's paybacks read, and the two ends of the break-even.
struct BatchEvaluator::ChunkRows {
    Row upfront, hardware, power, staff_build, running, interim, storage_egress, compute, cloud_fixed;
    Row build_month, cloud_month, d_low, d_high;
};

namespace {

F overhead_field(Pricing p) noexcept { return p == Pricing::spot ? F::f_spot_overhead : F::f_on_demand_overhead; }
bool reserved(Pricing p) noexcept { return p == Pricing::reserved_1y || p == Pricing::reserved_3y; }

}  // namespace

BatchEvaluator::ChunkConstants BatchEvaluator::chunk_constants() const noexcept {
    const Assumptions& a = m_base.assumptions;
    return {m_gpus,
            m_instances,
            m_horizon.interim_usd_per_hour,
            m_horizon.cover_usd_per_hour,
            m_horizon.w_all,
            m_horizon.w_running,
            m_horizon.w_lead,
            m_horizon.w_power,
            m_horizon.w_cloud,
            m_horizon.w_interim,
            m_horizon.final_factor,
            a.idle == IdlePolicy::always_on,
            m_uniform,
            m_lead > 0,
            reserved(a.pricing),
            reserved(m_base.cloud.interim_pricing),
            a.pricing == Pricing::spot,
            m_base.cloud.interim_pricing == Pricing::spot,
            overhead_field(a.pricing),
            overhead_field(m_base.cloud.interim_pricing)};
}

// Vectorised for the widest registers the CPU has (vector_clones.hpp says why the values are the same).
// long: fast()'s formulas over a chunk's rows, kept in one loop body so the compiler vectorises them together
GPUCOST_VECTOR_CLONES void BatchEvaluator::chunk_totals(const ChunkConstants& k,
                                                        const std::array<const double*, f_count>& v, std::size_t n,
                                                        double* __restrict build_total, double* __restrict cloud_total,
                                                        double* __restrict saves, const double* __restrict kept,
                                                        ChunkRows& __restrict r) noexcept {
    // Every row and constant in a local: the loop then reads nothing a store could alias. The switches are
    // numbers, 1 on and 0 off, that multiply the two cases: x * 1 + y * 0 is exactly x for finite y, so the draws
    // get fast()'s figures to the bit, and the loop has no branch (the vectoriser takes no select on a bool).
    const double* __restrict const gpu_price_row = v[F::f_gpu_price];
    const double* __restrict const gpu_tdp_row = v[F::f_gpu_tdp];
    const double* __restrict const gpu_idle_row = v[F::f_gpu_idle];
    const double* __restrict const base_price_row = v[F::f_base_price];
    const double* __restrict const base_load_row = v[F::f_base_load];
    const double* __restrict const base_idle_row = v[F::f_base_idle];
    const double* __restrict const setup_row = v[F::f_setup];
    const double* __restrict const usd_per_hour_row = v[F::f_usd_per_hour];
    const double* __restrict const hours_row = v[F::f_hours];
    const double* __restrict const kwh_row = v[F::f_kwh];
    const double* __restrict const pue_row = v[F::f_pue];
    const double* __restrict const salary_row = v[F::f_salary];
    const double* __restrict const fte_build_row = v[F::f_fte_build];
    const double* __restrict const fte_cloud_row = v[F::f_fte_cloud];
    const double* __restrict const maintenance_row = v[F::f_maintenance];
    const double* __restrict const facility_row = v[F::f_facility];
    const double* __restrict const storage_month_row = v[F::f_storage_month];
    const double* __restrict const egress_row = v[F::f_egress];
    const double* __restrict const storage_tb_row = v[F::f_storage_tb];
    const double* __restrict const storage_per_tb_row = v[F::f_storage_per_tb];
    const double* __restrict const failures_row = v[F::f_failures];
    const double* __restrict const repair_row = v[F::f_repair];
    const double* __restrict const planned_row = v[F::f_planned];
    const double* __restrict const spot_interruptions_row = v[F::f_spot_interruptions];
    const double* __restrict const spot_restart_row = v[F::f_spot_restart];
    const double* __restrict const overhead_row = v[k.overhead];
    const double* __restrict const interim_overhead_row = v[k.interim_overhead];
    const double c_gpus = k.gpus;
    const double c_instances = k.instances;
    const double c_interim_usd_per_hour = k.interim_usd_per_hour;
    const double c_cover_usd_per_hour = k.cover_usd_per_hour;
    const double c_w_all = k.w_all;
    const double c_w_running = k.w_running;
    const double c_w_lead = k.w_lead;
    const double c_w_power = k.w_power;
    const double c_w_cloud = k.w_cloud;
    const double c_w_interim = k.w_interim;
    const double c_final_factor = k.final_factor;
    const double c_always_on = k.always_on ? 1.0 : 0.0;
    const double c_uniform = k.uniform ? 1.0 : 0.0;
    const double c_lead = k.lead ? 1.0 : 0.0;
    const double c_reserved = k.reserved ? 1.0 : 0.0;
    const double c_interim_reserved = k.interim_reserved ? 1.0 : 0.0;
    const double c_spot = k.spot ? 1.0 : 0.0;
    const double c_interim_spot = k.interim_spot ? 1.0 : 0.0;
    for (std::size_t j = 0; j < n; ++j) {
        const double hardware = c_gpus * gpu_price_row[j] + base_price_row[j];
        const double load_w = base_load_row[j] + c_gpus * gpu_tdp_row[j];
        const double idle_w = base_idle_row[j] + c_gpus * gpu_idle_row[j];
        const double instances_usd_per_hour = c_instances * usd_per_hour_row[j];
        const double pue = pue_row[j];
        const double kwh_usd = kwh_row[j];
        const double overhead = overhead_row[j];
        const double interim_overhead = interim_overhead_row[j];
        // fast()'s spot share, 0 x it elsewhere: (1 + o) + 0 is 1 + o to the bit.
        const double spot_extra =
            spot_interruption_overhead(c_instances, spot_interruptions_row[j], spot_restart_row[j]);
        const auto power_at = [&](double used) __attribute__((always_inline)) {
            const double idle_hours = c_always_on * (k_hours_per_month - used);
            return (used * load_w + idle_hours * idle_w) / 1000.0 * pue * kwh_usd;
        };
        const auto compute_at = [&](double used) __attribute__((always_inline)) {
            return instances_usd_per_hour * (c_reserved * k_hours_per_month +
                                             (1.0 - c_reserved) * (used * (1.0 + overhead + c_spot * spot_extra)));
        };
        const auto interim_at = [&](double used) __attribute__((always_inline)) {
            return c_interim_usd_per_hour *
                   (c_interim_reserved * k_hours_per_month +
                    (1.0 - c_interim_reserved) * (used * (1.0 + interim_overhead + c_interim_spot * spot_extra)));
        };
        const double downtime = downtime_hours_per_month(failures_row[j], repair_row[j], planned_row[j]);
        // fast()'s `cover == 0 ? 0 : cover x lost` is this product for finite figures (0 x x is 0).
        const auto cover_at = [&](double hours_per_week) __attribute__((always_inline)) {
            return c_cover_usd_per_hour * lost_used_hours_per_month(downtime, hours_per_week);
        };
        const double used = used_hours_per_month(hours_row[j]);
        const double power = power_at(used);
        const double compute = compute_at(used);
        const double interim = interim_at(used);
        const double cover = cover_at(hours_row[j]);
        const double staff_build = fte_build_row[j] * salary_row[j] / k_months_per_year;
        const double maintenance = maintenance_row[j] * hardware / k_months_per_year;
        const double facility = facility_row[j];
        const double storage = storage_tb_row[j] * storage_per_tb_row[j] + storage_month_row[j];
        const double egress = egress_row[j];
        const double staff_cloud = fte_cloud_row[j] * salary_row[j] / k_months_per_year;
        const double resale = hardware * kept[j] * c_final_factor;
        const auto interim_total = [&](double interim_compute) __attribute__((always_inline)) {
            const double month = c_lead * (interim_compute + storage + egress);
            return month == 0.0 ? 0.0 : c_w_interim * interim_compute + c_w_lead * (storage + egress);
        };
        const double setup = setup_row[j];
        // Both of fast()'s forms, one kept: a select, not a branch, so the loop stays vectorisable.
        const auto difference = [&](double p, double c, double i, double x) __attribute__((always_inline)) {
            const double build_m = p + staff_build + maintenance + facility + x;
            const double cloud_m = c + storage + egress + staff_cloud;
            const double uniform = (hardware + setup + c_w_all * build_m - resale) - c_w_all * cloud_m;
            const double build_usd = hardware + setup + c_w_power * p + c_w_all * staff_build +
                                     c_w_running * (maintenance + facility + x) + interim_total(i) - resale;
            const double general = build_usd - (c_w_cloud * c + c_w_all * (storage + egress + staff_cloud));
            return c_uniform * uniform + (1.0 - c_uniform) * general;
        };
        const double build = hardware + setup + c_w_power * power + c_w_all * staff_build + c_w_running * maintenance +
                             c_w_running * facility + interim_total(interim) + c_w_running * cover +
                             (resale > 0.0 ? -resale : 0.0);
        const double cloud = c_w_cloud * compute + c_w_all * storage + c_w_all * egress + c_w_all * staff_cloud;
        build_total[j] = build;
        cloud_total[j] = cloud;
        saves[j] = cloud - build;
        r.d_low[j] = difference(power_at(0.0), compute_at(0.0), interim_at(0.0), cover_at(0.0));
        r.d_high[j] = difference(power_at(k_hours_per_month), compute_at(k_hours_per_month),
                                 interim_at(k_hours_per_month), cover_at(k_hours_per_week));
        r.upfront[j] = hardware + setup;
        r.hardware[j] = hardware;
        r.power[j] = power;
        r.staff_build[j] = staff_build;
        r.running[j] = maintenance + facility + cover;
        r.interim[j] = interim;
        r.storage_egress[j] = storage + egress;
        r.compute[j] = compute;
        r.cloud_fixed[j] = storage + egress + staff_cloud;
        r.build_month[j] = power + staff_build + maintenance + facility + cover;
        r.cloud_month[j] = compute + storage + egress + staff_cloud;
    }
}

// The cash paybacks' first guesses of a chunk at once: the divisions vectorised, and off the chain of the
// draw-by-draw search that follows, which then starts from a number in hand.
GPUCOST_VECTOR_CLONES void BatchEvaluator::cash_cells(const double* __restrict upfront,
                                                      const double* __restrict cloud_month,
                                                      const double* __restrict build_month, double cell_width,
                                                      double last_cell, std::size_t n,
                                                      double* __restrict cell) noexcept {
    for (std::size_t j = 0; j < n; ++j)
        cell[j] = cash_cell(upfront[j], cloud_month[j], build_month[j], cell_width, last_cell);
}

void BatchEvaluator::run_fast(std::span<const double* const> columns, std::size_t count,
                              BlockOutcomes& out) const noexcept {
    const ChunkConstants k = chunk_constants();
    // The rows of the fields no draw moves: their point value, 64 times.
    std::array<Row, f_count> fixed{};
    for (std::size_t f = 0; f < f_count; ++f) fixed[f].fill(m_point[f]);
    ChunkRows rows;
    Row kept{};
    Row cell{};
    const auto last_cell = static_cast<double>(m_first_in_cell.size() - 1);
    const std::size_t last_month = m_kept.size() - 1;
    for (std::size_t start = 0; start < count; start += k_chunk) {
        const std::size_t n = std::min(k_chunk, count - start);
        std::array<const double*, f_count> v{};
        for (std::size_t f = 0; f < f_count; ++f) v[f] = fixed[f].data();
        for (std::size_t i = 0; i < m_fields.size(); ++i) v[m_fields[i]] = columns[i] + start;
        double* build = out.build_total_usd + start;
        double* cloud = out.cloud_total_usd + start;
        // The resale share at the horizon: the point value's, or each draw's when the model's inputs are ranged.
        for (std::size_t j = 0; j < n; ++j)
            kept[j] = kept_at(last_month, v[F::f_life][j], v[F::f_residual][j], v[F::f_decline][j]);
        chunk_totals(k, v, n, build, cloud, out.owning_saves_usd + start, kept.data(), rows);
        if (m_uniform)
            cash_cells(rows.upfront.data(), rows.cloud_month.data(), rows.build_month.data(), m_cell_width, last_cell,
                       n, cell.data());
        for (std::size_t j = 0; j < n; ++j) {
            const double be = break_even_of(rows.d_low[j], rows.d_high[j]);
            if (!std::isnan(be)) out.break_even_hours[out.break_evens++] = be;
            const Terms t{rows.upfront[j],     rows.hardware[j],    rows.power[j],          rows.staff_build[j],
                          rows.running[j],     rows.interim[j],     rows.storage_egress[j], rows.compute[j],
                          rows.cloud_fixed[j], rows.build_month[j], rows.cloud_month[j],    v[F::f_life][j],
                          v[F::f_residual][j], v[F::f_decline][j]};
            ++out.payback_counts[m_uniform ? cash_payback_from(t, cell[j]) : payback_trended(t, false)];
            ++out.if_sold_counts[m_uniform ? sold_payback_uniform(t) : payback_trended(t, true)];
            out.build_cheaper += build[j] < cloud[j] ? 1u : 0u;
            out.cloud_cheaper += cloud[j] < build[j] ? 1u : 0u;
        }
    }
}

}  // namespace gpucost
