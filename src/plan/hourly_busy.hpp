// GPUs busy hour by hour over a span that grows as times arrive, in O(1) per interval: internal to the plan's
// demand readers (demand_files.cpp, demand_sacct.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "gpucost/plan/demand.hpp"

namespace gpucost::plan::detail {

inline constexpr std::int64_t k_seconds_per_hour = 3600;

// The calendar (UTC) of a day count since 1970-01-01: year, month 1..12, day 1..31.
struct Civil {
    int year;
    int month;
    int day;
};
Civil civil_from_days(std::int64_t days) noexcept;
// Days in a calendar month.
int days_in_month(int year, int month) noexcept;

// Busy GPU-hours by hour. Memory grows with the hours spanned (8,760 a year, 16 bytes each), never with the
// intervals added.
class HourlyBusy {
public:
    // `gpus` busy for the whole hour `hour` (hours since 1970-01-01 UTC).
    void add_hour(std::int64_t hour, double gpus);
    // `gpus` busy from `start_s` to `end_s` (seconds since 1970-01-01 UTC, start <= end).
    void add_interval(std::int64_t start_s, std::int64_t end_s, double gpus);
    // The span reaches the hour holding `time_s` (the latest time a file names).
    void touch(std::int64_t time_s);
    // Every calendar month the span touches, first to last, each scaled to the 730-hour month.
    std::vector<MonthLoad> months() const;
    bool empty() const noexcept { return m_part.empty(); }

private:
    std::size_t slot(std::int64_t hour);  // the index of `hour`, growing the span to hold it
    std::int64_t m_first_hour = 0;        // the hour of index 0 (the span grows at the front ahead of need)
    std::int64_t m_low = 0;               // the first and last hours a time has reached
    std::int64_t m_high = 0;
    std::vector<double> m_part;  // GPU-hours added to one hour alone
    std::vector<double> m_step;  // change of the whole-hour rate from this hour on
};

}  // namespace gpucost::plan::detail
