// `rank` for people: the cells the table, markdown and HTML views share, the table and markdown renderers, and the
// model's renderer table.
#include <cmath>

#include <fmt/format.h>

#include "gpucost/render/markdown_table.hpp"
#include "gpucost/render/paint.hpp"
#include "gpucost/render/phrases.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/render/text_table.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {

namespace rank_text {

std::string million_units(double units) {
    const double m = units / k_units_per_rank_figure;
    const double size = std::fabs(m);
    return format_grouped(m, size >= 100.0 || m == 0.0 ? 0 : size >= 1.0 ? 1 : 3);
}

std::string figure_heading(const RankReport& report, const Currency& money) {
    return fmt::format("{} per M {}", money.code, report.workload.work_unit);
}

std::vector<std::string> header(const RankReport& report, const Currency& money) {
    return {"#",      "kind",
            "id",     "GPUs",
            "tier",   fmt::format("work (M {})", report.workload.work_unit),
            "total",  figure_heading(report, money),
            "figures"};
}

std::vector<bool> numeric_columns() { return {true, false, false, false, false, true, true, true, false}; }

namespace {

// "sourced", or the weakest mark of the row's figures with the footnote's star: "estimate *".
std::string figures_cell(const RankRow& row) {
    std::string mark;
    for (const Figure& f : row.figures)
        if (!f.confidence.empty() && (mark.empty() || f.confidence == "estimate")) mark = f.confidence;
    return mark.empty() ? "sourced" : mark + " *";
}

std::string what_text(const RankRow& row) {
    return fmt::format("{} {} ({} x {}{})", row.kind == "build" ? "build" : "cloud offer", row.id, row.gpu_count,
                       row.gpu_id, row.tier.empty() ? "" : ", " + row.tier);
}

}  // namespace

std::vector<std::vector<std::string>> rows(const RankReport& report, const Currency& money) {
    std::vector<std::vector<std::string>> out;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const RankRow& r = report.rows[i];
        out.push_back({std::to_string(i + 1), r.kind, r.id, fmt::format("{} x {}", r.gpu_count, r.gpu_id),
                       r.tier.empty() ? "-" : r.tier, million_units(r.work_units), format_money(r.total_usd, money),
                       r.usd_per_million_units ? format_money_rate(*r.usd_per_million_units, money) : "-",
                       figures_cell(r)});
    }
    return out;
}

std::string title(const RankReport& report) {
    const Assumptions& a = report.header.assumptions.values;
    return fmt::format("Ranked by cost per million {} of {} ({}), over {} at {}, {}", report.workload.work_unit,
                       report.workload.id, report.workload.name, months_text(a.months), hours_text(a.hours_per_week),
                       to_string(a.pricing));
}

std::string verdict(const RankReport& report, const Currency& money) {
    const RankRow& best = report.rows.front();
    const Assumptions& a = best.assumptions.values;
    if (!best.usd_per_million_units)
        return fmt::format("cheapest for this work: none (no hours of use); lowest total: {} at {}", what_text(best),
                           format_money(best.total_usd, money));
    return fmt::format("cheapest for this work: {} at {} per M {}, {} over {}", what_text(best),
                       format_money_rate(*best.usd_per_million_units, money), report.workload.work_unit,
                       format_money(best.total_usd, money), months_text(a.months));
}

std::string requirements_line(const RankReport& report) {
    std::vector<std::string> parts;
    const Requirements& r = report.requirements;
    if (r.min_vram_gb) parts.push_back("--min-vram-gb " + exact_number(*r.min_vram_gb));
    if (r.min_fp64_tflops) parts.push_back("--min-fp64-tflops " + exact_number(*r.min_fp64_tflops));
    if (r.min_interconnect) parts.push_back("--min-interconnect " + std::string(to_string(*r.min_interconnect)));
    if (r.min_gpus_per_instance) parts.push_back("--min-gpus-per-instance " + std::to_string(*r.min_gpus_per_instance));
    if (report.tiers) parts.push_back("--tier " + tier_list_text(*report.tiers));
    if (report.region) parts.push_back("--region " + *report.region);
    if (report.provider) parts.push_back("--provider " + *report.provider);
    if (parts.empty()) return "";
    return fmt::format("Requirements and filters: {}.", fmt::join(parts, ", "));
}

