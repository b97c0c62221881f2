// `cashflow` for spreadsheets: the rows (CSV, TSV, and the JSON's "rows") of each layout, made as they are
// written, one period of one comparison at a time (cash_flow_periods.hpp). The column order of each layout is a
// public contract (docs/output.md): new columns at the end only.
#include <algorithm>
#include <string>

#include <fmt/format.h>

#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/render/cashflow_json.hpp"

namespace gpucost {
namespace {

// Long: one row per category, side and period, the engine's discounted amount first (the contract before nominal
// money was added), then the nominal amount, then the calendar month or year.
RowSet long_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : {"build_id", "cloud_id", to_string(cash_flow.view.by), "side", "category", "amount_usd",
                               "cumulative_usd", "nominal_usd", "nominal_cumulative_usd", "calendar"})
        set.columns.push_back({column, false});
    set.more = [&cash_flow](const RowEmit& emit) {
        std::vector<Field> row(10);
        for (const Comparison& c : cash_flow.report.comparisons) {
            row[0] = Field::of_text(c.build.id);
            row[1] = Field::of_text(c.offer.id);
            for_each_period(c, cash_flow.view, [&](const CashFlowPeriodRow& p) {
                row[2] = Field::of_count(p.index);
                row[9] = Field::of_nonempty_text(calendar_label(p, cash_flow.view.by));
                for (const CategoryInfo& info : k_categories) {
                    const auto i = static_cast<std::size_t>(info.category);
                    if (!p.present[i]) continue;
                    row[3] = Field::of_text(to_string(info.side));
                    row[4] = Field::of_text(info.key);
                    row[5] = Field::of_money(p.amount[i].discounted_usd);
                    row[6] = Field::of_money(p.cumulative[i].discounted_usd);
                    row[7] = Field::of_money(p.amount[i].nominal_usd);
                    row[8] = Field::of_money(p.cumulative[i].nominal_usd);
                    emit(row);
                }
            });
        }
    };
    return set;
}

// Wide: one row per period, every category of both sides (nominal, then discounted), each side's total, what
// owning saves (cloud - build) and its running total. Every category is a column, zero where it has no flow.
RowSet wide_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : {"build_id", "cloud_id", to_string(cash_flow.view.by), "calendar"})
        set.columns.push_back({column, false});
    // A monthly rental's setup fee (issue 20 item 6a) has its columns only in a run where some offer charges one.
    const bool fee = std::any_of(cash_flow.report.comparisons.begin(), cash_flow.report.comparisons.end(),
                                 [](const Comparison& c) { return c.result.cloud.setup_usd != 0.0; });
    for (const CategoryInfo& info : k_categories) {
        if (info.category == Category::cloud_setup && !fee) continue;
        const std::string name = std::string(to_string(info.side)) + "_" + info.key;
        set.columns.push_back({name + "_usd", false});
        set.columns.push_back({name + "_discounted_usd", false});
    }
    for (const char* column :
         {"build_usd", "build_discounted_usd", "cloud_usd", "cloud_discounted_usd", "owning_saves_usd",
          "owning_saves_discounted_usd", "owning_saves_cumulative_usd", "owning_saves_cumulative_discounted_usd"})
        set.columns.push_back({column, false});
    set.more = [&cash_flow, fee](const RowEmit& emit) {
        std::vector<Field> row;
        for (const Comparison& c : cash_flow.report.comparisons)
            for_each_period(c, cash_flow.view, [&](const CashFlowPeriodRow& p) {
                row.clear();
                row.push_back(Field::of_text(c.build.id));
                row.push_back(Field::of_text(c.offer.id));
                row.push_back(Field::of_count(p.index));
                row.push_back(Field::of_nonempty_text(calendar_label(p, cash_flow.view.by)));
                for (const CategoryInfo& info : k_categories) {
                    if (info.category == Category::cloud_setup && !fee) continue;
                    const CashFlowAmount& a = p.amount[static_cast<std::size_t>(info.category)];
                    row.push_back(Field::of_money(a.nominal_usd));
                    row.push_back(Field::of_money(a.discounted_usd));
                }
                for (const CashFlowAmount* a : {&p.build, &p.cloud, &p.owning_saves, &p.owning_saves_cumulative}) {
                    row.push_back(Field::of_money(a->nominal_usd));
                    row.push_back(Field::of_money(a->discounted_usd));
                }
                emit(row);
            });
    };
    return set;
}

