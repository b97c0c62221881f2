#include "gpucost/analysis/inputs.hpp"

#include <algorithm>
#include <cmath>

namespace gpucost {

double read_slot(const Case& c, Slot slot) noexcept {
    switch (slot.kind) {
        case SlotKind::gpu_price_usd: return c.build.gpu_price_usd;
        case SlotKind::gpu_tdp_w: return c.build.gpu_tdp_w;
        case SlotKind::gpu_idle_w: return c.build.gpu_idle_w;
        case SlotKind::base_price_usd: return c.build.base_price_usd;
        case SlotKind::base_load_w: return c.build.base_load_w;
        case SlotKind::base_idle_w: return c.build.base_idle_w;
        case SlotKind::setup_usd: return c.build.setup_usd;
        case SlotKind::usd_per_hour: return c.cloud.usd_per_hour;
        case SlotKind::assumption: break;
    }
    const AssumptionValue v = get_value(c.assumptions, slot.key);
    const double* number = std::get_if<double>(&v);
    if (number == nullptr) return 0.0;
    return slot.key == AssumptionKey::horizon_months ? *number / k_months_per_year : *number;
}

void write_slot(Case& c, Slot slot, double value) noexcept {
    switch (slot.kind) {
        case SlotKind::gpu_price_usd: c.build.gpu_price_usd = value; return;
        case SlotKind::gpu_tdp_w: c.build.gpu_tdp_w = value; return;
        case SlotKind::gpu_idle_w: c.build.gpu_idle_w = value; return;
        case SlotKind::base_price_usd: c.build.base_price_usd = value; return;
        case SlotKind::base_load_w: c.build.base_load_w = value; return;
        case SlotKind::base_idle_w: c.build.base_idle_w = value; return;
        case SlotKind::setup_usd: c.build.setup_usd = value; return;
        case SlotKind::usd_per_hour: c.cloud.usd_per_hour = value; return;
        case SlotKind::assumption: break;
    }
    if (slot.key == AssumptionKey::horizon_months) {
        c.assumptions.months = std::max(1, months_for_years(value));
        return;
    }
    // A whole-number assumption (the lead time) takes the nearest whole number, as its parser demands one.
    const bool whole = info(slot.key).kind == AssumptionKind::whole_number;
    set_value(c.assumptions, slot.key, AssumptionValue{whole ? std::round(value) : value});
}

bool needs_general_path(Slot slot) noexcept {
    if (slot.kind != SlotKind::assumption) return false;
    // The assumptions the batch evaluator knows (batch.hpp): those that enter one month's costs or the resale value,
    // and those that move the weights (moves_weights). Any key added later is evaluated whole, so it is right by
    // construction until the evaluator learns it.
    if (moves_weights(slot)) return false;
    switch (slot.key) {
        case AssumptionKey::hours_per_week:
        case AssumptionKey::electricity_usd_per_kwh:
        case AssumptionKey::pue:
        case AssumptionKey::staff_salary_usd:
        case AssumptionKey::staff_fte_build:
        case AssumptionKey::staff_fte_cloud:
        case AssumptionKey::maintenance_rate:
        case AssumptionKey::facility_usd_per_month:
        case AssumptionKey::useful_life_years:
        case AssumptionKey::residual_value:
        case AssumptionKey::spot_overhead:
        case AssumptionKey::cloud_storage_usd_per_month:
        case AssumptionKey::cloud_egress_usd_per_month:
        case AssumptionKey::resale_decline_per_year:
        case AssumptionKey::on_demand_overhead:
        case AssumptionKey::storage_tb:
        case AssumptionKey::cloud_storage_usd_per_tb_month:
        case AssumptionKey::failures_per_machine_year:
        case AssumptionKey::repair_hours:
        case AssumptionKey::planned_maintenance_hours_per_year:
        case AssumptionKey::spot_interruptions_per_instance_month:
        case AssumptionKey::spot_restart_hours:
        case AssumptionKey::failures_per_gpu_year: return false;  // the engine reads it only through the machine rate
        default: return true;
    }
}

bool moves_weights(Slot slot) noexcept {
    if (slot.kind != SlotKind::assumption) return false;
    switch (slot.key) {
        case AssumptionKey::discount_rate:
        case AssumptionKey::horizon_months:
        case AssumptionKey::lead_time_months:
        case AssumptionKey::cloud_price_change_per_year:
        case AssumptionKey::electricity_price_change_per_year: return true;
        default: return false;
    }
}

}  // namespace gpucost
