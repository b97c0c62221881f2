// util/date.hpp: parsing as_of dates and counting days between them, with every expectation worked by hand.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/util/date.hpp"

using gpucost::Date;
using gpucost::days_between;
using gpucost::days_since_epoch;
using gpucost::parse_date;
using gpucost::to_string;

namespace {

bool same_day(const Date& a, const Date& b) { return a.year == b.year && a.month == b.month && a.day == b.day; }

}  // namespace

TEST_CASE("parse_date: YYYY-MM-DD, or YYYY-MM as the first of the month, empty when not a real date") {
    struct Case {
        const char* text;
        std::optional<Date> date;
    };
    const std::vector<Case> cases = {
        {"2026-11-30", Date{2026, 11, 30}},
        {"2026-11", Date{2026, 11, 1}},  // the oldest day a month can mean
        {"2024-02-29", Date{2024, 2, 29}},
        {"2000-02-29", Date{2000, 2, 29}},
        {"1990-01-01", Date{1990, 1, 1}},
        {"9999-12-31", Date{9999, 12, 31}},
        {"2026-02-29", std::nullopt},
        {"2100-02-29", std::nullopt},
        {"2026-06-31", std::nullopt},
        {"2026-13", std::nullopt},
        {"1989-12-31", std::nullopt},  // before 1990: a typo, not a price
        {"2026-11-30x", std::nullopt},
        {"2026-11-3", std::nullopt},
        {"", std::nullopt},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const std::optional<Date> parsed = parse_date(c.text);
        REQUIRE(parsed.has_value() == c.date.has_value());
        if (parsed) CHECK(same_day(*parsed, *c.date));
    }
}

TEST_CASE("days_since_epoch: days from 1970-01-01 in the proleptic Gregorian calendar") {
    struct Case {
        Date date;
        std::int64_t days;
    };
    const std::vector<Case> cases = {
        {{1970, 1, 1}, 0},
        {{1970, 1, 2}, 1},
        {{1969, 12, 31}, -1},
        {{1971, 1, 1}, 365},   // 1970 has 365 days
        {{1973, 1, 1}, 1096},  // 1970, 1971: 365 each; 1972 is a leap year: 366
        // 2000-01-01: 30 years, 7 of them leap (1972 ... 1996): 30 x 365 + 7 = 10,957.
        {{2000, 1, 1}, 10957},
        // + 31 (January) + 28 = 10,957 + 59 = 11,016: the leap day 2000-02-29 (2000 is divisible by 400).
        {{2000, 2, 29}, 11016},
        {{2000, 3, 1}, 11017},
        // 2024-01-01: 54 years, 13 leap (1972 ... 2020): 54 x 365 + 13 = 19,723; + 31 + 28 = 19,782.
        {{2024, 2, 29}, 19782},
        // 2026-01-01: 56 years, 14 leap (1972 ... 2024): 56 x 365 + 14 = 20,454;
        // + Jan-Oct (31+28+31+30+31+30+31+31+30+31 = 304) + 29 = 20,787.
        {{2026, 11, 30}, 20787},
        {{2026, 12, 31}, 20818},  // + 1 + 30 more days of December
        // 1900 is not a leap year: 1900-03-01 is 70 x 365 + 17 leap days (1904 ... 1968) = 25,567 days
        // before 1970-01-01, less 31 + 28 days of 1900 already gone: -(25,567 - 59) = -25,508.
        {{1900, 3, 1}, -25508},
        {{1900, 2, 28}, -25509},
    };
    for (const Case& c : cases) {
        CAPTURE(to_string(c.date));
        CHECK(days_since_epoch(c.date) == c.days);
    }
}

TEST_CASE("days_between: whole days from the first date to the second, negative when the second is earlier") {
    CHECK(days_between({2026, 11, 30}, {2026, 11, 30}) == 0);
    CHECK(days_between({2026, 11, 30}, {2026, 12, 1}) == 1);
    CHECK(days_between({2026, 12, 1}, {2026, 11, 30}) == -1);
    CHECK(days_between({2024, 2, 28}, {2024, 3, 1}) == 2);  // across a leap day
    CHECK(days_between({2026, 2, 28}, {2026, 3, 1}) == 1);  // and across a common year's end of February
    CHECK(days_between({2025, 1, 1}, {2026, 1, 1}) == 365);
    CHECK(days_between({2024, 1, 1}, {2025, 1, 1}) == 366);
    CHECK(days_between({1999, 12, 31}, {2000, 1, 1}) == 1);
    // A catalogue as of a month counts from its first day: 2026-11 to 2026-11-30 is 29 days.
    CHECK(days_between(*parse_date("2026-11"), *parse_date("2026-11-30")) == 29);
}

TEST_CASE("to_string: zero-padded YYYY-MM-DD that parse_date reads back") {
    CHECK(to_string({2026, 11, 30}) == "2026-11-30");
    CHECK(to_string({2026, 1, 5}) == "2026-01-05");
    CHECK(to_string({999, 1, 2}) == "0999-01-02");
    CHECK(to_string(Date{}) == "1970-01-01");  // the default Date is the epoch
    for (const Date d : {Date{2026, 11, 30}, Date{2024, 2, 29}, Date{1990, 1, 1}, Date{9999, 12, 31}}) {
        CAPTURE(to_string(d));
        const auto back = parse_date(to_string(d));
        REQUIRE(back);
        CHECK(same_day(*back, d));
    }
}

TEST_CASE("system_today: a real date, after the oldest date gpucost accepts") {
    const Date today = gpucost::system_today();
    CAPTURE(to_string(today));
    CHECK(parse_date(to_string(today)).has_value());
    CHECK(today.year >= 2026);  // this test was written in 2026; a clock before then is broken
}
