// `diff` for people: the one outline the terminal table, markdown (a pull-request comment) and HTML are written from.
#include <fmt/format.h>

#include "gpucost/render/diff.hpp"
#include "gpucost/util/text.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

const char* side_word(bool build_cheaper) { return build_cheaper ? "build" : "cloud"; }

// "build", "cloud -> build" (a flip), "- -> build" (added), "build -> -" (removed).
std::string verdict_text(const BuildDiff& b) {
    const std::string was = b.before ? side_word(b.before->build_cheaper) : "-";
    const std::string now = b.after ? side_word(b.after->build_cheaper) : "-";
    return was == now ? now : was + " -> " + now;
}

// "8.9 above", "-" when the lines never cross.
std::string break_even_words(const std::optional<RunComparison>& run) {
    if (!run || !run->break_even_hours) return "-";
    return fmt::format("{:.1f} {}", *run->break_even_hours, run->build_cheaper_above ? "above" : "below");
}

std::string payback_words(const std::optional<RunComparison>& run) {
    return run && run->payback_month ? exact_number(*run->payback_month) : "-";
}

// "a -> b", or "a" when both are the same.
std::string moved(const std::string& was, const std::string& now) { return was == now ? now : was + " -> " + now; }

std::optional<double> change(const BuildDiff& b, double (*figure)(const RunComparison&)) {
    if (!b.before || !b.after) return std::nullopt;
    return figure(*b.after) - figure(*b.before);
}

double build_total(const RunComparison& r) { return r.build_total_usd; }
double cloud_total(const RunComparison& r) { return r.cloud_total_usd; }

Table builds_table(const DiffReport& report) {
    Table t{{words("build"), words("status"), words("cheaper"), words("owning saves"), words("saves, change"),
             words("build total, change"), words("cloud total, change"), words("break-even h/wk"),
             words("payback month")},
            {false, false, false, true, true, true, true, true, true},
            {},
            true,
            {5, 6, 7, 8, 4, 1}};  // a narrow terminal keeps the build, its verdict and its saving
    for (const BuildDiff& b : report.builds) {
        if (b.status == DiffStatus::unchanged) continue;
        const RunComparison& shown = b.after ? *b.after : *b.before;
        TableRow row{{b.build_id, to_string(b.status),
                      Cell(verdict_text(b)).with(b.verdict_flipped ? Tone::strong : Tone::plain),
                      cell::money(owning_saves_usd(shown)), cell::money(change(b, owning_saves_usd)),
                      cell::money(change(b, build_total)), cell::money(change(b, cloud_total)),
                      moved(break_even_words(b.before), break_even_words(b.after)),
                      moved(payback_words(b.before), payback_words(b.after))}};
        if (b.verdict_flipped) row.cells[0] = Cell(b.build_id).bold();
        t.rows.push_back(std::move(row));
    }
    return t;
}

Table assumptions_table(const DiffReport& report) {
    Table t{{words("assumption"), words("before"), words("after"), words("unit")}, {false, true, true, false}, {}};
    for (const AssumptionChange& c : report.assumptions) {
        const AssumptionInfo& i = info(c.key);
        t.rows.push_back(
            {{std::string(i.name), c.in_before ? display_value(report.before.assumptions.values, c.key) : "-",
              c.in_after ? display_value(report.after.assumptions.values, c.key) : "-", std::string(i.unit)}});
    }
    return t;
}

// "3 of 14 builds changed (1 verdict flip), 1 added, 2 assumptions differ." or "No change: ..."
std::string summary(const DiffReport& report) {
    const DiffCounts n = diff_counts(report);
    const long long total = static_cast<long long>(report.builds.size());
    std::vector<std::string> parts;
    parts.push_back(fmt::format("{} of {} changed", n.changed, count_text(total, "build")));
    if (n.flipped > 0) parts.back() += fmt::format(" ({})", count_text(n.flipped, "verdict flip"));
    if (n.added > 0) parts.push_back(fmt::format("{} added", n.added));
    if (n.removed > 0) parts.push_back(fmt::format("{} removed", n.removed));
    const auto differ = static_cast<long long>(report.assumptions.size());
    parts.push_back(fmt::format("{} {}", count_text(differ, "assumption"), differ == 1 ? "differs" : "differ"));
    const bool none = n.changed == 0 && n.added == 0 && n.removed == 0 && differ == 0;
    return fmt::format("{}{}.", none ? "No change: " : "", fmt::join(parts, ", "));
}

std::string run_line(const char* which, const DiffRun& run) {
    return fmt::format("{}: {} ({} of gpucost {}; catalogue {}, as of {})", which, run.file, run.command,
                       run.tool_version, run.catalog_source, run.catalog_as_of);
}

}  // namespace

Document document_of(const DiffReport& report) {
    Document d;
    d.title = "gpucost diff";
    d.section().add(Heading{words("What changed between two gpucost runs")});
    const DiffCounts n = diff_counts(report);
    d.section("summary")
        .add(Paragraph{words(summary(report)), n.flipped > 0 ? Role::warning : Role::verdict, true})
        .add(Notes{}
                 .add(words(run_line("Before", report.before)), Role::meta)
                 .add(words(run_line("After", report.after)), Role::meta));
    if (n.changed + n.added + n.removed > 0) {
        d.section("builds", words("Builds that changed"))
            .add(builds_table(report))
            .add(Notes{}
                     .add(words("owning saves: the cloud total less the build total in the newer run (negative: "
                                "renting is cheaper); a change is after less before."),
                          Role::explanation)
                     .add(words(fmt::format("{} unchanged.", count_text(n.unchanged, "build"))), Role::explanation));
    }
    for (const BuildDiff& b : report.builds)
        if (b.offer_changed)
            d.section("", {}, k_everywhere)
                .add(Paragraph{words(fmt::format("{}: compared with {} before, {} now.", b.build_id, b.before->offer_id,
                                                 b.after->offer_id)),
                               Role::note});
    if (!report.assumptions.empty())
        d.section("assumptions-changed", words("Assumptions that differ")).add(assumptions_table(report));
    add_catalogue_section(d, catalogue_sentence(report.header));
    return d;
}

template std::string render(const DiffReport&, Format, const RenderOptions&);

}  // namespace gpucost
