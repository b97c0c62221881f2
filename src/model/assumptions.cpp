#include "gpucost/model/assumptions.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

constexpr double k_no_limit_usd = 1e9;  // a bound far beyond any real monthly bill, only to keep sums finite
constexpr double k_max_years = 50.0;    // longer than any hardware lives or any price holds

using K = AssumptionKey;
using Kind = AssumptionKind;

constexpr std::array<AssumptionInfo, k_assumption_count> k_infos{{
    {K::hours_per_week, "hours_per_week", Kind::number, 0, k_hours_per_week, false, "h/week",
     "hours of GPU work per week"},
    {K::years, "years", Kind::number, 0, k_max_years, true, "years",
     "horizon of the comparison, rounded to whole months"},
    {K::pricing, "pricing", Kind::pricing, 0, 0, false, "",
     "how the cloud side buys: on-demand, spot, reserved-1y or reserved-3y"},
    {K::electricity_usd_per_kwh, "electricity_usd_per_kwh", Kind::number, 0, 10, false, "USD/kWh",
     "price of electricity"},
    {K::pue, "pue", Kind::number, 1, 5, false, "", "power usage effectiveness: facility power / IT power"},
    {K::idle, "idle", Kind::idle, 0, 0, false, "",
     "when not working the machine stays on at idle draw (always-on) or is switched off (off)"},
    {K::staff_salary_usd, "staff_salary_usd", Kind::number, 0, 1e8, false, "USD/year",
     "yearly cost of one full-time administrator"},
    {K::staff_fte_build, "staff_fte_build", Kind::number, 0, 1e6, false, "FTE",
     "staff time to run the owned machine, in full-time equivalents"},
    {K::staff_fte_cloud, "staff_fte_cloud", Kind::number, 0, 1e6, false, "FTE",
     "staff time to run the cloud setup, in full-time equivalents"},
    {K::maintenance_rate, "maintenance_rate", Kind::number, 0, 1, false, "per year",
     "yearly maintenance and support as a fraction of the hardware price"},
    {K::facility_usd_per_month, "facility_usd_per_month", Kind::number, 0, k_no_limit_usd, false, "USD/month",
     "rack space, colocation, office space for the machine"},
    {K::useful_life_years, "useful_life_years", Kind::number, 0, k_max_years, true, "years",
     "years until the hardware is worth its residual value"},
    {K::residual_value, "residual_value", Kind::number, 0, 1, false, "",
     "share of the hardware price it still fetches at the end of its useful life"},
    {K::discount_rate, "discount_rate", Kind::number, 0, 1, false, "per year",
     "annual rate at which future money is discounted (cost of capital)"},
    {K::spot_overhead, "spot_overhead", Kind::number, 0, 10, false, "",
     "extra hours re-run after spot interruptions, as a fraction of the work"},
    {K::cloud_storage_usd_per_month, "cloud_storage_usd_per_month", Kind::number, 0, k_no_limit_usd, false, "USD/month",
     "cloud storage bill"},
    {K::cloud_egress_usd_per_month, "cloud_egress_usd_per_month", Kind::number, 0, k_no_limit_usd, false, "USD/month",
     "cloud data-transfer-out bill"},
}};

}  // namespace

const std::array<AssumptionInfo, k_assumption_count>& assumption_infos() noexcept { return k_infos; }

const AssumptionInfo& info(AssumptionKey key) noexcept { return k_infos[static_cast<std::size_t>(key)]; }

std::optional<AssumptionKey> find_assumption(std::string_view name) noexcept {
    for (const AssumptionInfo& i : k_infos)
        if (i.name == name) return i.key;
    return std::nullopt;
}

std::vector<std::string> assumption_names() {
    std::vector<std::string> names;
    for (const AssumptionInfo& i : k_infos) names.emplace_back(i.name);
    return names;
}

