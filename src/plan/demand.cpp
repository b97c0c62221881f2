#include "gpucost/plan/demand.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

#include <fmt/format.h>

#include "gpucost/engine/cost_model.hpp"
#include "gpucost/model/values.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::plan {

namespace {

// A ratio this close to a whole number is that number: (1 + g)^(12/12) x 3 must give 3 (1 + g) GPUs, not one
// fewer because a power came out an ulp low.
constexpr double k_whole_slack = 1e-9;

// The level in force in month m: --gpus, or the latest step at or before m.
std::int64_t level_in(const DemandFlags& flags, int month) {
    std::int64_t level = flags.gpus;
    int latest = 0;
    for (const Step& step : flags.steps)
        if (step.month <= month && step.month >= latest) {
            level = step.gpus;
            latest = step.month;
        }
    return level;
}

void check_flags(const DemandFlags& f, int months) {
    if (f.gpus < 0) throw UsageError(fmt::format("--gpus: must be >= 0, got {}", f.gpus));
    if (!(f.hours_per_week >= 0.0 && f.hours_per_week <= k_hours_per_week))
        throw UsageError(fmt::format("--hours-per-week: must be in [0, 168], got {}", exact_number(f.hours_per_week)));
    if (!(f.growth_per_year > -1.0 && f.growth_per_year <= 10.0))
        throw UsageError(
            fmt::format("--growth-per-year: must be in (-1, 10], got {}", exact_number(f.growth_per_year)));
    if (f.burst_gpus < 0) throw UsageError(fmt::format("--burst-gpus: must be >= 0, got {}", f.burst_gpus));
    if (!(f.burst_hours >= 0.0 && f.burst_hours <= k_hours_per_month))
        throw UsageError(
            fmt::format("--burst-hours: must be in [0, 730] hours a month, got {}", exact_number(f.burst_hours)));
    for (std::size_t i = 0; i < f.steps.size(); ++i) {
        const Step& s = f.steps[i];
        if (s.month < 1 || s.month > months)
            throw UsageError(fmt::format("--step {}={}: month must be in 1..{} (the horizon), got {}", s.month, s.gpus,
                                         months, s.month));
        if (s.gpus < 0)
            throw UsageError(fmt::format("--step {}={}: GPUs must be >= 0, got {}", s.month, s.gpus, s.gpus));
        for (std::size_t j = 0; j < i; ++j)
            if (f.steps[j].month == s.month)
                throw UsageError(fmt::format("--step {}={}: month {} is already stepped (to {} GPUs)", s.month, s.gpus,
                                             s.month, f.steps[j].gpus));
    }
}

}  // namespace

double MonthLoad::hours(std::int64_t k) const noexcept {
    if (k <= 0) return k_hours_per_month;
    if (k > peak_gpus()) return 0.0;
    return hours_at_least[static_cast<std::size_t>(k - 1)];
}

double MonthLoad::gpu_hours() const noexcept {
    double sum = 0.0;
    for (const double h : hours_at_least) sum += h;
    return sum;
}

MonthLoad level_load(std::int64_t gpus, double hours_per_week) {
    MonthLoad load;
    const double used = used_hours_per_month(hours_per_week);
    if (used > 0.0) load.hours_at_least.assign(static_cast<std::size_t>(std::max<std::int64_t>(gpus, 0)), used);
    return load;
}

MonthLoad scaled_load(const MonthLoad& load, double factor) {
    if (factor == 1.0) return load;
    MonthLoad out;
    for (std::int64_t j = 1;; ++j) {
        // ceil(j / f), with a ratio a hair above a whole number taken as that number.
        const double ratio = static_cast<double>(j) / factor;
        const auto source = static_cast<std::int64_t>(std::ceil(ratio - k_whole_slack));
        if (source > load.peak_gpus()) break;
        out.hours_at_least.push_back(load.hours(source));
    }
    return out;
}

