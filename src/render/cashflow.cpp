#include "gpucost/render/cashflow.hpp"

#include <algorithm>
#include <array>
#include <map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpucost/render/money.hpp"
#include "gpucost/render/paint.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// The column order is a public contract (docs/output.md): add new columns at the end only.
constexpr std::array<const char*, 7> k_columns = {"build_id", "cloud_id",   "month",         "side",
                                                  "category", "amount_usd", "cumulative_usd"};

void add(std::vector<CashFlowRow>& rows, const Comparison& c, int month, Side side, const char* category, double amount,
         double& cumulative) {
    cumulative += amount;
    rows.push_back({&c, month, side, category, amount, cumulative});
}

std::string render_csv_rows(const std::vector<CashFlowRow>& rows, const Currency& money) {
    std::vector<std::string> header;
    for (const char* column : k_columns) header.push_back(money.field(column));  // amount_usd -> amount_eur
    std::string out = fmt::format("{}\n", fmt::join(header, ","));
    for (const CashFlowRow& r : rows)
        out += fmt::format("{},{},{},{},{},{},{}\n", csv_field(r.comparison->build.id),
                           csv_field(r.comparison->offer.id), r.month, to_string(r.side), r.category,
                           exact_number(money.from_usd(r.amount_usd)), exact_number(money.from_usd(r.cumulative_usd)));
    return out;
}

std::string render_json_rows(const Report& report, const std::vector<CashFlowRow>& rows, const Currency& money) {
    using Json = nlohmann::ordered_json;
    Json comparisons = Json::array();
    for (const Comparison& c : report.comparisons)
        comparisons.push_back({{"build_id", c.build.id},
                               {"cloud_id", c.offer.id},
                               {"months", c.assumptions.values.months},
                               {"discount_rate", c.assumptions.values.discount_rate},
                               {money.field("build_total_usd"), money.from_usd(c.result.build.total_usd)},
                               {money.field("cloud_total_usd"), money.from_usd(c.result.cloud.total_usd)}});
    Json out_rows = Json::array();
    for (const CashFlowRow& r : rows)
        out_rows.push_back({{"build_id", r.comparison->build.id},
                            {"cloud_id", r.comparison->offer.id},
                            {"month", r.month},
                            {"side", to_string(r.side)},
                            {"category", r.category},
                            {money.field("amount_usd"), money.from_usd(r.amount_usd)},
                            {money.field("cumulative_usd"), money.from_usd(r.cumulative_usd)}});
    Json root = {{"schema_version", 1},
                 {"catalog", {{"as_of", report.catalog_as_of}, {"source", report.catalog_source}}}};
    if (!money.is_usd()) root["currency"] = {{"code", money.code}, {"per_usd", money.per_usd}};
    root["comparisons"] = std::move(comparisons);
    root["rows"] = std::move(out_rows);
    root["warnings"] = report.warnings;
    return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

// Per month of one comparison: each side's amount and cumulative, summed over categories.
struct MonthTotals {
    double build_usd = 0.0;
    double cloud_usd = 0.0;
    double build_cumulative_usd = 0.0;
    double cloud_cumulative_usd = 0.0;
};

std::map<int, MonthTotals> month_totals(const std::vector<CashFlowRow>& rows, const Comparison& c) {
    std::map<int, MonthTotals> out;
    for (const CashFlowRow& r : rows) {
        if (r.comparison != &c) continue;
        MonthTotals& m = out[r.month];
        if (r.side == Side::build) {
            m.build_usd += r.amount_usd;
            m.build_cumulative_usd = r.cumulative_usd;
        } else {
            m.cloud_usd += r.amount_usd;
            m.cloud_cumulative_usd = r.cumulative_usd;
        }
    }
    // A side with no row in a month (the cloud in month 0) carries its cumulative forward.
    MonthTotals last;
    for (auto& [month, m] : out) {
        if (m.build_cumulative_usd == 0.0 && m.build_usd == 0.0) m.build_cumulative_usd = last.build_cumulative_usd;
        if (m.cloud_cumulative_usd == 0.0 && m.cloud_usd == 0.0) m.cloud_cumulative_usd = last.cloud_cumulative_usd;
        last = m;
    }
    return out;
}

std::string render_human(const Report& report, const std::vector<CashFlowRow>& rows, bool markdown,
                         const RenderOptions& options) {
    const Currency& money = options.currency;
    const Paint paint(options.colour && !markdown);
    std::string out;
    const std::array<const char*, 5> header = {"month", "build", "cloud", "build cumulative", "cloud cumulative"};
    for (const Comparison& c : report.comparisons) {
        const auto totals = month_totals(rows, c);
        std::vector<std::array<std::string, 5>> lines;
        lines.push_back({header[0], header[1], header[2], header[3], header[4]});
        for (const auto& [month, m] : totals)
            lines.push_back({std::to_string(month), format_money(m.build_usd, money), format_money(m.cloud_usd, money),
                             format_money(m.build_cumulative_usd, money), format_money(m.cloud_cumulative_usd, money)});
        if (!out.empty()) out += "\n";
        const std::string title =
            fmt::format("{} vs {}: cash flow by month, discounted at {} a year ({} months)", c.build.id, c.offer.id,
                        exact_number(c.assumptions.values.discount_rate), c.assumptions.values.months);
        if (markdown) {
            out += fmt::format("### {}\n\n| {} |\n| ---: | ---: | ---: | ---: | ---: |\n", title,
                               fmt::join(header, " | "));
            for (std::size_t i = 1; i < lines.size(); ++i) out += fmt::format("| {} |\n", fmt::join(lines[i], " | "));
            continue;
        }
        std::array<std::size_t, 5> widths{};
        for (const auto& line : lines)
            for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], line[i].size());
        out += paint(title, Tone::strong) + "\n";
        for (std::size_t row = 0; row < lines.size(); ++row) {
            const auto& line = lines[row];
            std::string text = " ";
            for (std::size_t i = 0; i < line.size(); ++i)
                text += std::string(widths[i] - line[i].size() + 1, ' ') +
                        paint(line[i], row == 0 ? Tone::strong : Tone::plain) + (i + 1 < line.size() ? " " : "");
            out += text + "\n";
        }
    }
    if (!money.is_usd()) out += "\n" + currency_note(money) + "\n";
    out += "\nMonth 0 holds the purchase and setup; the last month also the resale (a credit). Amounts are discounted "
           "to today, so each side sums to its total in 'gpucost compare'. CSV and JSON give every category.\n";
    return out;
}

}  // namespace

