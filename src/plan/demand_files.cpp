// The monthly and hourly CSV demand files, and ISO 8601 times.
#include <cmath>
#include <optional>

#include <fmt/format.h>

#include "gpucost/model/values.hpp"
#include "gpucost/plan/demand.hpp"
#include "gpucost/util/date.hpp"
#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"
#include "hourly_busy.hpp"

namespace gpucost::plan {

namespace {

std::optional<int> digits(std::string_view text, std::size_t at, std::size_t count) {
    if (at + count > text.size()) return std::nullopt;
    int value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
        value = value * 10 + (text[i] - '0');
    }
    return value;
}

[[noreturn]] void bad(const CsvReader& reader, std::size_t line, std::string_view field, const std::string& what,
                      std::string_view value) {
    throw DataError(fmt::format("{}: line {}: {}: {}, got {}", reader.file(), line, field, what, quote_value(value)));
}

std::size_t column(const CsvReader& reader, std::string_view name, std::string_view expected) {
    const auto found = reader.table().column(name);
    if (!found)
        throw DataError(
            fmt::format("{}: line 1: header: no \"{}\" column (expected {})", reader.file(), name, expected));
    return *found;
}

// A finite number >= 0, or the message's line.
double non_negative(const CsvReader& reader, const CsvRow& row, std::size_t at, std::string_view field) {
    const std::string& cell = row.cells[at];
    const auto value = parse_number(cell);
    if (!value) bad(reader, row.line, field, "must be a number", cell);
    if (*value < 0.0) bad(reader, row.line, field, "must be >= 0", cell);
    return *value;
}

}  // namespace

std::optional<std::int64_t> parse_timestamp(std::string_view text) {
    if (text.size() < 19 || text[10] != 'T' || text[13] != ':' || text[16] != ':') return std::nullopt;
    const auto date = parse_date(text.substr(0, 10));
    const auto hour = digits(text, 11, 2);
    const auto minute = digits(text, 14, 2);
    const auto second = digits(text, 17, 2);
    if (!date || !hour || !minute || !second || *hour > 23 || *minute > 59 || *second > 59) return std::nullopt;
    std::int64_t offset_s = 0;
    const std::string_view zone = text.substr(19);
    if (zone == "Z") {
    } else if (zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && zone[3] == ':') {
        const auto oh = digits(zone, 1, 2);
        const auto om = digits(zone, 4, 2);
        if (!oh || !om || *oh > 23 || *om > 59) return std::nullopt;
        offset_s = (*oh * 3600 + *om * 60) * (zone[0] == '-' ? -1 : 1);
    } else if (!zone.empty()) {
        return std::nullopt;
    }
    // A time at +02:00 is two hours ahead of UTC: subtract the offset.
    return days_since_epoch(*date) * 86400 + *hour * 3600 + *minute * 60 + *second - offset_s;
}

std::vector<MonthLoad> read_monthly_csv(CsvReader& reader) {
    constexpr std::string_view k_expected = "month,gpu_hours,peak_gpus";
    const std::size_t month_at = column(reader, "month", k_expected);
    const std::size_t hours_at = column(reader, "gpu_hours", k_expected);
    const std::size_t peak_at = column(reader, "peak_gpus", k_expected);
    std::vector<MonthLoad> months;
    std::optional<int> previous;  // year x 12 + month - 1
    std::string previous_text;
    CsvRow row;
    while (reader.next(row)) {
        const std::string& month = row.cells[month_at];
        const auto date = parse_date(month);
        if (month.size() != 7 || !date) bad(reader, row.line, "month", "must be a month YYYY-MM", month);
        const int key = date->year * 12 + date->month - 1;
        if (previous && key <= *previous)
            bad(reader, row.line, "month",
                fmt::format("months must be in order without repeats (after {})", previous_text), month);
        if (previous && key != *previous + 1)
            bad(reader, row.line, "month",
                fmt::format("months must follow each other (after {}, a gap)", previous_text), month);
        previous = key;
        previous_text = month;
        const double gpu_hours = non_negative(reader, row, hours_at, "gpu_hours");
        const double peak = non_negative(reader, row, peak_at, "peak_gpus");
        if (peak != std::floor(peak)) bad(reader, row.line, "peak_gpus", "must be a whole number", row.cells[peak_at]);
        if (gpu_hours > peak * k_hours_per_month)
            bad(reader, row.line, "gpu_hours",
                fmt::format("must be at most peak_gpus x 730 = {}", exact_number(peak * k_hours_per_month)),
                row.cells[hours_at]);
        MonthLoad load;
        if (gpu_hours > 0.0) load.hours_at_least.assign(static_cast<std::size_t>(peak), gpu_hours / peak);
        months.push_back(std::move(load));
    }
    if (months.empty()) throw DataError(fmt::format("{}: no months after the header", reader.file()));
    return months;
}

std::vector<MonthLoad> read_hourly_csv(CsvReader& reader) {
    constexpr std::string_view k_expected = "timestamp,gpus_busy";
    const std::size_t time_at = column(reader, "timestamp", k_expected);
    const std::size_t busy_at = column(reader, "gpus_busy", k_expected);
    detail::HourlyBusy busy;
    std::optional<std::int64_t> previous;
    CsvRow row;
    while (reader.next(row)) {
        const std::string& text = row.cells[time_at];
        const auto time = parse_timestamp(text);
        if (!time) bad(reader, row.line, "timestamp", "must be an ISO 8601 time such as 2026-01-31T13:00:00Z", text);
        const std::int64_t hour =
            *time >= 0 ? *time / detail::k_seconds_per_hour : -((-*time + 3599) / detail::k_seconds_per_hour);
        if (previous && hour <= *previous)
            bad(reader, row.line, "timestamp", "hours must be in order without repeats", text);
        previous = hour;
        busy.add_hour(hour, non_negative(reader, row, busy_at, "gpus_busy"));
    }
    if (busy.empty()) throw DataError(fmt::format("{}: no hours after the header", reader.file()));
    return busy.months();
}

}  // namespace gpucost::plan
