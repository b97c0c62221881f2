// The workbook's Summary sheet: the totals of the Cash flow sheet per category and side, the difference, the
// cheaper side, the payback month and the break-even hours per week, each a named formula.
#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "xlsx_parts.hpp"

namespace gpucost::xlsx_detail {
namespace {

enum Col : int { k_label, k_value, k_name, k_how };

class Lines {
public:
    Lines(Sheet& sheet, const Formats& formats, int months)
        : m_sheet(sheet),
          m_formats(formats),
          m_months(months) {}

    // "'Cash flow'!$I$3:$I$38": a column's cells over months `first`..M.
    std::string range(std::string_view key, int first = 0) const {
        const int col = cash_flow_column(key);
        return fmt::format("{}{}:{}", k_cash_flow_ref, cell_address(cash_flow_row(first), col, true),
                           cell_address(cash_flow_row(m_months), col, true));
    }
    void heading(std::string_view title) {
        ++m_row;
        m_sheet.text(m_row++, k_label, title, m_formats.heading);
    }
    void text(std::string_view label, std::string_view value) {
        m_sheet.text(m_row, k_label, label);
        m_sheet.text(m_row++, k_value, value);
    }
    // A named figure: its label, formula, and how a reader reads it.
    void figure(std::string_view label, std::string_view name, const std::string& formula, lxw_format* format,
                const Cached& cached, std::string_view how = "") {
        m_sheet.text(m_row, k_label, label);
        m_sheet.formula(m_row, k_value, formula, format, cached);
        m_sheet.text(m_row, k_name, name);
        m_sheet.name_cell(name, m_row, k_value);
        m_sheet.text(m_row, k_how, how.empty() ? std::string_view(formula).substr(1) : how);
        ++m_row;
    }

private:
    Sheet& m_sheet;
    const Formats& m_formats;
    int m_months;
    int m_row = 0;
};

// The cloud's setup fee is listed for a monthly rental only, as the other formats list it (an hourly offer's column
// holds 0 and stays in the cloud's total).
void write_totals(Lines& lines, const Formats& f, const Evaluation& e, bool monthly_rental) {
    for (const Side side : {Side::build, Side::cloud}) {
        const bool build = side == Side::build;
        lines.heading(build ? "Build: discounted totals over the horizon (USD)"
                            : "Cloud: discounted totals over the horizon (USD)");
        for (const CashFlowColumn& column : cash_flow_columns()) {
            if (!column.category || category_info(*column.category).side != side) continue;
            if (*column.category == Category::cloud_setup && !monthly_rental) continue;
            const std::string name = fmt::format("{}_{}_usd", to_string(side), category_info(*column.category).key);
            lines.figure(column.heading, name, "=SUM(" + lines.range(column.key) + ")", f.usd,
                         amount_usd(e, *column.category));
        }
        lines.figure(build ? "Build: total" : "Cloud: total", build ? "build_total_usd" : "cloud_total_usd",
                     "=SUM(" + lines.range(build ? "build_total" : "cloud_total") + ")", f.usd_bold,
                     build ? e.build.total_usd : e.cloud.total_usd);
    }
}

// A payback month, or the words the formula gives when there is none.
Cached month_or_none(const std::optional<int>& month) {
    if (month) return static_cast<double>(*month);
    return std::string("not within the horizon");
}

// A cost per GPU-hour, or "-" where there are no hours.
Cached rate_or_dash(const std::optional<double>& rate) {
    if (rate) return *rate;
    return std::string("-");
}

void write_verdict(Lines& lines, const Formats& f, const Evaluation& e) {
    lines.heading("Verdict");
    lines.figure("Build - cloud", "difference_usd", "=build_total_usd-cloud_total_usd", f.usd_bold,
                 e.build.total_usd - e.cloud.total_usd);
    lines.figure("Cheaper side", "cheaper", "=IF(build_total_usd<cloud_total_usd,\"build\",\"cloud\")", f.number,
                 std::string(to_string(e.cheaper)), "build only when strictly cheaper");
    lines.figure("Savings of the cheaper side", "savings_usd", "=ABS(difference_usd)", f.usd_bold, e.savings_usd);
    lines.figure("Payback month", "payback_month",
                 "=IFERROR(MATCH(1," + lines.range("paid_back", 1) + ",0),\"not within the horizon\")", f.number,
                 month_or_none(e.payback_month),
                 "the first month the cloud's cumulative spend reaches the build's, resale left out (Cash flow)");
    lines.figure("Payback month if sold", "payback_month_if_sold",
                 "=IFERROR(MATCH(1," + lines.range("paid_back_if_sold", 1) + ",0),\"not within the horizon\")",
                 f.number, month_or_none(e.payback_month_if_sold),
                 "the same, less the machine's discounted resale value were it sold that month");
    lines.figure("Build per GPU-hour (USD)", "build_per_gpu_hour_usd",
                 "=IF(gpu_count*used_hours_per_month*horizon_months>0,"
                 "build_total_usd/(gpu_count*used_hours_per_month*horizon_months),\"-\")",
                 f.usd, rate_or_dash(e.build_per_gpu_hour_usd));
    lines.figure("Cloud per GPU-hour (USD)", "cloud_per_gpu_hour_usd",
                 "=IF(gpu_count*used_hours_per_month*horizon_months>0,"
                 "cloud_total_usd/(gpu_count*used_hours_per_month*horizon_months),\"-\")",
                 f.usd, rate_or_dash(e.cloud_per_gpu_hour_usd));
}

// The verdict before tax (finance_flow.hpp's pre_tax_total_usd): each side's total less its tax rows; financing and
// interest are paid before tax and stay in. Equal to the totals with a tax rate of 0.
void write_pre_tax(Lines& lines, const Formats& f, const Evaluation& e) {
    lines.heading("Before tax");
    const double build = pre_tax_total_usd(e, Side::build);
    const double cloud = pre_tax_total_usd(e, Side::cloud);
    lines.figure("Build: total before tax", "build_pre_tax_total_usd",
                 "=build_total_usd-build_tax_deduction_usd-build_depreciation_usd-build_tax_on_sale_usd", f.usd_bold,
                 build);
    lines.figure("Cloud: total before tax", "cloud_pre_tax_total_usd", "=cloud_total_usd-cloud_tax_deduction_usd",
                 f.usd_bold, cloud);
    lines.figure("Cheaper side before tax", "cheaper_pre_tax",
                 "=IF(build_pre_tax_total_usd<cloud_pre_tax_total_usd,\"build\",\"cloud\")", f.number,
                 std::string(build < cloud ? "build" : "cloud"), "build only when strictly cheaper");
    lines.figure("Savings before tax", "savings_pre_tax_usd", "=ABS(build_pre_tax_total_usd-cloud_pre_tax_total_usd)",
                 f.usd_bold, std::fabs(build - cloud));
}

// Sums over months 1..M of the discount factor of the month each month's tax effect falls in, times the weights'
// terms: the tax deductions' part of the break-even's weights (engine/finance_flow.cpp's tax_month).
struct TaxWeights {
    double power = 0.0;
    double interim = 0.0;
    double cloud = 0.0;
    double running = 0.0;
};

TaxWeights tax_weights(const Comparison& c) {
    const Assumptions& a = c.assumptions.values;
    TaxWeights tw;
    for (int k = 1; k <= a.months; ++k) {
        const int lands = a.tax_timing == TaxTiming::year_end ? std::min(12 * ((k - 1) / 12 + 1), a.months) : k;
        const double vt = discount_factor(lands, a.discount_rate, a.discounting);
        const double g = a.cloud_price_change_per_year;
        const double interim = cloud_price_factor(c.result.interim_pricing, k, g);
        if (k > lead_time_in_force(a)) {
            tw.power += vt * price_trend_factor(k, a.electricity_price_change_per_year);
            tw.running += vt;
        } else {
            tw.interim += vt * interim;
        }
        tw.cloud += vt * cloud_price_factor(a.pricing, k, g);
    }
    return tw;
}

// The break-even's weights: the sums over months of each hours-driven figure's discount factor and price factor,
// each less tax_rate x the same sum at the discount factor of the month its deduction falls in.
void write_weights(Lines& lines, const Formats& f, const Comparison& c) {
    const HorizonWeights w = horizon_weights(c.assumptions.values, c.result.interim_pricing);
    const std::string v = lines.range("v", 1);
    const std::string vt = lines.range("v_tax", 1);
    const std::string working = lines.range("working", 1);
    const TaxWeights tw = tax_weights(c);
    const double t = c.assumptions.values.tax_rate;
    const auto net = [&](const std::string& terms) {
        return fmt::format("=SUMPRODUCT({0},{1})-tax_rate*SUMPRODUCT({2},{1})", v, terms, vt);
    };
    const std::string power_terms = working + "," + lines.range("power_trend", 1);
    lines.figure("Power weight", "power_weight", net(power_terms), f.factor, w.power - t * tw.power,
                 "sum over months of (discount - t x discount where its tax falls) x working x electricity price "
                 "factor");
    const std::string interim = lines.range("interim_trend", 1);
    lines.figure("Interim cloud weight", "interim_weight",
                 fmt::format("{}-SUMPRODUCT({},{},{})+tax_rate*SUMPRODUCT({},{},{})", net(interim), v, working, interim,
                             vt, working, interim),
                 f.factor, w.interim - t * tw.interim,
                 "the same over the lead time's months, at the interim price factor");
    lines.figure("Cloud compute weight", "compute_weight", net(lines.range("cloud_trend", 1)), f.factor,
                 w.cloud - t * tw.cloud, "the same over every month, at the cloud price factor");
    lines.figure("Downtime cover weight", "cover_weight", net(working), f.factor, w.running - t * tw.running,
                 "the same over the working months");
}

// The words of build_cheaper_where against a monthly rental, where there is a break-even.
constexpr const char* k_vs_month =
    "vs month: the rental bills every month whatever the use; owning's running costs reach it at the break-even";

// Where building is cheaper: above or below the break-even, or against a monthly rental, whose bill is flat in the
// use (report/verdict.cpp's owning_vs_monthly_rental), no side of it: owning's running costs reach the rental there.
void write_direction(Lines& lines, const Formats& f, const Comparison& c) {
    const Evaluation& e = c.result;
    if (c.rental.billed_monthly()) {
        lines.figure("Building is cheaper", "build_cheaper_where",
                     fmt::format("=IF(ISNUMBER(break_even_hours_per_week),\"{}\",\"-\")", k_vs_month), f.number,
                     std::string(e.break_even_hours_per_week ? k_vs_month : "-"));
        return;
    }
    const char* where = !e.break_even_hours_per_week            ? "-"
                        : e.build_cheaper_above.value_or(false) ? "above the break-even"
                                                                : "below the break-even";
    lines.figure("Building is cheaper", "build_cheaper_where",
                 "=IF(ISNUMBER(break_even_hours_per_week),IF(difference_at_168_usd<difference_at_0_usd,"
                 "\"above the break-even\",\"below the break-even\"),\"-\")",
                 f.number, std::string(where));
}

// Both totals are affine in the hours per week (cost_model.cpp's evaluate()), so the difference is a line: its
// slope is each hours-driven monthly figure's change per weekly hour times its discounted weight over the months
// it runs, and it crosses zero at the break-even when it does inside 0..168.
void write_break_even(Lines& lines, const Formats& f, const Comparison& c) {
    lines.heading("Break-even hours per week");
    const Evaluation& e = c.result;
    const double d0 = c.usage_range.build_at_0_usd - c.usage_range.cloud_at_0_usd;
    const double d168 = c.usage_range.build_at_168_usd - c.usage_range.cloud_at_168_usd;
    const Cached crossing =
        d0 == d168 ? Cached(std::string("-")) : Cached(std::clamp(168.0 * d0 / (d0 - d168), 0.0, 168.0));
    const Cached break_even =
        e.break_even_hours_per_week ? Cached(*e.break_even_hours_per_week) : Cached(std::string("none"));
    write_weights(lines, f, c);
    lines.figure("Build - cloud per weekly hour", "difference_usd_per_weekly_hour",
                 "=power_weight*power_usd_per_month_per_weekly_hour+interim_weight*"
                 "interim_usd_per_month_per_weekly_hour+cover_weight*downtime_cover_usd_per_month_per_weekly_hour-"
                 "compute_weight*compute_usd_per_month_per_weekly_hour",
                 f.usd, (d168 - d0) / 168.0);
    lines.figure("Build - cloud at 0 h/week", "difference_at_0_usd",
                 "=difference_usd-difference_usd_per_weekly_hour*hours_per_week", f.usd, d0);
    lines.figure("Build - cloud at 168 h/week", "difference_at_168_usd",
                 "=difference_usd+difference_usd_per_weekly_hour*(168-hours_per_week)", f.usd, d168);
    lines.figure("Crossing, clamped to 0..168", "crossing_hours_per_week",
                 "=IF(difference_at_0_usd=difference_at_168_usd,\"-\",MIN(MAX(168*difference_at_0_usd/"
                 "(difference_at_0_usd-difference_at_168_usd),0),168))",
                 f.number, crossing);
    lines.figure("Break-even hours per week", "break_even_hours_per_week",
                 "=IF(OR(difference_at_0_usd=difference_at_168_usd,AND(difference_at_0_usd>0,difference_at_168_usd>0),"
                 "AND(difference_at_0_usd<0,difference_at_168_usd<0)),\"none\",IF(OR(AND(crossing_hours_per_week<=0,"
                 "difference_at_168_usd>=difference_at_0_usd),AND(crossing_hours_per_week>=168,"
                 "difference_at_168_usd<difference_at_0_usd)),\"none\",crossing_hours_per_week))",
                 f.number, break_even,
                 "168 x D(0) / (D(0) - D(168)) where the line crosses zero inside 0..168; none: one side is "
                 "cheaper at every hours per week");
    write_direction(lines, f, c);
}

}  // namespace

void write_summary_sheet(Sheet& sheet, const Comparison& c, const Formats& formats) {
    sheet.text(0, k_label, "Figure", formats.heading);
    sheet.text(0, k_value, "Value", formats.heading);
    sheet.text(0, k_name, "Name", formats.heading);
    sheet.text(0, k_how, "How", formats.heading);
    sheet.column_width(k_label, k_label, 36);
    sheet.column_width(k_value, k_value, 18);
    sheet.column_width(k_name, k_name, 32);
    sheet.column_width(k_how, k_how, 100);
    Lines lines(sheet, formats, c.assumptions.values.months);
    lines.heading("Comparison (every figure is a formula over the Assumptions and Cash flow sheets)");
    // Each formula's cached result is gpucost's figure, which LibreOffice shows as it opens an Excel file (it trusts
    // cached results); a changed input cell recalculates what rests on it, and Excel recalculates on opening.
    lines.text("Recalculate everything",
               "LibreOffice: Data > Calculate > Recalculate Hard (Ctrl+Shift+F9); Excel: Formulas > Calculate Now");
    lines.text("Build", fmt::format("{} ({} x {})", c.build.id, c.build.gpu_count, c.build.gpu_id));
    lines.text("Offer", fmt::format("{} ({}, {})", c.offer.id, c.offer.provider, c.offer.region));
    // A monthly rental's price still moves (cloud_price_change_per_year) when the pricing in force lets it.
    const std::string_view pricing = to_string(c.assumptions.values.pricing);
    lines.text("Pricing", c.rental.billed_monthly()
                              ? fmt::format("rented by the month (usd_per_month): every month billed whatever the use; "
                                            "its price moves as under {}",
                                            pricing)
                              : std::string(pricing));
    lines.text("Horizon (months)", std::to_string(c.assumptions.values.months));
    write_totals(lines, formats, c.result, c.rental.billed_monthly());
    write_verdict(lines, formats, c.result);
    write_pre_tax(lines, formats, c.result);
    write_break_even(lines, formats, c);
}

}  // namespace gpucost::xlsx_detail
