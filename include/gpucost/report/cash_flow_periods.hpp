// How `cashflow` is laid out for finance (issue 24 item 3): nominal and discounted money side by side, months or
// years, counted from 0 or dated from a calendar month. The periods are made from a comparison's engine profile as
// they are visited, one at a time, so 2,000 builds over 600 months are never held as periods.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "gpucost/engine/categories.hpp"
#include "gpucost/util/date.hpp"

namespace gpucost {

struct Comparison;
struct CashFlowProfile;

// The rows' shape: one row per category, side and period (long, the default); one row per period with every
// category of both sides as columns (wide); FOCUS-shaped billing rows (focus: CSV and TSV only, dated by --start).
enum class CashFlowLayout { long_rows, wide, focus };
// The period of a row: each month, or years of 12 months (from month 1, or calendar years when a start is given).
enum class CashFlowPeriod { month, year };

// The view `cashflow` asks for; the default is the monthly long layout, months counted from 0.
struct CashFlowView {
    CashFlowLayout layout = CashFlowLayout::long_rows;
    CashFlowPeriod by = CashFlowPeriod::month;
    std::optional<Date> start;  // the calendar month of months 0 and 1 (day 1); none: months are only counted
};

// "long", "wide", "focus"; "month", "year".
const char* to_string(CashFlowLayout layout) noexcept;
const char* to_string(CashFlowPeriod period) noexcept;
// A layout or period by its name; empty when there is none.
std::optional<CashFlowLayout> cash_flow_layout_named(std::string_view name) noexcept;
std::optional<CashFlowPeriod> cash_flow_period_named(std::string_view name) noexcept;
// A calendar month written YYYY-MM (year 1900..9999, month 01..12) as its first day; empty when it is not one.
std::optional<Date> parse_calendar_month(std::string_view text);
// The first day of the month `months` after `first` (months >= 0).
Date add_months(Date first, int months) noexcept;

// Money as paid (nominal) and discounted to today at the comparison's rate, USD.
struct CashFlowAmount {
    double nominal_usd = 0.0;
    double discounted_usd = 0.0;
};

// One period of one comparison: each category's flows in it, summed, with the side's running totals.
struct CashFlowPeriodRow {
    int index = 0;        // the month 0..M, or the year 1..Y
    int first_month = 0;  // the engine's months the period holds (month 0, the purchase, is in the first period)
    int last_month = 0;
    std::optional<Date> calendar;  // with a start: the period's first calendar month (by year: the year's January,
                                   // or the start month in the first year)
    std::array<bool, k_category_count> present{};  // the category has a flow in the period (the engine's timing)
    std::array<CashFlowAmount, k_category_count> amount{};      // summed over the period; 0 when not present
    std::array<CashFlowAmount, k_category_count> cumulative{};  // its side's running total through this category
    CashFlowAmount build, cloud;                                // the period's total per side
    CashFlowAmount build_cumulative, cloud_cumulative;          // each side through the period's end
    CashFlowAmount owning_saves;                                // cloud - build in the period
    CashFlowAmount owning_saves_cumulative;                     // cloud_cumulative - build_cumulative
};

// Calls `visit` with the month-by-month profile of `c`: the one its report kept, or, when the report kept none
// (ComparisonRequest::cash_flow_profiles), one made again now by the engine from the comparison's own evaluation and
// assumptions, the same to the bit; it lives for the call only. Throws what `visit` throws.
void with_profile(const Comparison& c, const std::function<void(const CashFlowProfile&)>& visit);

// Visits the periods of `c` in order under `view` (its period and start; the layout is the writers'). The sums run
// in the engine's flow order, so a month's figures are the engine's bit for bit. Throws what `visit` throws.
void for_each_period(const Comparison& c, const CashFlowView& view,
                     const std::function<void(const CashFlowPeriodRow&)>& visit);

// A period's calendar label: "2027-03" by month, "2027" by year; "" without a start.
std::string calendar_label(const CashFlowPeriodRow& row, CashFlowPeriod by);

}  // namespace gpucost
