#include "hourly_busy.hpp"

#include <algorithm>
#include <cmath>

#include "gpucost/model/values.hpp"

namespace gpucost::plan::detail {

namespace {

// Sums of many fractions land a few ulps off a whole number of GPUs; this much is read as rounding.
constexpr double k_busy_slack = 1e-9;

std::int64_t floor_div(std::int64_t a, std::int64_t b) noexcept {
    const std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

}  // namespace

// Howard Hinnant's civil_from_days ("chrono-Compatible Low-Level Date Algorithms",
// https://howardhinnant.github.io/date_algorithms.html), in eras of 400 years.
Civil civil_from_days(std::int64_t days) noexcept {
    const std::int64_t z = days + 719468;
    const std::int64_t era = floor_div(z, 146097);
    const std::int64_t doe = z - era * 146097;
    const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const std::int64_t mp = (5 * doy + 2) / 153;
    const auto day = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
    const auto month = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
    const auto year = static_cast<int>(yoe + era * 400 + (month <= 2 ? 1 : 0));
    return {year, month, day};
}

int days_in_month(int year, int month) noexcept {
    static constexpr int k_days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : k_days[month - 1];
}

std::size_t HourlyBusy::slot(std::int64_t hour) {
    if (m_part.empty()) {
        m_first_hour = hour;
        m_low = hour;
        m_high = hour;
        m_part.assign(1, 0.0);
        m_step.assign(1, 0.0);
        return 0;
    }
    m_low = std::min(m_low, hour);
    m_high = std::max(m_high, hour);
    if (hour < m_first_hour) {
        // Grow at the front by at least the current size, so a file in falling time order costs linear time.
        const std::int64_t grow = std::max(m_first_hour - hour, static_cast<std::int64_t>(m_part.size()));
        m_part.insert(m_part.begin(), static_cast<std::size_t>(grow), 0.0);
        m_step.insert(m_step.begin(), static_cast<std::size_t>(grow), 0.0);
        m_first_hour -= grow;
    }
    const auto index = static_cast<std::size_t>(hour - m_first_hour);
    if (index >= m_part.size()) {
        m_part.resize(index + 1, 0.0);
        m_step.resize(index + 1, 0.0);
    }
    return index;
}

void HourlyBusy::add_hour(std::int64_t hour, double gpus) { m_part[slot(hour)] += gpus; }

void HourlyBusy::touch(std::int64_t time_s) { slot(floor_div(time_s, k_seconds_per_hour)); }

void HourlyBusy::add_interval(std::int64_t start_s, std::int64_t end_s, double gpus) {
    const std::int64_t first = floor_div(start_s, k_seconds_per_hour);
    const std::int64_t last = floor_div(end_s, k_seconds_per_hour);
    const double per_second = gpus / static_cast<double>(k_seconds_per_hour);
    slot(first);
    slot(last);
    if (first == last) {
        m_part[slot(first)] += per_second * static_cast<double>(end_s - start_s);
        return;
    }
    // Partial first and last hours; the whole hours between as a rate that starts and stops.
    m_part[slot(first)] += per_second * static_cast<double>((first + 1) * k_seconds_per_hour - start_s);
    m_part[slot(last)] += per_second * static_cast<double>(end_s - last * k_seconds_per_hour);
    m_step[slot(first + 1)] += gpus;
    m_step[slot(last)] -= gpus;
}

std::vector<MonthLoad> HourlyBusy::months() const {
    std::vector<MonthLoad> out;
    if (m_part.empty()) return out;
    std::vector<double> whole;
    std::vector<double> fraction;
    int month_key = -1;
    double calendar_hours = 0.0;
    const auto close = [&] {
        out.push_back(load_from_hours(whole, fraction, k_hours_per_month / calendar_hours));
        whole.clear();
        fraction.clear();
    };
    double rate = 0.0;
    for (std::size_t i = 0; i < m_part.size(); ++i) {
        const std::int64_t hour = m_first_hour + static_cast<std::int64_t>(i);
        rate += m_step[i];
        if (hour < m_low || hour > m_high) continue;  // room grown ahead of need, before the first time
        const Civil day = civil_from_days(floor_div(hour, 24));
        const int key = day.year * 12 + day.month - 1;
        if (key != month_key) {
            if (month_key >= 0) close();
            month_key = key;
            calendar_hours = 24.0 * days_in_month(day.year, day.month);
        }
        const double busy = std::max(0.0, rate + m_part[i]);
        const double n = std::floor(busy + k_busy_slack);
        const double part = busy - n > k_busy_slack ? busy - n : 0.0;
        const auto level = static_cast<std::size_t>(n);
        if (whole.size() <= level + 1) whole.resize(level + 2, 0.0);
        if (fraction.size() <= level + 1) fraction.resize(level + 2, 0.0);
        whole[level] += 1.0;
        fraction[level + 1] += part;
    }
    close();
    return out;
}

}  // namespace gpucost::plan::detail
