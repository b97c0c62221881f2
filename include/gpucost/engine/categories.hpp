// The cost categories, listed once: each one's side, its key as every output spells it, when its money moves, and
// where its amount lives in the engine's results. Renderers, the cash-flow profile and tests iterate this table
// instead of naming categories themselves, so a new category (a tax shield, say) is one row here plus its field.
//
// Where the table is iterated, each keeping this table's order, filtered (a new category reaches all of them):
//   - the engine: amount_usd / monthly_usd below; cash_flow_profile() (cash_flow.cpp) and the finance schedule
//     (finance_flow.cpp) yield flows in this order; the batch evaluator (analysis/batch_draw.cpp, batch_block.cpp)
//     restates the sum and holds a static_assert on k_category_count.
//   - the report: Comparison::costs (report/report.cpp), one entry per row; the cash-flow periods
//     (report/cash_flow_periods.cpp).
//   - compare's detail table (costs_table, render/run_sections.cpp): k_category_rows, one line per key (the
//     build and cloud staff share the "staff" line); its HTML category table: k_categories.
//   - JSON breakdown_usd (render/render_json.cpp): categories_of(side), keys as object keys.
//   - CSV columns (render/compare_rows.cpp): categories_of(side) as "build_<key>_usd" / "cloud_<key>_usd", at their
//     places among the other columns (a public contract); interim cloud, downtime cover and finance come later.
//   - cashflow rows, wide columns and FOCUS rows (render/cashflow_rows.cpp, cashflow_document.cpp), the cost chart's
//     segments (render/report_charts.cpp) and the workbook's finance sheet (render/xlsx_finance.cpp).
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

#include "gpucost/engine/cost_model.hpp"

