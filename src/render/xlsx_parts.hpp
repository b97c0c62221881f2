// The workbook's parts, internal to the xlsx renderer (render/xlsx_*.cpp): a checked writer over one libxlsxwriter
// worksheet, the shared cell formats, and the three sheets.
#pragma once

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>
#include <xlsxwriter.h>

#include "gpucost/engine/categories.hpp"
#include "gpucost/engine/finance.hpp"
#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost::xlsx_detail {

// Throws OutputError naming `what` and libxlsxwriter's reason unless `error` is LXW_NO_ERROR.
void check(lxw_error error, std::string_view what);

struct Formats;
// The bytes of a workbook titled `title` whose sheets `fill` writes (through a temporary file; the creation time
// fixed, so the same inputs give the same bytes).
std::string workbook_file_bytes(const std::string& title,
                                const std::function<void(lxw_workbook*, const Formats&)>& fill);

// "A", "B", ..., "Z", "AA" for a 0-based column.
std::string column_letters(int col);
// "B7" for 0-based row 6, column 1; "$B$7" with `absolute`.
std::string cell_address(int row, int col, bool absolute = false);

// The cell formats every sheet shares.
struct Formats {
    lxw_format* heading = nullptr;    // bold
    lxw_format* usd = nullptr;        // money: #,##0.00
    lxw_format* usd_bold = nullptr;   // a total
    lxw_format* number = nullptr;     // a plain figure
    lxw_format* factor = nullptr;     // a discount or price factor, 10 decimals
    lxw_format* input = nullptr;      // an input cell a reader may change (shaded)
    lxw_format* input_usd = nullptr;  // ... holding money
};

// Adds the formats to `workbook`.
Formats add_formats(lxw_workbook* workbook);

// A formula's cached result: a number or a text.
using Cached = std::variant<double, std::string>;

// One worksheet with checked writes (0-based rows and columns) and workbook-wide names for its cells.
class Sheet {
public:
    Sheet(lxw_workbook* workbook, const char* name);
    void text(int row, int col, std::string_view text, lxw_format* format = nullptr);
    void number(int row, int col, double value, lxw_format* format = nullptr);
    // `formula` starts with '='; `cached` is its result as gpucost's engine has it, which a spreadsheet shows until
    // it recalculates (LibreOffice trusts an Excel file's cached results on opening; Excel recalculates).
    void formula(int row, int col, const std::string& formula, lxw_format* format, const Cached& cached);
    // A defined name for one cell, used by the formulas of every sheet.
    void name_cell(std::string_view name, int row, int col);
    // A defined name for the cells of column `col`, rows `first`..`last`.
    void name_range(std::string_view name, int first, int last, int col);
    void column_width(int first, int last, double width);
    void freeze(int rows, int cols);
    lxw_worksheet* worksheet() const noexcept { return m_sheet; }

private:
    lxw_workbook* m_workbook;
    lxw_worksheet* m_sheet;
    std::string m_name;
};

// A figure the Assumptions sheet works out: its name, formula over other names, unit, what it is, and its value as
// the engine has it (the formula's cached result).
struct Derived {
    const char* name;
    const char* formula;
    const char* unit;
    const char* about;
    double (*value)(const Comparison& c);
};

// Financing and tax (xlsx_finance.cpp): the figures worked out from the finance inputs, before the depreciation
// table; then the table's size (tax years 1..ceil(M / 12)), the method's share and the deduction (USD) of each tax
// year, as the engine has them; then the figures that rest on the table (its total, the tax on the sale).
std::span<const Derived> finance_figures() noexcept;
int tax_years_in_horizon(const Comparison& c) noexcept;
std::vector<double> method_shares_by_tax_year(const Comparison& c);
std::vector<double> depreciation_usd_by_tax_year(const Comparison& c);
std::span<const Derived> finance_sale_figures() noexcept;

// The Assumptions sheet: every input of the comparison as a named cell (value, unit, source), then the monthly
// figures worked out from them, named too.
void write_assumptions_sheet(Sheet& sheet, const Comparison& c, const Formats& formats);

// What a Cash flow column holds, for its number format.
enum class ColumnKind { money, factor, flag };

// One column of the Cash flow sheet. Formulas name cells of the same row as [key] and of the month before as
// [key@prev]; "" leaves the cell empty, "0" is the number 0.
struct CashFlowColumn {
    std::string_view key;
    std::string_view heading;
    std::string_view month_0;
    std::string_view monthly;  // months 1..M
    std::string_view last;     // month M when it differs from `monthly`; "" when it does not
    ColumnKind kind = ColumnKind::money;
    std::optional<Category> category{};  // a cost category's discounted amount
};
// The columns, in sheet order (a new category or a financing row is one more entry).
std::span<const CashFlowColumn> cash_flow_columns() noexcept;
// The 0-based column of `key`; throws std::logic_error for a key not in the table.
int cash_flow_column(std::string_view key);
// The sheet's name, quoted for formulas of other sheets.
inline constexpr std::string_view k_cash_flow_ref = "'Cash flow'!";
// Month m is on 0-based row 1 + m (row 0 holds the headings).
constexpr int cash_flow_row(int month) noexcept { return 1 + month; }

// The Cash flow sheet's finance cells of each month as the engine has them (engine/finance_flow.cpp's
// finance_months), for the formulas' cached results.
class FinanceCells {
public:
    explicit FinanceCells(const Comparison& c);
    // Sets the finance categories, the workings and resale_if_sold of `month` in `x` (indexed by cash_flow_column,
    // "v" and the running categories already set), `before` holding the month before's cells.
    void fill(int month, std::span<double> x, std::span<const double> before) const;

private:
    const Comparison& m_comparison;
    std::vector<FinanceMonth> m_months;
    std::vector<LoanMonth> m_loan;
};

// The Cash flow sheet: one row per month 0..M.
void write_cash_flow_sheet(Sheet& sheet, const Comparison& c, const Formats& formats);

// The Summary sheet: each category's total, each side's, the difference, the verdict, the payback and the
// break-even hours per week, all formulas over the Cash flow sheet and the names.
void write_summary_sheet(Sheet& sheet, const Comparison& c, const Formats& formats);

}  // namespace gpucost::xlsx_detail
