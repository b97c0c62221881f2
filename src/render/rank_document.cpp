// `rank` for people: the one outline the terminal table, markdown and the HTML page are written from.
#include <algorithm>

#include <fmt/format.h>

#include "gpucost/render/phrases.hpp"
#include "gpucost/render/rank.hpp"
#include "gpucost/util/text.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

constexpr const char* k_star_note = "* rests on a figure marked as an estimate, derived or unverified.";

// "sourced", or the weakest mark of the row's figures with the footnote's star: "estimate *".
std::string figures_text(const RankRow& row) {
    std::string mark;
    for (const Figure& f : row.figures)
        if (!f.confidence.empty() && (mark.empty() || f.confidence == "estimate")) mark = f.confidence;
    return mark.empty() ? "sourced" : mark + " *";
}

std::string what_text(const RankRow& row) {
    if (row.kind == "api") return fmt::format("API offer {} ({}, by the token)", row.id, row.name);
    return fmt::format("{} {} ({} x {}{})", row.kind == "build" ? "build" : "cloud offer", row.id, row.gpu_count,
                       row.gpu_id, row.tier.empty() ? "" : ", " + row.tier);
}

// "Ranked by cost per million tokens of llm-70b-serve-mlperf (LLM ...), over 36 months at 40.0 h/week, on-demand"
std::string title(const RankReport& report) {
    const Assumptions& a = report.header.assumptions.values;
    return fmt::format("Ranked by cost per million {} of {} ({}), over {} at {}, {}", report.workload.work_unit,
                       report.workload.id, report.workload.name, months_text(a.months), hours_text(a.hours_per_week),
                       to_string(a.pricing));
}

// The requirements, tiers and filters in force, or "" when none.
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
    const bool apis =
        std::any_of(report.rows.begin(), report.rows.end(), [](const RankRow& r) { return r.kind == "api"; });
    return fmt::format("A build is owned (its whole cost over the horizon, as compare counts it); an offer is one "
                       "instance rented for the same hours. Work: GPUs x throughput x the hours of use. The figure "
                       "is levelized: the discounted total over the work discounted month by month at the same rate.{} "
                       "Throughputs: {}, {}.",
                       apis ? " An API is bought by the token: its row prices one million generated tokens, the "
                              "output price plus the workload's prompt tokens for each at the input price."
                            : "",
                       report.workload.source, report.workload.as_of);
}

// "3 builds and 120 offers left out (<where>).", or "" when none was.
std::string excluded_line(const RankReport& report, const std::string& where) {
    if (report.exclusion_counts.empty()) return "";
    long long builds = 0;
    long long offers = 0;
    for (const ExclusionCount& n : report.exclusion_counts) (n.kind == "build" ? builds : offers) += n.count;
    return fmt::format("{} and {} left out ({}).", count_text(builds, "build"), count_text(offers, "offer"), where);
}

// The rows the table shows: the cheapest k_rank_rows_shown.
std::size_t rows_shown(const RankReport& report) { return std::min(report.rows.size(), k_rank_rows_shown); }

// "29561 more rows, ranked lower, are not shown: --format csv or json gives every row.", or "" when the table
// shows them all.
std::string more_rows_line(const RankReport& report) {
    const std::size_t more = report.rows.size() - rows_shown(report);
    if (more == 0) return "";
    return fmt::format("{} more {}, ranked lower, {} not shown: --format csv or json gives every row.", more,
                       more == 1 ? "row" : "rows", more == 1 ? "is" : "are");
}

bool taxed(const RankReport& report) { return report.header.assumptions.values.tax_rate > 0.0; }

// The "build or offer" words of the rows shown: a build's or an API's id, an offer in a few words (offer_label).
// Offers that would share those words are told apart by the first of region and tier that differs among them
// ("AWS 8x H100 us-east-1", "RunPod 1x B200 marketplace"); the full id is the "id" column.
std::vector<std::string> row_labels(const RankReport& report) {
    std::vector<std::string> labels;
    const std::size_t n = rows_shown(report);
    for (std::size_t i = 0; i < n; ++i) {
        const RankRow& r = report.rows[i];
        labels.push_back(r.kind != "cloud" ? r.id : offer_label(r.provider, 1, r.gpu_count, r.gpu_id));
    }
    for (std::string RankRow::*part : {&RankRow::region, &RankRow::tier}) {
        const std::vector<std::string> before = labels;
        for (std::size_t i = 0; i < n; ++i) {
            const RankRow& r = report.rows[i];
            if (r.kind != "cloud" || (r.*part).empty()) continue;
            for (std::size_t j = 0; j < n; ++j)
                if (j != i && report.rows[j].kind == "cloud" && before[j] == before[i] &&
                    report.rows[j].*part != r.*part) {
                    labels[i] += " " + r.*part;
                    break;
                }
        }
    }
    return labels;
}

