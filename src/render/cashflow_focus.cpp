// The forecast cash flow shaped after the FinOps Foundation's FOCUS billing columns (issue 25), so a chosen plan can
// be loaded into FOCUS tools as a budget baseline. Shaped after, not certified: FOCUS describes billed history, and
// these rows are a forecast, marked x_Forecast and kept under their own billing account (docs/output.md).
//
// Column names and allowed values from the FOCUS specification (github.com/FinOps-Open-Cost-and-Usage-Spec/
// FOCUS_Spec, specification/columns/: chargecategory.md at 07eb2f3, chargefrequency.md at 1c4b361,
// chargeperiodend.md at 0febf83; https://focus.finops.org/focus-specification/v1-2/).
#include <fmt/format.h>

#include "cashflow_parts.hpp"
#include "gpucost/engine/finance_flow.hpp"

namespace gpucost {
namespace {

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

constexpr const char* k_columns[] = {
    "BillingAccountId", "BillingAccountName", "BillingPeriodStart", "BillingPeriodEnd", "ChargePeriodStart",
    "ChargePeriodEnd", "BilledCost", "EffectiveCost", "ListCost", "ContractedCost", "BillingCurrency", "ChargeCategory",
    "ChargeClass", "ChargeFrequency", "ChargeDescription", "ProviderName", "PublisherName", "InvoiceIssuerName",
    "ServiceCategory", "ServiceName", "ResourceId", "ResourceName", "RegionId",
    // gpucost's own columns, x_ prefixed as FOCUS asks of custom columns
    "x_Forecast", "x_Scenario", "x_Side", "x_Category", "x_Month", "x_DiscountedCost"};
constexpr std::size_t k_column_count = std::size(k_columns);

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

}  // namespace

RowSet focus_rows(const CashFlowReport& cash_flow) {
    RowSet set;
    for (const char* column : k_columns) set.columns.push_back({column, true});
    set.more = [&cash_flow](const RowEmit& emit) {
        const Date start = cash_flow.view.start.value_or(Date{});
        std::vector<Field> row(k_column_count);
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

}  // namespace gpucost