// Focus: the forecast cash flow shaped after the FinOps Foundation's FOCUS billing columns (issue 25), so a chosen plan
// can be loaded into FOCUS tools as a budget baseline. Shaped after, not certified: FOCUS describes billed history, and
// these rows are a forecast, marked x_Forecast and kept under their own billing account (docs/output.md).
//
// Column names and allowed values from the FOCUS specification (github.com/FinOps-Open-Cost-and-Usage-Spec/
// FOCUS_Spec, specification/columns/: chargecategory.md at 07eb2f3, chargefrequency.md at 1c4b361,
// chargeperiodend.md at 0febf83; https://focus.finops.org/focus-specification/v1-2/).

// FOCUS's Date/Time format: ISO 8601 in UTC, to the second.
std::string focus_time(Date day) { return fmt::format("{:04}-{:02}-{:02}T00:00:00Z", day.year, day.month, day.day); }

// How FOCUS classes a flow, from the category table alone (no category named here). ChargeCategory's allowed values
// (chargecategory.md): "Tax" is taxes levied by the authorities, refunds included, so the tax rows; "Usage" is what
// is consumed over a period, so the running costs; "Purchase" is the acquisition of a resource, upfront or recurring,
// refunds included, so month 0, the loan or lease payments and the money back at the end (the resale, a negative
// purchase: "Credit" is for credits a provider grants, which the resale is not). ChargeFrequency from the timing: a
// flow in month 0 (the loan drawn included) or at the end is One-Time, a scheduled one after month 0 (payments, tax
// years) Recurring, and a monthly one Recurring for the owned machine (paid whether used or not) and Usage-Based for
// the cloud.
struct FocusCharge {
    const char* category;
    const char* frequency;
};
// `monthly_rental`: the cloud side is billed by the month whatever the use (issue 20 item 6a), a recurring charge.
FocusCharge focus_charge(const CategoryInfo& info, int month, bool monthly_rental) {
    const char* category = is_tax(info.category) ? "Tax" : info.timing == Timing::monthly ? "Usage" : "Purchase";
    switch (info.timing) {
        case Timing::upfront:
        case Timing::at_end: return {category, "One-Time"};
        case Timing::scheduled: return {category, month == 0 ? "One-Time" : "Recurring"};
        case Timing::monthly:
            return {category, info.side == Side::build || monthly_rental ? "Recurring" : "Usage-Based"};
    }
    return {category, "One-Time"};
}

constexpr const char* k_focus_columns[] = {
    "BillingAccountId", "BillingAccountName", "BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart",
    "ChargePeriodEnd", "BilledCost", "EffectiveCost", "ListCost", "ContractedCost", "BillingCurrency", "ChargeCategory",
    "ChargeClass", "ChargeFrequency", "ChargeDescription", "ProviderName", "PublisherName", "InvoiceIssuerName",
    "ServiceCategory", "ServiceName", "ResourceId", "ResourceName", "RegionId",
    // gpucost's own columns, x_ prefixed as FOCUS asks of custom columns
    "x_Forecast", "x_Scenario", "x_Side", "x_Category", "x_Month", "x_DiscountedCost"};
constexpr std::size_t k_focus_column_count = std::size(k_focus_columns);

// The fields every row of one side of a comparison shares.
void side_fields(std::vector<Field>& row, const Comparison& c, Side side) {
    const bool build = side == Side::build;
    row[15] = row[16] = row[17] = Field::of_text(build ? "Owned (gpucost forecast)" : c.offer.provider);
    row[18] = Field::of_text("Compute");
    row[19] = Field::of_text(build ? "Owned GPU server" : "GPU instance " + c.offer.instance);
    row[20] = Field::of_text(build ? c.build.id : c.offer.id);
    row[21] = Field::of_text(build ? c.build.name : c.offer.instance);
    row[22] = build ? Field::missing() : Field::of_nonempty_text(c.offer.region);
    row[24] = Field::of_text(c.build.id + " vs " + c.offer.id);
    row[25] = Field::of_text(to_string(side));
}

