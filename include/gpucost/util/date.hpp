// Calendar dates for catalogue ages: "as_of" figures against today.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpucost {

// A day of the proleptic Gregorian calendar.
struct Date {
    int year = 1970;
    int month = 1;
    int day = 1;
};

// Parses YYYY-MM-DD, or YYYY-MM as the first of the month (the oldest day it can mean); empty when invalid.
std::optional<Date> parse_date(std::string_view text);
// Days since 1970-01-01 (negative before).
std::int64_t days_since_epoch(Date date) noexcept;
// Whole days from `from` to `to` (negative when `to` is earlier).
std::int64_t days_between(Date from, Date to) noexcept;
// "2026-11-30".
std::string to_string(Date date);
// Today in UTC from the system clock.
Date system_today();

}  // namespace gpucost