// "build or offer" is the build's id, or the offer in a few words (provider and shape: "Nebius 8x H200"), so an
// 80-column terminal still says what each row is; the full id is the "id" column. A narrow terminal leaves out id,
// work, GPUs, figures, total, tier, kind and build or offer, in that order (docs/usage.md); # and the cost per unit
// always show.
Table ranking(const RankReport& report) {
    const std::string& unit = report.workload.work_unit;
    Table table = make_table({numeric("#"), "kind", "id", "build or offer", "GPUs", "tier",
                              numeric(words(fmt::format("work (M {})", unit))), numeric("total"),
                              numeric(Inline{cell::currency_code(), " per M " + unit}), "figures"},
                             {2, 6, 4, 9, 7, 5, 1, 3});
    // With tax (issue 24) the ranking is after it and the figure before it stands beside (the last to go but kind
    // and build or offer).
    if (taxed(report)) {
        table.header.insert(table.header.begin() + 9, words("before tax"));
        table.numeric.insert(table.numeric.begin() + 9, true);
        table.drop_order = {2, 6, 4, 10, 7, 5, 9, 1, 3};
    }
    const std::vector<std::string> labels = row_labels(report);
    for (std::size_t i = 0; i < labels.size(); ++i) {
        const RankRow& r = report.rows[i];
        const bool api = r.kind == "api";
        TableRow row{{cell::count(static_cast<long long>(i + 1)), r.kind, r.id, labels[i],
                      api ? std::string("-") : fmt::format("{} x {}", r.gpu_count, r.gpu_id),
                      r.tier.empty() ? "-" : r.tier, cell::quantity(r.work_units / k_units_per_rank_figure),
                      cell::money(r.total_usd), cell::money_rate(r.usd_per_million_units), figures_text(r)}};
        if (taxed(report)) row.cells.insert(row.cells.begin() + 9, cell::money_rate(r.pre_tax_usd_per_million_units));
        table.rows.push_back(std::move(row));
    }
    return table;
}

// "Ranked after tax at 21 %; ...": what the "before tax" column is, when there is one.
std::string tax_note(const RankReport& report) {
    if (!taxed(report)) return "";
    return fmt::format("Ranked after tax at {:g} %: \"before tax\" is each row's cost per M {} without its tax rows "
                       "(docs/finance.md).",
                       report.header.assumptions.values.tax_rate * 100.0, report.workload.work_unit);
}

void add_workload_section(Document& d, const RankReport& report) {
    const RankWorkload& w = report.workload;
    Section& s = d.section("workload", words("Workload"), k_html_only);
    s.add(Paragraph{words(fmt::format("{} ({}): {}, measured in {} per GPU.", w.id, w.name,
                                      w.confidence.empty() ? "sourced" : w.confidence, w.rate_unit))});
    s.add(Paragraph{words(fmt::format("Source: {} (as of {}).", w.source, w.as_of)), Role::source});
    if (!w.note.empty()) s.add(Paragraph{words("Note: " + w.note), Role::note});
    Table table = make_table({"GPU", "name", numeric(words(fmt::format("throughput per GPU ({})", w.rate_unit)))});
    std::vector<std::string> seen;
    for (const RankRow& r : report.rows) {
        if (r.gpu_id.empty() || std::find(seen.begin(), seen.end(), r.gpu_id) != seen.end()) continue;
        seen.push_back(r.gpu_id);
        table.rows.push_back({{r.gpu_id, r.gpu_name, cell::exact(r.throughput_per_gpu)}});
    }
    s.add(std::move(table));
}

void add_excluded_section(Document& d, const RankReport& report) {
    Section& s = d.section("excluded", words("Left out"), k_html_only);
    if (report.exclusion_counts.empty()) {
        s.add(Paragraph{words("None.")});
        return;
    }
    Table counts = make_table({"kind", "rule", numeric("count")});
    for (const ExclusionCount& n : report.exclusion_counts)
        counts.rows.push_back({{n.kind, std::string(rank_rule_name(n.rule)), cell::count(n.count)}});
    s.add(Paragraph{words("Builds and offers that miss a requirement, a filter, a price at the pricing in force or a "
                          "figure for the workload, counted by rule; those listed below are each build left out and "
                          "the offers of your own files (--verbose lists every one)."),
                    Role::note})
        .add(std::move(counts));
    Table table = make_table({"kind", "id", "why"});
    for (const Excluded& e : report.excluded) table.rows.push_back({{e.kind, e.id, e.reason}});
    if (!table.rows.empty()) s.add(std::move(table));
}