// The FOCUS-shaped rows of every comparison, made as they are written; the view must have a start.
RowSet focus_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : k_focus_columns) set.columns.push_back({column, true});
    set.more = [&cash_flow](const RowEmit& emit) {
        const Date start = cash_flow.view.start.value_or(Date{});
        std::vector<Field> row(k_focus_column_count);
        row[0] = Field::of_text("gpucost-forecast");
        row[1] = Field::of_text("gpucost forecast (not billed)");
        row[10] = Field::of_currency_code();
        row[12] = Field::missing();  // ChargeClass: not a correction
        row[23] = Field::of_boolean(true);
        for (const Comparison& c : cash_flow.report.comparisons)
            for_each_period(
                c, CashFlowView{CashFlowLayout::focus, CashFlowPeriod::month, start}, [&](const CashFlowPeriodRow& p) {
                    const Date first = p.calendar.value_or(start);
                    const std::string from = focus_time(first);
                    const std::string to = focus_time(add_months(first, 1));
                    for (const CategoryInfo& info : k_categories) {
                        const auto i = static_cast<std::size_t>(info.category);
                        const CashFlowAmount& a = p.amount[i];
                        // A bill lists what is charged: a category without money this month has no row.
                        if (!p.present[i] || (a.nominal_usd == 0.0 && a.discounted_usd == 0.0)) continue;
                        const FocusCharge charge = focus_charge(info, p.index, c.rental.billed_monthly());
                        side_fields(row, c, info.side);
                        row[2] = row[4] = Field::of_text(from);
                        row[3] = row[5] = Field::of_text(to);
                        // No amortisation and no discount off a list price: the four costs are the
                        // amount paid (docs/output.md).
                        row[6] = row[7] = row[8] = row[9] = Field::of_money(a.nominal_usd);
                        row[11] = Field::of_text(charge.category);
                        row[13] = Field::of_text(charge.frequency);
                        row[14] = Field::of_text(fmt::format("Forecast {} of {} ({})", info.key,
                                                             info.side == Side::build ? c.build.id : c.offer.id,
                                                             to_string(info.side)));
                        row[26] = Field::of_text(info.key);
                        row[27] = Field::of_count(p.index);
                        row[28] = Field::of_money(a.discounted_usd);
                        emit(row);
                    }
                });
    };
    return set;
}

}  // namespace

RowSet rows_of(const CashFlowReport& cash_flow) {
    switch (cash_flow.view.layout) {
        case CashFlowLayout::long_rows: break;
        case CashFlowLayout::wide: return wide_rows(cash_flow);
        case CashFlowLayout::focus: return focus_rows(cash_flow);
    }
    return long_rows(cash_flow);
}

void check_cash_flow_view(const CashFlowView& view, Format format) {
    const bool default_view =
        view.layout == CashFlowLayout::long_rows && view.by == CashFlowPeriod::month && !view.start;
    if ((format == Format::xlsx || format == Format::svg) && !default_view)
        throw UsageError(std::string("--format ") + to_string(format) +
                         (format == Format::xlsx ? " writes every month in the long layout" : " draws one chart") +
                         ": --layout, --by and --start apply to table, markdown, html, csv, tsv and json");
    if (view.layout != CashFlowLayout::focus) return;
    if (format != Format::csv && format != Format::tsv)
        throw UsageError(std::string("--layout focus is a CSV of FOCUS columns: use --format csv or tsv, got ") +
                         to_string(format));
    if (view.by != CashFlowPeriod::month)
        throw UsageError("--layout focus is monthly (one FOCUS charge period a month): leave out --by year");
    if (!view.start)
        throw UsageError("--layout focus needs --start YYYY-MM: FOCUS rows are dated (e.g. --start 2027-01)");
}

}  // namespace gpucost