std::vector<CashFlowRow> cash_flows(const Comparison& c) {
    const Evaluation& e = c.result;
    const MonthlyCosts& m = e.monthly;
    const int months = c.assumptions.values.months;
    const double rate = c.assumptions.values.discount_rate;
    std::vector<CashFlowRow> rows;
    rows.reserve(static_cast<std::size_t>(months) * 8 + 3);
    double build = 0.0;
    double cloud = 0.0;
    add(rows, c, 0, Side::build, "hardware", e.build.hardware_usd, build);
    add(rows, c, 0, Side::build, "setup", e.build.setup_usd, build);
    for (int month = 1; month <= months; ++month) {
        // The engine's annuity factor is the sum of exactly these discount factors.
        const double v = discount_factor(month, rate);
        add(rows, c, month, Side::build, "power", m.power_usd * v, build);
        add(rows, c, month, Side::build, "staff", m.staff_build_usd * v, build);
        add(rows, c, month, Side::build, "maintenance", m.maintenance_usd * v, build);
        add(rows, c, month, Side::build, "facility", m.facility_usd * v, build);
        if (month == months) add(rows, c, month, Side::build, "resale", e.build.resale_usd, build);
        add(rows, c, month, Side::cloud, "compute", m.compute_usd * v, cloud);
        add(rows, c, month, Side::cloud, "storage", m.storage_usd * v, cloud);
        add(rows, c, month, Side::cloud, "egress", m.egress_usd * v, cloud);
        add(rows, c, month, Side::cloud, "staff", m.staff_cloud_usd * v, cloud);
    }
    return rows;
}

std::vector<CashFlowRow> cash_flows(const Report& report) {
    std::vector<CashFlowRow> rows;
    for (const Comparison& c : report.comparisons) {
        std::vector<CashFlowRow> one = cash_flows(c);
        rows.insert(rows.end(), one.begin(), one.end());
    }
    return rows;
}

std::string render_cashflow(const Report& report, Format format, const RenderOptions& options) {
    const std::vector<CashFlowRow> rows = cash_flows(report);
    switch (format) {
        case Format::csv: return render_csv_rows(rows, options.currency);
        case Format::json: return render_json_rows(report, rows, options.currency);
        case Format::markdown: return render_human(report, rows, true, options);
        case Format::table: break;
    }
    return render_human(report, rows, false, options);
}

}  // namespace gpucost
