// The periods of `cashflow`: the engine's flows of one comparison summed by month or year, nominal beside
// discounted (cash_flow_periods.hpp). Sums only, in the engine's order; no figure of its own.
#include "gpucost/report/cash_flow_periods.hpp"

#include <cstddef>

#include <fmt/format.h>

#include "gpucost/engine/nominal_flow.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {
namespace {

void add(CashFlowAmount& to, const CashFlowAmount& amount) noexcept {
    to.nominal_usd += amount.nominal_usd;
    to.discounted_usd += amount.discounted_usd;
}

CashFlowAmount minus(const CashFlowAmount& a, const CashFlowAmount& b) noexcept {
    return {a.nominal_usd - b.nominal_usd, a.discounted_usd - b.discounted_usd};
}

// The period index of engine month `month`: the month itself, or the year holding it. Month 0 (the purchase) is
// in the first year; with a start, years are calendar years (the start month's year is year 1).
int period_of(int month, const CashFlowView& view) noexcept {
    if (view.by == CashFlowPeriod::month) return month;
    const int shift = view.start ? view.start->month - 1 : 0;
    return (month == 0 ? 0 : (shift + month - 1) / 12) + 1;
}

// The calendar month of engine month `month`: months 0 and 1 are the start month, month k is k - 1 after it.
Date calendar_month(Date start, int month) noexcept { return add_months(start, month == 0 ? 0 : month - 1); }

// Closes a period: the side totals and each category's running total, in the table's (the engine's) order.
class PeriodSums {
public:
    explicit PeriodSums(const CashFlowView& view)
        : m_view(view) {}

    bool empty() const noexcept { return !m_open; }
    int index() const noexcept { return m_row.index; }

    void open(int index, int month) {
        const CashFlowAmount build = m_row.build_cumulative;
        const CashFlowAmount cloud = m_row.cloud_cumulative;
        m_row = CashFlowPeriodRow{};
        m_row.build_cumulative = build;
        m_row.cloud_cumulative = cloud;
        m_row.index = index;
        m_row.first_month = month;
        m_row.last_month = month;
        if (m_view.start) {
            const Date first = calendar_month(*m_view.start, month);
            m_row.calendar = m_view.by == CashFlowPeriod::month || index == 1 ? first : Date{first.year, 1, 1};
        }
        m_open = true;
    }

    void add_flow(const CashFlow& flow, const CashFlowAmount& amount) noexcept {
        const auto i = static_cast<std::size_t>(flow.category);
        if (m_row.present[i])
            add(m_row.amount[i], amount);
        else
            m_row.amount[i] = amount;  // a month's figure is the flow's own, never 0.0 + it
        m_row.present[i] = true;
        m_row.last_month = flow.month;
    }

    const CashFlowPeriodRow& close() noexcept {
        for (const CategoryInfo& info : k_categories) {
            const auto i = static_cast<std::size_t>(info.category);
            if (!m_row.present[i]) continue;
            const bool build = info.side == Side::build;
            add(build ? m_row.build : m_row.cloud, m_row.amount[i]);
            CashFlowAmount& side = build ? m_row.build_cumulative : m_row.cloud_cumulative;
            add(side, m_row.amount[i]);
            m_row.cumulative[i] = side;
        }
        m_row.owning_saves = minus(m_row.cloud, m_row.build);
        m_row.owning_saves_cumulative = minus(m_row.cloud_cumulative, m_row.build_cumulative);
        m_open = false;
        return m_row;
    }

private:
    const CashFlowView& m_view;
    CashFlowPeriodRow m_row;
    bool m_open = false;
};

}  // namespace

const char* to_string(CashFlowLayout layout) noexcept {
    switch (layout) {
        case CashFlowLayout::long_rows: return "long";
        case CashFlowLayout::wide: return "wide";
        case CashFlowLayout::focus: return "focus";
    }
    return "long";
}

const char* to_string(CashFlowPeriod period) noexcept { return period == CashFlowPeriod::year ? "year" : "month"; }

std::optional<CashFlowLayout> cash_flow_layout_named(std::string_view name) noexcept {
    for (const CashFlowLayout l : {CashFlowLayout::long_rows, CashFlowLayout::wide, CashFlowLayout::focus})
        if (name == to_string(l)) return l;
    return std::nullopt;
}

std::optional<CashFlowPeriod> cash_flow_period_named(std::string_view name) noexcept {
    for (const CashFlowPeriod p : {CashFlowPeriod::month, CashFlowPeriod::year})
        if (name == to_string(p)) return p;
    return std::nullopt;
}

std::optional<Date> parse_calendar_month(std::string_view text) {
    if (text.size() != 7 || text[4] != '-') return std::nullopt;
    for (std::size_t i = 0; i < text.size(); ++i)
        if (i != 4 && (text[i] < '0' || text[i] > '9')) return std::nullopt;
    const auto digits = [&](std::size_t from, std::size_t count) {
        int value = 0;
        for (std::size_t i = from; i < from + count; ++i) value = value * 10 + (text[i] - '0');
        return value;
    };
    const int year = digits(0, 4);
    const int month = digits(5, 2);
    if (year < 1900 || month < 1 || month > 12) return std::nullopt;
    return Date{year, month, 1};
}

Date add_months(Date first, int months) noexcept {
    const int zero_based = first.month - 1 + months;
    return Date{first.year + zero_based / 12, zero_based % 12 + 1, 1};
}

void with_profile(const Comparison& c, const std::function<void(const CashFlowProfile&)>& visit) {
    // A profile always holds month 0's purchase, so an empty one is one the report did not keep.
    if (!c.cash_flow.flows.empty()) return visit(c.cash_flow);
    visit(cash_flow_profile(c.result, c.assumptions.values));
}

void for_each_period(const Comparison& c, const CashFlowView& view,
                     const std::function<void(const CashFlowPeriodRow&)>& visit) {
    const Assumptions& a = c.assumptions.values;
    with_profile(c, [&](const CashFlowProfile& profile) {
        PeriodSums sums(view);
        for (const CashFlow& flow : profile.flows) {
            const int index = period_of(flow.month, view);
            if (!sums.empty() && sums.index() != index) visit(sums.close());
            if (sums.empty()) sums.open(index, flow.month);
            sums.add_flow(flow, {nominal_usd(c.result, a, flow), flow.amount_usd});
        }
        if (!sums.empty()) visit(sums.close());
    });
}

std::string calendar_label(const CashFlowPeriodRow& row, CashFlowPeriod by) {
    if (!row.calendar) return "";
    if (by == CashFlowPeriod::year) return fmt::format("{:04}", row.calendar->year);
    return fmt::format("{:04}-{:02}", row.calendar->year, row.calendar->month);
}

}  // namespace gpucost