std::string flag_name(AssumptionKey key) {
    std::string flag = "--";
    flag += info(key).name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string range_text(const AssumptionInfo& i) {
    return fmt::format("{}{}, {}]", i.min_exclusive ? '(' : '[', i.min, i.max);
}

std::optional<Pricing> parse_pricing(std::string_view text) noexcept {
    for (const Pricing p : {Pricing::on_demand, Pricing::spot, Pricing::reserved_1y, Pricing::reserved_3y})
        if (text == to_string(p)) return p;
    return std::nullopt;
}

std::optional<IdlePolicy> parse_idle(std::string_view text) noexcept {
    for (const IdlePolicy p : {IdlePolicy::always_on, IdlePolicy::off})
        if (text == to_string(p)) return p;
    return std::nullopt;
}

std::string pricing_choices() { return "on-demand, spot, reserved-1y, reserved-3y"; }

std::optional<std::string> check_value(AssumptionKey key, double value) {
    const AssumptionInfo& i = info(key);
    const bool below = i.min_exclusive ? !(value > i.min) : !(value >= i.min);
    if (!std::isfinite(value) || below || !(value <= i.max))
        return fmt::format("must be in {}, got {}", range_text(i), exact_number(value));
    if (key == AssumptionKey::years && months_for_years(value) < 1)
        return fmt::format("must be at least 1 month (1/12 year), got {}", exact_number(value));
    return std::nullopt;
}

int months_for_years(double years) noexcept { return static_cast<int>(std::lround(years * k_months_per_year)); }

bool AssumptionLayer::empty() const {
    return std::none_of(values.begin(), values.end(), [](const auto& v) { return v.has_value(); });
}

namespace {

void apply(Assumptions& a, AssumptionKey key, const AssumptionValue& value) {
    if (const auto* p = std::get_if<Pricing>(&value)) {
        a.pricing = *p;
        return;
    }
    if (const auto* idle = std::get_if<IdlePolicy>(&value)) {
        a.idle = *idle;
        return;
    }
    const double v = std::get<double>(value);
    switch (key) {
        case K::hours_per_week: a.hours_per_week = v; break;
        case K::years: a.months = static_cast<int>(v); break;
        case K::electricity_usd_per_kwh: a.electricity_usd_per_kwh = v; break;
        case K::pue: a.pue = v; break;
        case K::staff_salary_usd: a.staff_salary_usd = v; break;
        case K::staff_fte_build: a.staff_fte_build = v; break;
        case K::staff_fte_cloud: a.staff_fte_cloud = v; break;
        case K::maintenance_rate: a.maintenance_rate = v; break;
        case K::facility_usd_per_month: a.facility_usd_per_month = v; break;
        case K::useful_life_years: a.useful_life_years = v; break;
        case K::residual_value: a.residual_value = v; break;
        case K::discount_rate: a.discount_rate = v; break;
        case K::spot_overhead: a.spot_overhead = v; break;
        case K::cloud_storage_usd_per_month: a.cloud_storage_usd_per_month = v; break;
        case K::cloud_egress_usd_per_month: a.cloud_egress_usd_per_month = v; break;
        case K::pricing:
        case K::idle: break;
    }
}

}  // namespace

ResolvedAssumptions resolve(const std::vector<const AssumptionLayer*>& layers) {
    ResolvedAssumptions r;
    for (const AssumptionLayer* layer : layers) {
        for (std::size_t i = 0; i < k_assumption_count; ++i) {
            if (!layer->values[i]) continue;
            apply(r.values, static_cast<AssumptionKey>(i), *layer->values[i]);
            r.origins[i] = layer->origins[i].empty() ? layer->origin : layer->origins[i];
            if (!layer->sources[i].empty()) r.sources[i] = layer->sources[i];
        }
    }
    return r;
}

AssumptionValue get_value(const Assumptions& a, AssumptionKey key) noexcept {
    switch (key) {
        case K::hours_per_week: return a.hours_per_week;
        case K::years: return static_cast<double>(a.months) / k_months_per_year;
        case K::pricing: return a.pricing;
        case K::electricity_usd_per_kwh: return a.electricity_usd_per_kwh;
        case K::pue: return a.pue;
        case K::idle: return a.idle;
        case K::staff_salary_usd: return a.staff_salary_usd;
        case K::staff_fte_build: return a.staff_fte_build;
        case K::staff_fte_cloud: return a.staff_fte_cloud;
        case K::maintenance_rate: return a.maintenance_rate;
        case K::facility_usd_per_month: return a.facility_usd_per_month;
        case K::useful_life_years: return a.useful_life_years;
        case K::residual_value: return a.residual_value;
        case K::discount_rate: return a.discount_rate;
        case K::spot_overhead: return a.spot_overhead;
        case K::cloud_storage_usd_per_month: return a.cloud_storage_usd_per_month;
        case K::cloud_egress_usd_per_month: return a.cloud_egress_usd_per_month;
    }
    return 0.0;
}

std::string display_value(const Assumptions& a, AssumptionKey key) {
    const AssumptionValue v = get_value(a, key);
    if (const auto* p = std::get_if<Pricing>(&v)) return to_string(*p);
    if (const auto* idle = std::get_if<IdlePolicy>(&v)) return to_string(*idle);
    if (key == K::years) return fmt::format("{} ({} months)", exact_number(std::get<double>(v)), a.months);
    return exact_number(std::get<double>(v));
}

const char* to_string(Pricing pricing) noexcept {
    switch (pricing) {
        case Pricing::on_demand: return "on-demand";
        case Pricing::spot: return "spot";
        case Pricing::reserved_1y: return "reserved-1y";
        case Pricing::reserved_3y: return "reserved-3y";
    }
    return "on-demand";
}

const char* to_string(IdlePolicy idle) noexcept { return idle == IdlePolicy::always_on ? "always-on" : "off"; }

}  // namespace gpucost
