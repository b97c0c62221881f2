// `rank` as CSV: one header row and one row per build or offer, in rank order, full precision, RFC 4180 quoting,
// text cells made safe for spreadsheets (csv_text_field), an empty cell for not applicable. The column order is a
// contract (docs/output.md): new columns go at the end.
#include <fmt/format.h>

#include "gpucost/render/rank.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

std::string number(const std::optional<double>& value) { return value ? exact_number(*value) : ""; }

// Money columns are named in US dollars here; the header renames them for another currency.
const std::vector<std::string> k_columns = {"rank",
                                            "kind",
                                            "id",
                                            "name",
                                            "gpu",
                                            "gpu_count",
                                            "tier",
                                            "provider",
                                            "region",
                                            "pricing",
                                            "usd_per_hour",
                                            "workload",
                                            "unit",
                                            "throughput_per_gpu",
                                            "hours_per_week",
                                            "months",
                                            "discount_rate",
                                            "used_hours",
                                            "work_units",
                                            "discounted_work_units",
                                            "total_usd",
                                            "usd_per_million_units",
                                            "estimate"};

}  // namespace

std::string render_csv(const RankReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    std::vector<std::string> header;
    for (const std::string& c : k_columns) header.push_back(money.field(c));
    std::string out = fmt::format("{}\n", fmt::join(header, ","));
    const auto amount = [&money](const std::optional<double>& usd) {
        return number(usd ? std::optional<double>(money.from_usd(*usd)) : std::nullopt);
    };
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const RankRow& r = report.rows[i];
        const Assumptions& a = r.assumptions.values;
        const std::vector<std::string> cells = {std::to_string(i + 1),
                                                r.kind,
                                                csv_text_field(r.id),
                                                csv_text_field(r.name),
                                                csv_text_field(r.gpu_id),
                                                std::to_string(r.gpu_count),
                                                r.tier,
                                                csv_text_field(r.provider),
                                                csv_text_field(r.region),
                                                r.kind == "cloud" ? std::string(to_string(a.pricing)) : "",
                                                amount(r.usd_per_hour),
                                                csv_text_field(report.workload.id),
                                                csv_text_field(report.workload.rate_unit),
                                                exact_number(r.throughput_per_gpu),
                                                exact_number(a.hours_per_week),
                                                std::to_string(a.months),
                                                exact_number(a.discount_rate),
                                                exact_number(r.used_hours),
                                                exact_number(r.work_units),
                                                exact_number(r.discounted_work_units),
                                                amount(r.total_usd),
                                                amount(r.usd_per_million_units),
                                                r.estimates.empty() ? "false" : "true"};
        out += fmt::format("{}\n", fmt::join(cells, ","));
    }
    return out;
}

}  // namespace gpucost