std::string method_note(const RankReport& report) {
    return fmt::format("A build is owned (its whole cost over the horizon, as compare counts it); an offer is one "
                       "instance rented for the same hours. Work: GPUs x throughput x the hours of use. The figure "
                       "is levelized: the discounted total over the work discounted month by month at the same rate. "
                       "Throughputs: {}, {}.",
                       report.workload.source, report.workload.as_of);
}

std::string excluded_line(const RankReport& report, const std::string& where) {
    if (report.excluded.empty()) return "";
    long long builds = 0;
    long long offers = 0;
    for (const Excluded& e : report.excluded) ++(e.kind == "build" ? builds : offers);
    return fmt::format("{} and {} left out ({}).", count_text(builds, "build"), count_text(offers, "offer"), where);
}

bool any_marked(const RankReport& report) {
    for (const RankRow& r : report.rows)
        if (!r.estimates.empty()) return true;
    return false;
}

const char* const k_star_note = "* rests on a figure marked as an estimate, derived or unverified.";

}  // namespace rank_text

namespace {

using rank_text::any_marked;
using rank_text::k_star_note;
constexpr const char* k_where = "--verbose or --format json lists why";

}  // namespace

std::string render_table(const RankReport& report, const RenderOptions& options) {
    const Paint paint(options.colour);
    const Currency& money = options.currency;
    std::string out = paint(rank_text::title(report), Tone::strong) + "\n\n";
    if (const std::string note = currency_note(money); !note.empty()) out += paint(note, Tone::note) + "\n\n";
    if (const std::string req = rank_text::requirements_line(report); !req.empty()) out += req + "\n\n";
    std::vector<Align> align;
    for (const bool numeric : rank_text::numeric_columns()) align.push_back(numeric ? Align::right : Align::left);
    TextTable table(align);
    table.add(rank_text::header(report, money), Tone::strong);
    for (std::vector<std::string>& row : rank_text::rows(report, money)) table.add(std::move(row));
    out += table.str("  ", paint) + "\n";
    out += paint(rank_text::verdict(report, money), Tone::good) + "\n";
    if (any_marked(report)) out += paint(k_star_note, Tone::note) + "\n";
    if (const std::string left = rank_text::excluded_line(report, k_where); !left.empty())
        out += paint(left, Tone::note) + "\n";
    out += "\n" + paint(rank_text::method_note(report), Tone::muted) + "\n";
    out += paint(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.", report.header.catalog_source,
                             report.header.catalog_as_of, report.header.oldest_as_of),
                 Tone::muted) +
           "\n";
    return out;
}

std::string render_markdown(const RankReport& report, const RenderOptions& options) {
    const Currency& money = options.currency;
    std::string out = "## " + markdown_cell(rank_text::title(report)) + "\n\n";
    if (const std::string note = currency_note(money); !note.empty()) out += markdown_cell(note) + "\n\n";
    if (const std::string req = rank_text::requirements_line(report); !req.empty()) out += markdown_cell(req) + "\n\n";
    out += "**" + markdown_cell(rank_text::verdict(report, money)) + "**\n\n";
    out +=
        markdown_table(rank_text::header(report, money), rank_text::numeric_columns(), rank_text::rows(report, money));
    out += "\n";
    if (any_marked(report)) out += markdown_cell(k_star_note) + "\n\n";
    if (const std::string left = rank_text::excluded_line(report, k_where); !left.empty())
        out += markdown_cell(left) + "\n\n";
    out += markdown_cell(rank_text::method_note(report)) + "\n\n";
    out += markdown_cell(fmt::format("Catalogue: {}, as of {}; oldest figure used: {}.", report.header.catalog_source,
                                     report.header.catalog_as_of, report.header.oldest_as_of)) +
           "\n";
    return out;
}

namespace {
constexpr Renderers<RankReport> k_rank{
    [](const RankReport& r, const RenderOptions& o) { return render_table(r, o); },
    [](const RankReport& r, const RenderOptions& o) { return render_json(r, o); },
    [](const RankReport& r, const RenderOptions& o) { return render_csv(r, o); },
    [](const RankReport& r, const RenderOptions& o) { return render_markdown(r, o); },
    [](const RankReport& r, const RenderOptions& o) { return render_html(r, o); },
    [](const RankReport& r, const RenderOptions& o) { return render_svg(r, o); }};
}  // namespace

std::string render(const RankReport& report, Format format, const RenderOptions& options) {
    return render_with(k_rank, report, format, options);
}

}  // namespace gpucost
