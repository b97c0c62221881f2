// The workbook's Cash flow sheet: one row per month 0..M, each cost category of each side worked out from the
// Assumptions sheet's names exactly as the engine does it (cash_flow.cpp's month_amount_usd x discount_factor).
#include <array>
#include <cstdlib>
#include <stdexcept>

#include <fmt/format.h>

#include "gpucost/engine/cash_flow.hpp"
#include "xlsx_parts.hpp"

namespace gpucost::xlsx_detail {
namespace {

// Discount factor (1 + r)^(-k/12) (the engine's e^(-k ln(1 + r) / 12)); a price that changes by g a year, locked for
// terms of T months, is (1 + g)^(T floor((k - 1) / T) / 12) in month k (cost_model.cpp's price_trend_factor).
constexpr std::array<CashFlowColumn, 48> k_columns = {{
    {"month", "Month", "", "", "", ColumnKind::flag},
    // Monthly: (1 + r)^(-k/12); annual (year-end): each month's flow at its year's end, (1 + r)^(-ceil(k/12)).
    {"v", "Discount factor", "=1",
     "=IF(discount_rate=0,1,(1+discount_rate)^(-IF(discounting=\"annual\",INT(([month]+11)/12),[month]/12)))", "",
     ColumnKind::factor},
    {"working", "Machine working (1/0)", "", "=IF([month]>lead_time_in_force,1,0)", "", ColumnKind::flag},
    {"power_trend", "Electricity price factor", "",
     "=IF(electricity_price_change_per_year=0,1,(1+electricity_price_change_per_year)^(([month]-1)/12))", "",
     ColumnKind::factor},
    {"cloud_trend", "Cloud price factor", "",
     "=IF(cloud_price_change_per_year=0,1,(1+cloud_price_change_per_year)^(cloud_term_months*INT(([month]-1)/"
     "cloud_term_months)/12))",
     "", ColumnKind::factor},
    {"interim_trend", "Interim cloud price factor", "",
     "=IF(cloud_price_change_per_year=0,1,(1+cloud_price_change_per_year)^(interim_term_months*INT(([month]-1)/"
     "interim_term_months)/12))",
     "", ColumnKind::factor},
    {"hardware", "Build: hardware", "=hardware_usd", "0", "", ColumnKind::money, Category::hardware},
    {"setup", "Build: setup", "=setup_usd", "0", "", ColumnKind::money, Category::setup},
    {"power", "Build: power", "0", "=[working]*power_usd_per_month*[power_trend]*[v]", "", ColumnKind::money,
     Category::power},
    {"build_staff", "Build: staff", "0", "=staff_build_usd_per_month*[v]", "", ColumnKind::money,
     Category::build_staff},
    {"maintenance", "Build: maintenance", "0", "=[working]*maintenance_usd_per_month*[v]", "", ColumnKind::money,
     Category::maintenance},
    {"facility", "Build: facility", "0", "=[working]*facility_usd_per_month*[v]", "", ColumnKind::money,
     Category::facility},
    {"interim_cloud", "Build: interim cloud", "0",
     "=(1-[working])*(interim_compute_usd_per_month*[interim_trend]+storage_usd_per_month+"
     "cloud_egress_usd_per_month)*[v]",
     "", ColumnKind::money, Category::interim_cloud},
    {"downtime_cover", "Build: downtime cover", "0", "=[working]*downtime_cover_usd_per_month*[v]", "",
     ColumnKind::money, Category::downtime_cover},
    // A returned lease's machine is not the lessee's to sell (machine_owned 0).
    {"resale", "Build: resale", "0", "0", "=-resale_value_usd*machine_owned*[v]", ColumnKind::money, Category::resale},
    // Financing and tax (engine/finance_flow.cpp, docs/finance.md): each 0 with cash and a tax rate of 0. The
    // principal is drawn in month 0 (a credit), repaid with the payments, and what a loan still owes is paid off in
    // month M; a lease's payments and its end price are its financing.
    {"financing", "Build: financing", "=-loan_principal_usd-lease_financed_usd",
     "=([loan_principal]+IF([month]=horizon_months,[loan_balance],0)+[lease_payments]*lease_principal_usd_per_month+"
     "IF([month]=lease_end_month,lease_end_payment_usd,0))*[v]",
     "", ColumnKind::money, Category::financing},
    {"interest", "Build: interest", "0", "=([loan_interest]+[lease_payments]*lease_interest_usd_per_month)*[v]", "",
     ColumnKind::money, Category::interest},
    // A tax effect falls in the month it arises, or under year-end timing in its tax year's last month (at most M).
    {"tax_deduction", "Build: tax deduction", "=-tax_rate*IF(tax_timing=\"year-end\",0,[build_deductible])*[v]",
     "=-tax_rate*IF(tax_timing=\"year-end\",[tax_year_end]*[build_deductible_year],[build_deductible])*[v]", "",
     ColumnKind::money, Category::tax_deduction},
    // A tax year's deduction spread evenly over its months in the horizon, or at its last month under year-end.
    {"depreciation", "Build: depreciation", "0",
     "=IF([depreciation_year]=0,0,-tax_rate*INDEX(depreciation_usd_by_tax_year,[depreciation_year])*"
     "IF(tax_timing=\"year-end\",IF([month]=MIN(placed_in_service_month+12*[depreciation_year],horizon_months),1,0),"
     "1/(MIN(placed_in_service_month+12*[depreciation_year],horizon_months)-placed_in_service_month-12*"
     "[depreciation_year]+12)))*[v]",
     "", ColumnKind::money, Category::depreciation},
    {"tax_on_sale", "Build: tax on sale", "0", "0", "=tax_on_sale_usd*[v]", ColumnKind::money, Category::tax_on_sale},
    {"build_total", "Build: month", "=SUM([hardware]:[tax_on_sale])", "=SUM([hardware]:[tax_on_sale])", "",
     ColumnKind::money},
    {"compute", "Cloud: compute", "0", "=compute_usd_per_month*[cloud_trend]*[v]", "", ColumnKind::money,
     Category::compute},
    {"storage", "Cloud: storage", "0", "=storage_usd_per_month*[v]", "", ColumnKind::money, Category::storage},
    {"egress", "Cloud: egress", "0", "=cloud_egress_usd_per_month*[v]", "", ColumnKind::money, Category::egress},
    {"cloud_staff", "Cloud: staff", "0", "=staff_cloud_usd_per_month*[v]", "", ColumnKind::money,
     Category::cloud_staff},
    // A monthly rental's setup fees, month 0 (0 for an offer billed by the hour).
    {"cloud_setup", "Cloud: setup fee", "=instances*setup_fee_usd", "0", "", ColumnKind::money, Category::cloud_setup},
    {"cloud_tax_deduction", "Cloud: tax deduction", "=-tax_rate*IF(tax_timing=\"year-end\",0,[cloud_deductible])*[v]",
     "=-tax_rate*IF(tax_timing=\"year-end\",[tax_year_end]*[cloud_deductible_year],[cloud_deductible])*[v]", "",
     ColumnKind::money, Category::cloud_tax_deduction},
    {"cloud_total", "Cloud: month", "=SUM([compute]:[cloud_tax_deduction])", "=SUM([compute]:[cloud_tax_deduction])",
     "", ColumnKind::money},
    {"build_cumulative", "Build: cumulative", "=[build_total]", "=[build_cumulative@prev]+[build_total]", "",
     ColumnKind::money},
    {"cloud_cumulative", "Cloud: cumulative", "=[cloud_total]", "=[cloud_cumulative@prev]+[cloud_total]", "",
     ColumnKind::money},
    {"difference", "Cumulative build - cloud", "=[build_cumulative]-[cloud_cumulative]",
     "=[build_cumulative]-[cloud_cumulative]", "", ColumnKind::money},
    // The payback leaves the end-of-horizon flows out (owning pays back on what was spent): the resale and the tax
    // on the sale.
    {"build_spent", "Build: cumulative, resale and tax on sale left out", "=[build_cumulative]-[resale]-[tax_on_sale]",
     "=[build_cumulative]-[resale]-[tax_on_sale]", "", ColumnKind::money},
    {"paid_back", "Cloud has reached build (1/0)", "", "=IF([cloud_cumulative]>=[build_spent],1,0)", "",
     ColumnKind::flag},
    // The payback if sold: the machine's resale value were it sold at the end of month k (age k - L), less what a
    // loan still owes then, discounted; a leased machine is not the lessee's to sell.
    {"resale_if_sold", "Resale if sold this month, less the loan owed", "",
     "=IF(financing=\"lease\",0,(IF(resale=\"none\",0,IF(resale=\"curve\",hardware_usd*(1-resale_decline_per_year)^("
     "MAX(0,[month]-lead_time_in_force)/12),hardware_usd*(1-(1-residual_value)*(MIN(MAX(0,[month]-lead_time_in_force)/"
     "12,useful_life_years)/useful_life_years))))-[loan_balance])*[v])",
     "", ColumnKind::money},
    {"paid_back_if_sold", "Cloud has reached build less resale (1/0)", "",
     "=IF([cloud_cumulative]>=[build_spent]-[resale_if_sold],1,0)", "", ColumnKind::flag},
    // The finance workings, as paid (undiscounted). A loan's balance falls by each level payment less its interest
    // (finance.cpp's loan_schedule); the last payment clears it.
    {"loan_balance", "Loan: owed after the month", "=loan_principal_usd",
     "=IF([month]>=loan_term_months,0,[loan_balance@prev]-(loan_payment_usd-[loan_balance@prev]*loan_monthly_rate))",
     "", ColumnKind::money},
    {"loan_interest", "Loan: interest paid", "0", "=[loan_balance@prev]*loan_monthly_rate", "", ColumnKind::money},
    {"loan_principal", "Loan: principal repaid", "0",
     "=IF([month]>loan_term_months,0,IF([month]=loan_term_months,[loan_balance@prev],loan_payment_usd-"
     "[loan_interest]))",
     "", ColumnKind::money},
    // A lease's payments due in the month: 1 in months 1..min(T, M); a term past the horizon is bought out in month
    // M with its remaining T - M + 1 payments.
    {"lease_payments", "Lease: payments due", "0",
     "=IF(AND(financing=\"lease\",[month]<=lease_end_month),IF(AND([month]=horizon_months,lease_term_months>"
     "horizon_months),lease_term_months-horizon_months+1,1),0)",
     "", ColumnKind::flag},
    // What each side deducts as paid: running costs (the discounted columns over the discount factor), loan interest
    // and a true lease's rent (and its setup, month 0).
    {"build_deductible", "Build: deductible as paid", "=deductible_setup_usd",
     "=SUM([power]:[downtime_cover])/[v]+[loan_interest]+[lease_payments]*(lease_interest_usd_per_month+"
     "lease_rent_usd_per_month)",
     "", ColumnKind::money},
    {"cloud_deductible", "Cloud: deductible as paid", "=[cloud_setup]", "=SUM([compute]:[cloud_staff])/[v]", "",
     ColumnKind::money},
    // Tax years are 12-month blocks from month 1; month 0 belongs to the first.
    {"tax_year", "Tax year", "1", "=INT(([month]-1)/12)+1", "", ColumnKind::flag},
    {"build_deductible_year", "Build: deductible so far this tax year", "=[build_deductible]",
     "=IF(AND([month]>1,MOD([month]-1,12)=0),0,[build_deductible_year@prev])+[build_deductible]", "",
     ColumnKind::money},
    {"cloud_deductible_year", "Cloud: deductible so far this tax year", "=[cloud_deductible]",
     "=IF(AND([month]>1,MOD([month]-1,12)=0),0,[cloud_deductible_year@prev])+[cloud_deductible]", "",
     ColumnKind::money},
    {"tax_year_end", "Tax year ends (1/0)", "0", "=IF(OR(MOD([month],12)=0,[month]=horizon_months),1,0)", "",
     ColumnKind::flag},
    // The discount factor of the month this month's tax effects fall in: the break-even's weights (Summary).
    {"v_tax", "Discount factor where its tax falls", "",
     "=IF(tax_timing=\"year-end\",IF(discount_rate=0,1,(1+discount_rate)^(-IF(discounting=\"annual\","
     "INT((MIN(12*[tax_year],horizon_months)+11)/12),MIN(12*[tax_year],horizon_months)/12))),[v])",
     "", ColumnKind::factor},
    // The depreciation's tax year: counted from the month after the machine is placed in service (0: not owned).
    {"depreciation_year", "Depreciation tax year", "0",
     "=IF(AND(machine_owned=1,[month]>placed_in_service_month),INT(([month]-placed_in_service_month-1)/12)+1,0)", "",
     ColumnKind::flag},
}};
// `pattern` with each [key] replaced by that column's cell in `row`, and [key@prev] by the one in `row - 1`.
std::string expand(std::string_view pattern, int row) {
    std::string out;
    std::size_t at = 0;
    while (at < pattern.size()) {
        const std::size_t open = pattern.find('[', at);
        if (open == std::string_view::npos) break;
        const std::size_t close = pattern.find(']', open);
        out.append(pattern.substr(at, open - at));
        std::string_view key = pattern.substr(open + 1, close - open - 1);
        int r = row;
        if (key.ends_with("@prev")) {
            key.remove_suffix(5);
            r = row - 1;
        }
        out += cell_address(r, cash_flow_column(key));
        at = close + 1;
    }
    out.append(pattern.substr(std::min(at, pattern.size())));
    return out;
}

void write_cell(Sheet& sheet, int row, int col, std::string_view pattern, lxw_format* format, double cached) {
    if (pattern.empty()) return;
    if (pattern.front() == '=')
        sheet.formula(row, col, expand(pattern, row), format, cached);
    else
        sheet.number(row, col, std::strtod(std::string(pattern).c_str(), nullptr), format);
}

using Values = std::array<double, k_columns.size()>;

// One month's cells as the engine has them (the formulas' cached results), the cumulatives carried from `before`.
Values month_values(const Comparison& c, const FinanceCells& finance, int month, const Values& before) {
    const Assumptions& a = c.assumptions.values;
    const Evaluation& e = c.result;
    Values x{};
    const auto at = [&](std::string_view key) -> double& { return x[static_cast<std::size_t>(cash_flow_column(key))]; };
    const auto was = [&](std::string_view key) { return before[static_cast<std::size_t>(cash_flow_column(key))]; };
    const double v = month == 0 ? 1.0 : discount_factor(month, a.discount_rate, a.discounting);
    at("month") = month;
    at("v") = v;
    if (month == 0) {
        at("hardware") = e.build.hardware_usd;
        at("setup") = e.build.setup_usd;
        at("cloud_setup") = e.cloud.setup_usd;
    } else {
        const double g = a.cloud_price_change_per_year;
        at("working") = month > lead_time_in_force(a) ? 1.0 : 0.0;
        at("power_trend") = price_trend_factor(month, a.electricity_price_change_per_year);
        at("cloud_trend") = cloud_price_factor(a.pricing, month, g);
        at("interim_trend") = cloud_price_factor(e.interim_pricing, month, g);
        for (const CashFlowColumn& column : k_columns)
            if (column.category && category_info(*column.category).timing == Timing::monthly)
                at(column.key) = month_amount_usd(e, a, *column.category, month) * v;
        if (month == a.months) at("resale") = e.build.resale_usd;
    }
    finance.fill(month, x, before);
    double build = 0.0;
    double cloud = 0.0;
    for (const CashFlowColumn& column : k_columns)
        if (column.category) (category_info(*column.category).side == Side::build ? build : cloud) += at(column.key);
    at("build_total") = build;
    at("cloud_total") = cloud;
    at("build_cumulative") = (month == 0 ? 0.0 : was("build_cumulative")) + build;
    at("cloud_cumulative") = (month == 0 ? 0.0 : was("cloud_cumulative")) + cloud;
    at("difference") = at("build_cumulative") - at("cloud_cumulative");
    at("build_spent") = at("build_cumulative") - at("resale") - at("tax_on_sale");
    at("paid_back") = at("cloud_cumulative") >= at("build_spent") ? 1.0 : 0.0;
    at("paid_back_if_sold") = at("cloud_cumulative") >= at("build_spent") - at("resale_if_sold") ? 1.0 : 0.0;
    return x;
}

}  // namespace

std::span<const CashFlowColumn> cash_flow_columns() noexcept { return k_columns; }

int cash_flow_column(std::string_view key) {
    for (std::size_t i = 0; i < k_columns.size(); ++i)
        if (k_columns[i].key == key) return static_cast<int>(i);
    throw std::logic_error(fmt::format("xlsx: no Cash flow column {}", key));
}

void write_cash_flow_sheet(Sheet& sheet, const Comparison& c, const Formats& formats) {
    const int months = c.assumptions.values.months;
    for (std::size_t i = 0; i < k_columns.size(); ++i)
        sheet.text(0, static_cast<int>(i), k_columns[i].heading, formats.heading);
    const FinanceCells finance(c);
    Values values{};
    for (int month = 0; month <= months; ++month) {
        values = month_values(c, finance, month, values);
        const int row = cash_flow_row(month);
        for (std::size_t i = 0; i < k_columns.size(); ++i) {
            const int col = static_cast<int>(i);
            const CashFlowColumn& column = k_columns[i];
            lxw_format* format = column.kind == ColumnKind::money    ? formats.usd
                                 : column.kind == ColumnKind::factor ? formats.factor
                                                                     : formats.number;
            if (column.key == "month")
                sheet.number(row, col, month, formats.number);
            else
                write_cell(sheet, row, col,
                           month == 0                                ? column.month_0
                           : month == months && !column.last.empty() ? column.last
                                                                     : column.monthly,
                           format, values[i]);
        }
    }
    sheet.column_width(0, 0, 7);
    sheet.column_width(1, static_cast<int>(k_columns.size()) - 1, 16);
    sheet.freeze(1, 1);
}

}  // namespace gpucost::xlsx_detail