MonthLoad load_from_hours(const std::vector<double>& hours_by_busy, const std::vector<double>& fraction_hours,
                          double scale) {
    // H(k) = hours with at least k whole GPUs busy + the partial hours of GPU k.
    std::size_t peak = 0;
    for (std::size_t n = 0; n < hours_by_busy.size(); ++n)
        if (hours_by_busy[n] > 0.0) peak = std::max(peak, n);
    for (std::size_t n = 0; n < fraction_hours.size(); ++n)
        if (fraction_hours[n] > 0.0) peak = std::max(peak, n);
    MonthLoad load;
    load.hours_at_least.assign(peak, 0.0);
    double at_least = 0.0;
    for (std::size_t k = peak; k >= 1; --k) {
        if (k < hours_by_busy.size()) at_least += hours_by_busy[k];
        const double fraction = k < fraction_hours.size() ? fraction_hours[k] : 0.0;
        load.hours_at_least[k - 1] = (at_least + fraction) * scale;
    }
    return load;
}

Step parse_step(std::string_view text, int months) {
    const auto eq = text.find('=');
    const auto whole = [](std::string_view part) -> std::optional<std::int64_t> {
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), value);
        if (ec != std::errc() || end != part.data() + part.size() || part.empty()) return std::nullopt;
        return value;
    };
    if (eq == std::string_view::npos)
        throw UsageError(fmt::format("--step {}: expected MONTH=GPUS, such as 13=4", quote_value(text)));
    const auto month = whole(text.substr(0, eq));
    const auto gpus = whole(text.substr(eq + 1));
    if (!month || !gpus)
        throw UsageError(
            fmt::format("--step {}: MONTH and GPUS must be whole numbers, such as 13=4", quote_value(text)));
    if (*month < 1 || *month > months)
        throw UsageError(
            fmt::format("--step {}: month must be in 1..{} (the horizon), got {}", quote_value(text), months, *month));
    if (*gpus < 0) throw UsageError(fmt::format("--step {}: GPUs must be >= 0, got {}", quote_value(text), *gpus));
    return {static_cast<int>(*month), *gpus};
}

Demand demand_from_flags(const DemandFlags& flags, int months) {
    check_flags(flags, months);
    const double used = used_hours_per_month(flags.hours_per_week);
    Demand demand;
    demand.months.reserve(static_cast<std::size_t>(months));
    for (int m = 1; m <= months; ++m) {
        const std::int64_t level = level_in(flags, m);
        MonthLoad load;
        const double level_hours = flags.burst_gpus > 0 ? std::max(used, flags.burst_hours) : used;
        if (level_hours > 0.0) load.hours_at_least.assign(static_cast<std::size_t>(level), level_hours);
        if (flags.burst_hours > 0.0)
            load.hours_at_least.insert(load.hours_at_least.end(), static_cast<std::size_t>(flags.burst_gpus),
                                       flags.burst_hours);
        const double growth = std::pow(1.0 + flags.growth_per_year, static_cast<double>(m - 1) / k_months_per_year);
        demand.months.push_back(scaled_load(load, growth));
    }
    return demand;
}

Demand project(std::vector<MonthLoad> history, int months, double growth_per_year) {
    Demand demand;
    const auto n = static_cast<int>(history.size());
    if (n == 0) {
        demand.months.assign(static_cast<std::size_t>(months), MonthLoad{});
        return demand;
    }
    if (n >= months) {
        history.resize(static_cast<std::size_t>(months));
        demand.months = std::move(history);
        return demand;
    }
    const int p = std::min(n, 12);
    demand.months = history;
    for (int i = 1; n + i <= months; ++i) {
        const int source = n - p + 1 + (i - 1) % p;
        const int cycles = (i + p - 1) / p;
        const double factor = std::pow(1.0 + growth_per_year, static_cast<double>(cycles * p) / k_months_per_year);
        demand.months.push_back(scaled_load(history[static_cast<std::size_t>(source - 1)], factor));
    }
    return demand;
}

}  // namespace gpucost::plan
