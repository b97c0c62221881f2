#include "html_page.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/svg.hpp"

namespace gpucost::html {
namespace {

// System fonts only: nothing is fetched. Print keeps the charts whole on a page.
constexpr const char* k_style = R"(body{margin:0;background:#fff;color:#111;font:15px/1.45 sans-serif}
main{max-width:980px;margin:0 auto;padding:16px 24px 40px}
h1{font-size:24px;margin:8px 0 4px}h2{font-size:19px;margin:28px 0 8px;border-bottom:1px solid #ccc}
.verdict{font-size:18px;font-weight:bold;padding:10px 14px;border-left:6px solid #0072B2;background:#f2f7fb}
.meta,.note{color:#444}.warning{color:#7a3d00}
table{border-collapse:collapse;margin:6px 0 12px}th,td{padding:3px 10px;border-bottom:1px solid #e2e2e2;text-align:left;vertical-align:top}
th{background:#f4f4f4}td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
figure{margin:16px 0}figcaption{color:#444;font-size:13px;max-width:720px}svg.chart{max-width:100%;height:auto}
.source{font-size:13px;color:#444;overflow-wrap:anywhere}
@media print{figure{break-inside:avoid}}
)";

}  // namespace

std::string page(const std::string& title, const std::string& body) {
    return fmt::format("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
                       "<title>{}</title>\n<style>\n{}</style>\n</head>\n<body>\n<main>\n{}</main>\n</body>\n</html>\n",
                       xml_escape(title), k_style, body);
}

std::string section(const std::string& id, const std::string& heading, const std::string& content) {
    return fmt::format("<section id=\"{}\">\n<h2>{}</h2>\n{}</section>\n", xml_escape(id), xml_escape(heading),
                       content);
}

std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                  const std::vector<std::size_t>& right) {
    const auto cls = [&right](std::size_t i) {
        return std::find(right.begin(), right.end(), i) != right.end() ? " class=\"num\"" : "";
    };
    std::string out = "<table>\n<thead><tr>";
    for (std::size_t i = 0; i < header.size(); ++i) out += fmt::format("<th{}>{}</th>", cls(i), xml_escape(header[i]));
    out += "</tr></thead>\n<tbody>\n";
    for (const std::vector<std::string>& row : rows) {
        out += "<tr>";
        for (std::size_t i = 0; i < row.size(); ++i) out += fmt::format("<td{}>{}</td>", cls(i), xml_escape(row[i]));
        out += "</tr>\n";
    }
    return out + "</tbody>\n</table>\n";
}

std::string figure(const std::string& svg, const std::string& caption) {
    return "<figure>\n" + svg + "<figcaption>" + xml_escape(caption) + "</figcaption>\n</figure>\n";
}

std::string paragraph(const std::string& text, const std::string& css_class) {
    if (css_class.empty()) return "<p>" + xml_escape(text) + "</p>\n";
    return "<p class=\"" + xml_escape(css_class) + "\">" + xml_escape(text) + "</p>\n";
}

std::string assumptions_section(const ResolvedAssumptions& r) {
    std::vector<std::vector<std::string>> rows;
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        rows.push_back({std::string(i.name), display_value(r.values, i.key), std::string(i.unit), r.origins[k],
                        r.sources[k].empty() ? "-" : r.sources[k]});
    }
    return section("assumptions", "Assumptions",
                   paragraph("Every assumption in force, where its value came from (code default, catalogue, build, "
                             "scenario file or flag) and the source behind it.",
                             "note") +
                       table({"assumption", "value", "unit", "from", "source"}, rows, {1}));
}

std::string warnings_section(const std::vector<std::string>& warnings, const std::vector<std::string>& estimates) {
    std::string content;
    if (warnings.empty() && estimates.empty()) content = paragraph("None.");
    for (const std::string& w : warnings) content += paragraph("Warning: " + w, "warning");
    for (const std::string& e : estimates) content += paragraph("Note: " + e, "warning");
    return section("warnings", "Warnings and estimates", content);
}

std::string catalogue_section(const Report& report, const Currency& currency) {
    return catalogue_section(report.header.catalog_source, report.header.catalog_as_of, report.header.oldest_as_of,
                             currency);
}

std::string catalogue_section(const std::string& source, const std::string& as_of, const std::string& oldest_as_of,
                              const Currency& currency) {
    std::string content =
        paragraph(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.", source, as_of, oldest_as_of));
    const std::string note = currency_note(currency);
    content += paragraph(note.empty() ? "Amounts in US dollars (USD), discounted to today." : note, "note");
    return section("catalogue", "Catalogue", content);
}

std::string breakdown_table(const Comparison& c, const Currency& currency) {
    const auto cell = [&](const std::optional<Category>& category) {
        return category ? format_money(c.cost_usd(*category), currency) : std::string();
    };
    std::vector<std::vector<std::string>> rows;
    for (const CategoryRow& row : k_category_rows) rows.push_back({row.key, cell(row.build), cell(row.cloud)});
    const Evaluation& e = c.result;
    rows.push_back({"total", format_money(e.build.total_usd, currency), format_money(e.cloud.total_usd, currency)});
    rows.push_back({"per GPU-hour used", format_optional_money_rate(e.build_per_gpu_hour_usd, currency),
                    format_optional_money_rate(e.cloud_per_gpu_hour_usd, currency)});
    return table({"cost over the horizon", "own: " + c.build.id, "rent: " + c.offer.id}, rows, {1, 2});
}

}  // namespace gpucost::html