// The estimates of the rows shown (each offer's names the offer: 30,000 rows listed 30,000 notes).
std::vector<std::string> all_estimates(const RankReport& report) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < rows_shown(report); ++i)
        for (const std::string& e : report.rows[i].estimates)
            if (std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
    return out;
}

// The run-level fields (catalogue, assumptions, warnings), read here only: the page's last sections and the
// footer of the terminal and markdown views (after the page's sections, which those views leave out).
void add_run_parts(Document& d, const RankReport& report, const std::vector<std::string>& estimates) {
    const Inline catalogue = catalogue_sentence(report.header);
    add_assumptions_section(d, report.header.assumptions);
    add_warnings_section(d, report.header.warnings, estimates);
    add_catalogue_section(d, catalogue);
    d.section("", {}, k_not_html)
        .add(Notes{}.add(words(method_note(report)), Role::explanation).add(catalogue, Role::explanation));
}

}  // namespace

Inline rank_verdict(const RankReport& report) {
    const RankRow& best = report.rows.front();
    const Assumptions& a = best.assumptions->values;
    if (!best.usd_per_million_units)
        return {"cheapest for this work: none (no hours of use); lowest total: " + what_text(best) + " at ",
                cell::money(best.total_usd)};
    Inline cheapest{"cheapest for this work: " + what_text(best) + " at ", cell::money_rate(best.usd_per_million_units),
                    " per M " + report.workload.work_unit};
    // An API is bought by the token: its row prices one million, so it has no total over the horizon to name.
    if (best.kind == "api") return cheapest;
    return joined(std::move(cheapest), Inline{", ", cell::money(best.total_usd), " over " + months_text(a.months)});
}

Document document_of(const RankReport& report) {
    const std::string& id = report.workload.id;
    const std::string req = requirements_line(report);
    const std::vector<std::string> estimates = all_estimates(report);  // a row shown is marked when it rests on one
    Table table = ranking(report);  // built once: the page and the other views show the same table
    // Under the ranked table, in every view; the terminal says the verdict there and the page in its own section.
    Notes notes;
    notes.add(rank_verdict(report), Role::verdict, k_text_only)
        .add(words(more_rows_line(report)), Role::note)
        .add(words(estimates.empty() ? "" : k_star_note), Role::note)
        .add(words(tax_note(report)), Role::note)
        .add(words(excluded_line(report, "--verbose lists why; --format json counts them by rule")), Role::note,
             k_not_html);
    Document d{"gpucost: what to buy or rent for " + id, {}};
    d.section()
        .add(Heading{words("What to buy or rent for " + id)}, k_html_only)
        .add(Paragraph{words(title(report) + "."), Role::meta}, k_html_only)
        .add(Heading{words(title(report))}, k_not_html)
        .add(CurrencyNote{}, k_not_html)
        .add(Paragraph{words(req)}, k_not_html)
        .add(Paragraph{rank_verdict(report), Role::plain, true}, k_markdown_only)
        .add(table, k_not_html)
        .add(notes, k_not_html);
    d.section("verdict", words("Verdict"), k_html_only)
        .add(Paragraph{rank_verdict(report), Role::verdict})
        .add(Paragraph{words(req)})
        .add(Paragraph{words(method_note(report)), Role::note})
        .add(Paragraph{words(excluded_line(report, "see Left out")), Role::note});
    if (report.rows.front().usd_per_million_units)
        d.section("charts", words("Charts"), k_html_only)
            .add(page_chart("chart-rank",
                            {cell::currency_code(),
                             " per million " + report.workload.work_unit + " of each build and offer, cheapest first."},
                            rank_svg, report));
    d.section("ranking", words("Ranking"), k_html_only).add(std::move(table)).add(std::move(notes));
    add_workload_section(d, report);
    add_excluded_section(d, report);
    add_run_parts(d, report, estimates);
    return d;
}

template std::string render(const RankReport&, Format, const RenderOptions&);

}  // namespace gpucost