namespace gpucost {

// Every cost category, build side first, each side in the order outputs list it.
enum class Category : unsigned char {
    hardware,
    setup,
    power,
    build_staff,
    maintenance,
    facility,
    interim_cloud,
    downtime_cover,
    resale,
    // Financing and tax (issue 24; finance_flow.hpp): every amount exactly 0 with cash and a tax rate of 0, and
    // outputs show these rows only when uses_finance() (shows_category()).
    financing,
    interest,
    tax_deduction,
    depreciation,
    tax_on_sale,
    compute,
    storage,
    egress,
    cloud_staff,
    // A monthly rental's setup fees (issue 20 item 6a), month 0; outputs show it only when it is not 0.
    cloud_setup,
    cloud_tax_deduction,
};

// When a category's money moves: month 0, every month 1..M, once at the end of month M, or in any month 0..M as
// the finance schedule says (finance_months() in finance_flow.hpp).
enum class Timing : unsigned char { upfront, monthly, at_end, scheduled };

// One row of the category table. Exactly one of build_total / cloud_total is set, matching `side`; `monthly` is set
// exactly when timing is monthly (the undiscounted amount of one month, which the engine discounts per month).
struct CategoryInfo {
    Category category;
    Side side;
    const char* key;  // as outputs spell it; unique within a side ("staff" is on both)
    Timing timing;
    double BuildCosts::*build_total;  // discounted total over the horizon, USD
    double CloudCosts::*cloud_total;  // discounted total over the horizon, USD
    double MonthlyCosts::*monthly;    // undiscounted USD per month
};

// The table, in Category order: build categories, then cloud categories.
inline constexpr std::array<CategoryInfo, 20> k_categories = {{
    {Category::hardware, Side::build, "hardware", Timing::upfront, &BuildCosts::hardware_usd, nullptr, nullptr},
    {Category::setup, Side::build, "setup", Timing::upfront, &BuildCosts::setup_usd, nullptr, nullptr},
    {Category::power, Side::build, "power", Timing::monthly, &BuildCosts::power_usd, nullptr, &MonthlyCosts::power_usd},
    {Category::build_staff, Side::build, "staff", Timing::monthly, &BuildCosts::staff_usd, nullptr,
     &MonthlyCosts::staff_build_usd},
    {Category::maintenance, Side::build, "maintenance", Timing::monthly, &BuildCosts::maintenance_usd, nullptr,
     &MonthlyCosts::maintenance_usd},
    {Category::facility, Side::build, "facility", Timing::monthly, &BuildCosts::facility_usd, nullptr,
     &MonthlyCosts::facility_usd},
    // The cloud rented in the lead time's months 1..L (model v2): compute at the offer's on-demand price, storage
    // and egress.
    {Category::interim_cloud, Side::build, "interim_cloud", Timing::monthly, &BuildCosts::interim_cloud_usd, nullptr,
     &MonthlyCosts::interim_cloud_usd},
    // The on-demand rental for the hours of use the owned machine loses to failures and planned work (months
    // L+1..M; availability.hpp), 0 under --downtime lost.
    {Category::downtime_cover, Side::build, "downtime_cover", Timing::monthly, &BuildCosts::downtime_cover_usd, nullptr,
     &MonthlyCosts::downtime_cover_usd},
    // A credit: the amount is <= 0.
    {Category::resale, Side::build, "resale", Timing::at_end, &BuildCosts::resale_usd, nullptr, nullptr},
    {Category::financing, Side::build, "financing", Timing::scheduled, &BuildCosts::financing_usd, nullptr, nullptr},
    {Category::interest, Side::build, "interest", Timing::scheduled, &BuildCosts::interest_usd, nullptr, nullptr},
    {Category::tax_deduction, Side::build, "tax_deduction", Timing::scheduled, &BuildCosts::tax_deduction_usd, nullptr,
     nullptr},
    {Category::depreciation, Side::build, "depreciation", Timing::scheduled, &BuildCosts::depreciation_usd, nullptr,
     nullptr},
    {Category::tax_on_sale, Side::build, "tax_on_sale", Timing::at_end, &BuildCosts::tax_on_sale_usd, nullptr, nullptr},
    {Category::compute, Side::cloud, "compute", Timing::monthly, nullptr, &CloudCosts::compute_usd,
     &MonthlyCosts::compute_usd},
    {Category::storage, Side::cloud, "storage", Timing::monthly, nullptr, &CloudCosts::storage_usd,
     &MonthlyCosts::storage_usd},
    {Category::egress, Side::cloud, "egress", Timing::monthly, nullptr, &CloudCosts::egress_usd,
     &MonthlyCosts::egress_usd},
    {Category::cloud_staff, Side::cloud, "staff", Timing::monthly, nullptr, &CloudCosts::staff_usd,
     &MonthlyCosts::staff_cloud_usd},
    {Category::cloud_setup, Side::cloud, "setup_fee", Timing::upfront, nullptr, &CloudCosts::setup_usd, nullptr},
    {Category::cloud_tax_deduction, Side::cloud, "tax_deduction", Timing::scheduled, nullptr,
     &CloudCosts::tax_deduction_usd, nullptr},
}};

// Whether a category is one of financing and tax (issue 24), which outputs list only when financing or tax is used.
constexpr bool is_finance(Category category) noexcept {
    return (category >= Category::financing && category <= Category::tax_on_sale) ||
           category == Category::cloud_tax_deduction;
}

// Whether outputs show a category under `a`: financing and interest only with financing other than cash, the tax
// rows only with a tax rate above 0, every other category always; so a report without them is unchanged. The
// cloud's setup fee depends on the offer, not on `a`: see the overload below.
constexpr bool shows_category(Category category, const Assumptions& a) noexcept {
    if (category == Category::financing || category == Category::interest) return a.financing != Financing::cash;
    return !is_finance(category) || a.tax_rate > 0.0;
}

// Whether outputs show a category of evaluation `e` under `a`: as above, and the cloud's setup fee only when the
// offer charges one, so a report on an hourly offer is unchanged.
constexpr bool shows_category(Category category, const Evaluation& e, const Assumptions& a) noexcept {
    if (category == Category::cloud_setup) return e.cloud.setup_usd != 0.0;
    return shows_category(category, a);
}

// Number of categories.
inline constexpr std::size_t k_category_count = k_categories.size();

// The table row of a category.
constexpr const CategoryInfo& category_info(Category category) noexcept {
    return k_categories[static_cast<std::size_t>(category)];
}

namespace categories_detail {
constexpr std::size_t build_category_count() noexcept {
    std::size_t n = 0;
    while (n < k_category_count && k_categories[n].side == Side::build) ++n;
    return n;
}
}  // namespace categories_detail

// The build side's categories, in output order.
constexpr std::span<const CategoryInfo> build_categories() noexcept {
    return std::span<const CategoryInfo>(k_categories).first(categories_detail::build_category_count());
}

// The cloud side's categories, in output order.
constexpr std::span<const CategoryInfo> cloud_categories() noexcept {
    return std::span<const CategoryInfo>(k_categories).subspan(categories_detail::build_category_count());
}

// One side's categories, in output order.
constexpr std::span<const CategoryInfo> categories_of(Side side) noexcept {
    return side == Side::build ? build_categories() : cloud_categories();
}

// The category of `side` spelled `key`; empty when that side has none.
constexpr std::optional<Category> find_category(Side side, std::string_view key) noexcept {
    for (const CategoryInfo& info : categories_of(side))
        if (std::string_view(info.key) == key) return info.category;
    return std::nullopt;
}

// A category's discounted total over the horizon, USD (resale <= 0).
inline double amount_usd(const Evaluation& e, Category category) noexcept {
    const CategoryInfo& info = category_info(category);
    return info.side == Side::build ? e.build.*info.build_total : e.cloud.*info.cloud_total;
}

// A category's undiscounted amount in a month at today's prices, USD; 0 for the upfront and end-of-horizon
// categories. The amount of one month k, with model v2's trends and lead time, is month_amount_usd (cash_flow.hpp).
inline double monthly_usd(const MonthlyCosts& m, Category category) noexcept {
    const CategoryInfo& info = category_info(category);
    return info.monthly != nullptr ? m.*info.monthly : 0.0;
}

// One line of a side-by-side breakdown (build column, cloud column): a key and the category of each side with it.
struct CategoryRow {
    const char* key;
    std::optional<Category> build;
    std::optional<Category> cloud;
};

namespace categories_detail {
constexpr std::size_t category_row_count() noexcept {
    std::size_t n = build_categories().size();
    for (const CategoryInfo& info : cloud_categories())
        if (!find_category(Side::build, info.key)) ++n;
    return n;
}
template <std::size_t N>
constexpr std::array<CategoryRow, N> category_rows() noexcept {
    std::array<CategoryRow, N> rows{};
    std::size_t n = 0;
    for (const CategoryInfo& info : build_categories())
        rows[n++] = {info.key, info.category, find_category(Side::cloud, info.key)};
    for (const CategoryInfo& info : cloud_categories())
        if (!find_category(Side::build, info.key)) rows[n++] = {info.key, std::nullopt, info.category};
    return rows;
}
}  // namespace categories_detail

// The side-by-side breakdown's lines, as the detail table and markdown show them today: every build key in order
// (staff paired with the cloud's staff), then the cloud keys the build side lacks (compute, storage, egress).
inline constexpr auto k_category_rows = categories_detail::category_rows<categories_detail::category_row_count()>();

namespace categories_detail {
// The table's invariants, checked where it is written.
constexpr bool table_is_consistent() noexcept {
    for (std::size_t i = 0; i < k_category_count; ++i) {
        const CategoryInfo& info = k_categories[i];
        if (static_cast<std::size_t>(info.category) != i) return false;
        if ((info.side == Side::build) != (info.build_total != nullptr)) return false;
        if ((info.side == Side::cloud) != (info.cloud_total != nullptr)) return false;
        if ((info.timing == Timing::monthly) != (info.monthly != nullptr)) return false;
        if (i > 0 && k_categories[i - 1].side == Side::cloud && info.side == Side::build) return false;
        for (std::size_t j = 0; j < i; ++j)
            if (k_categories[j].side == info.side && std::string_view(k_categories[j].key) == info.key) return false;
    }
    return true;
}
}  // namespace categories_detail
static_assert(categories_detail::table_is_consistent(),
              "k_categories: one row per Category in order, build rows first, "
              "one total per row on its side, keys unique per side");

}  // namespace gpucost
