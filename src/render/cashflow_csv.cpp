// The cash flow as long-format CSV rows, one per category, side and month, for spreadsheet pivots.
#include <array>
#include <vector>

#include <fmt/format.h>

#include "gpucost/render/render.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

namespace {
// The column order is a public contract (docs/output.md): add new columns at the end only.
constexpr std::array<const char*, 7> k_columns = {"build_id", "cloud_id",   "month",         "side",
                                                  "category", "amount_usd", "cumulative_usd"};
}  // namespace

std::string render_csv(const CashFlowReport& cash_flow, const RenderOptions& options) {
    const Currency& money = options.currency;
    std::vector<std::string> header;
    for (const char* column : k_columns) header.push_back(money.field(column));  // amount_usd -> amount_eur
    std::string out = fmt::format("{}\n", fmt::join(header, ","));
    for (const Comparison& c : cash_flow.report.comparisons)
        for (const CashFlow& f : c.cash_flow.flows)
            out +=
                fmt::format("{},{},{},{},{},{},{}\n", csv_text_field(c.build.id), csv_text_field(c.offer.id), f.month,
                            to_string(f.side), category_info(f.category).key,
                            exact_number(money.from_usd(f.amount_usd)), exact_number(money.from_usd(f.cumulative_usd)));
    return out;
}

}  // namespace gpucost
