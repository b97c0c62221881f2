#include "gpucost/util/date.hpp"

#include <chrono>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {

std::optional<Date> parse_date(std::string_view text) {
    if (!is_valid_date(text)) return std::nullopt;
    const auto number = [&](std::size_t from, std::size_t count) {
        int n = 0;
        for (std::size_t i = from; i < from + count; ++i) n = n * 10 + (text[i] - '0');
        return n;
    };
    return Date{number(0, 4), number(5, 2), text.size() == 10 ? number(8, 2) : 1};
}

std::int64_t days_since_epoch(Date date) noexcept {
    // Howard Hinnant's days_from_civil (http://howardhinnant.github.io/date_algorithms.html).
    const std::int64_t y = date.year - (date.month <= 2 ? 1 : 0);
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const std::int64_t yoe = y - era * 400;
    const std::int64_t m = date.month;
    const std::int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + date.day - 1;
    const std::int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

std::int64_t days_between(Date from, Date to) noexcept { return days_since_epoch(to) - days_since_epoch(from); }

std::string to_string(Date date) { return fmt::format("{:04}-{:02}-{:02}", date.year, date.month, date.day); }

Date system_today() {
    const auto now = std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now());
    const std::chrono::year_month_day ymd{now};
    return {static_cast<int>(ymd.year()), static_cast<int>(static_cast<unsigned>(ymd.month())),
            static_cast<int>(static_cast<unsigned>(ymd.day()))};
}

}  // namespace gpucost
