// `sensitivity`, `sweep` and `simulate` for people: one outline per model. The terminal and markdown views give
// the answer first (each comparison's verdict, its probability or its biggest levers, and its table) and then the
// ranges (issue 25); the HTML page gives the verdicts, the charts, the same tables, the ranges, warnings and
// catalogue.
#include <fmt/format.h>

#include "gpucost/render/uncertainty.hpp"
#include "run_sections.hpp"

namespace gpucost {
namespace {

// "box-a4 vs aws-x: owning saves $1,234 at the point values (build is cheaper)"; when the cloud is cheaper,
// "renting saves $922", never "owning saves -$922".
Inline heading(const ComparisonLabel& label) {
    const bool renting = label.owning_saves_usd < 0.0;
    return {label.build.id + " vs " + label.offer.id + (renting ? ": renting saves " : ": owning saves "),
            cell::money(renting ? -label.owning_saves_usd : label.owning_saves_usd),
            fmt::format(" at the point values ({} is cheaper)", to_string(label.cheaper))};
}

// The ranges in force: after the answer in the terminal and markdown views, near the end of the page (sections one
// after another, each shown by its own formats).
void add_ranges(Document& d, const std::vector<RangeRow>& ranges) {
    if (ranges.empty()) {
        d.section("", {}, k_not_html).add(Paragraph{words("No ranges in force.")});
        d.section("assumptions", words("Ranges"), k_html_only).add(Paragraph{words("No ranges in force.")});
        return;
    }
    // A narrow terminal leaves out from, dist, mode, then breaks a long address over lines.
    Table t = make_table({"address", numeric("low"), numeric("high"), numeric("mode"), "dist", "from"}, {5, 4, 3});
    t.wrap = 0;
    for (const RangeRow& r : ranges)
        t.rows.push_back(
            {{r.address, cell::exact(r.range.low), cell::exact(r.range.high),
              r.range.mode ? cell::exact(*r.range.mode) : Cell("point value"), to_string(r.range.dist), r.origin}});
    d.section("", words("Ranges (catalogue < scenario < flags):"), k_text_only).add(t);
    d.section("assumptions", words("Ranges"), k_not_text).add(std::move(t));
}

// The one outline of the three documents: the page's head (its title, one verdict line per comparison, and the
// charts section when any chart is drawn), the section `breakdown` names with a level-3 section per comparison under
// its heading (`body` fills it), the ranges in force when the model has them, then the page's warnings and catalogue
// (the run-level fields, read here only).
template <typename Model, typename Verdict, typename Chart, typename Body>
Document outline(const Model& r, const std::string& command, const char* title, const char* breakdown, Verdict verdict,
                 Chart chart, Body body) {
    Document d{"gpucost: " + command, {}};
    d.section("", {}, k_html_only).add(Heading{words(title)});
    Section& verdicts = d.section("verdict", words("Verdict"), k_html_only);
    if (r.comparisons.empty()) verdicts.add(Paragraph{words("No comparison.")});
    for (const auto& c : r.comparisons) verdicts.add(Paragraph{verdict(c), Role::verdict});
    Section charts{"charts", words("Charts"), 2, {}, k_html_only};
    for (std::size_t i = 0; i < r.comparisons.size(); ++i)
        if (std::optional<ChartRef> ref = chart(r.comparisons[i], i + 1)) charts.add(std::move(*ref));
    if (!charts.blocks.empty()) d.sections.push_back(std::move(charts));
    d.section("breakdown", words(breakdown), k_html_only);
    for (const auto& c : r.comparisons) body(d.section("", heading(c.label), k_everywhere, 3), c);
    if constexpr (requires { r.ranges; }) add_ranges(d, r.ranges);
    add_warnings_section(d, r.header.warnings, {});
    add_catalogue_section(d, words("Catalogue as of " + r.header.catalog_as_of + "."));
    return d;
}

Table tornado_table(const SensitivityComparison& c) {
    // A narrow terminal leaves out point, saves at low, saves at high, low, high.
    Table t = make_table({"input", numeric("low"), numeric("point"), numeric("high"), numeric("saves at low"),
                          numeric("saves at high"), numeric("swing"), "flips"},
                         {2, 4, 5, 1, 3});
    for (const TornadoRow& r : c.rows)
        t.rows.push_back({{r.address, cell::exact(r.low), cell::exact(r.point), cell::exact(r.high),
                           cell::money(r.owning_saves_at_low_usd), cell::money(r.owning_saves_at_high_usd),
                           cell::money(r.swing_usd), r.flips ? "yes" : "no"}});
    return t;
}

// One address: a row per point. Two: a map, its header the second address's values, each cell owning's saving and
// the cheaper side.
Table sweep_table(const SweepReport& report, const SweepComparison& c) {
    if (report.addresses.size() == 1) {
        // A narrow terminal keeps the input, the saving and the cheaper side.
        Table t = make_table({numeric(words(report.addresses[0])), numeric("build total"), numeric("cloud total"),
                              numeric("owning saves"), "cheaper", numeric("break-even h/week")},
                             {2, 1, 5});
        for (const SweepCell& p : c.cells)
            t.rows.push_back(
                {{cell::exact(p.at[0]), cell::money(p.build_total_usd), cell::money(p.cloud_total_usd),
                  cell::money(p.owning_saves_usd), to_string(p.cheaper), cell::hours(p.break_even_hours_per_week)}});
        return t;
    }
    // A narrow terminal leaves out the second address's last values first (named under the map; --wide and the
    // other formats show every one), so a map of many values still fits 80 columns piped.
    const std::vector<double>& columns = report.values[1];
    Table t = make_table({words(fmt::format("{} \\ {}", report.addresses[0], report.addresses[1]))});
    for (const double v : columns) t.header.push_back({cell::exact(v)});
    t.numeric.assign(t.header.size(), true);
    for (std::size_t j = columns.size(); j > 1; --j) t.drop_order.push_back(j);
    for (std::size_t i = 0; i < report.values[0].size(); ++i) {
        std::vector<Cell> row = {cell::exact(report.values[0][i])};
        for (std::size_t j = 0; j < columns.size(); ++j) {
            const SweepCell& s = c.cells[i * columns.size() + j];
            row.push_back(cell::money(s.owning_saves_usd).then(s.cheaper == Side::build ? " B" : " C"));
        }
        t.rows.push_back({std::move(row)});
    }
    return t;
}

Table simulation_table(const SimulationComparison& c) {
    const SimulationResult& r = c.result;
    // A narrow terminal leaves out p5, p95, mean, exists.
    Table t = make_table({"figure", numeric("p5"), numeric("p10"), numeric("p50"), numeric("p90"), numeric("p95"),
                          numeric("mean"), numeric("exists")},
                         {1, 5, 6, 7});
    const std::vector<std::tuple<const char*, const Summary*, bool, double>> figures = {
        {"build total", &r.build_total_usd, true, 1.0},
        {"cloud total", &r.cloud_total_usd, true, 1.0},
        {"owning saves", &r.owning_saves_usd, true, 1.0},
        {"break-even h/week", &r.break_even_hours, false, r.break_even_share},
        {"payback month", &r.payback_month, false, r.payback_share},
        {"payback month if sold", &r.payback_month_if_sold, false, r.payback_if_sold_share},
    };
    for (const auto& [name, summary, is_money, exists] : figures) {
        std::vector<Cell> row = {name};
        for (std::size_t q = 0; q <= k_quantiles.size(); ++q) {
            std::optional<double> v;
            if (summary->count > 0) v = q < k_quantiles.size() ? summary->quantiles[q] : summary->mean;
            row.push_back(is_money ? cell::money(v) : cell::number(v, 1));
        }
        row.push_back(cell::percent(exists));
        t.rows.push_back({std::move(row)});
    }
    return t;
}

// "p(build cheaper) 0.7340, p(cloud cheaper) 0.2660 over 100,000 draws (seed 1) of 3 ranged inputs"
Inline simulation_footer(const SimulationReport& report, const SimulationComparison& c) {
    return {"p(build cheaper) ",
            cell::probability(c.result.p_build_cheaper),
            ", p(cloud cheaper) ",
            cell::probability(c.result.p_cloud_cheaper),
            " over ",
            cell::number(static_cast<double>(report.draws), 0),
            fmt::format(" draws (seed {}) of {} ranged input{}", report.seed, c.ranged.size(),
                        c.ranged.size() == 1 ? "" : "s")};
}

}  // namespace

Document document_of(const SensitivityReport& r) {
    return outline(
        r, "sensitivity", "Sensitivity: what moves the verdict", "Each input's swing",
        [](const SensitivityComparison& c) { return heading(c.label); },
        [](const SensitivityComparison& c, std::size_t n) -> std::optional<ChartRef> {
            if (c.rows.empty()) return std::nullopt;
            return page_chart(fmt::format("chart-tornado-{}", n),
                              words("Each input alone at its low and high end; the line is the saving at the point "
                                    "values."),
                              tornado_svg, c);
        },
        [](Section& s, const SensitivityComparison& c) {
            if (c.rows.empty())
                s.add(Paragraph{words("No range applies.")});
            else
                s.add(tornado_table(c));
        });
}

Document document_of(const SweepReport& r) {
    return outline(
        r, "sweep", "Sweep", "Every grid point", [](const SweepComparison& c) { return heading(c.label); },
        [&r](const SweepComparison& c, std::size_t n) -> std::optional<ChartRef> {
            return page_chart(fmt::format("chart-sweep-{}", n), heading(c.label), sweep_svg, r, c);
        },
        [&r](Section& s, const SweepComparison& c) {
            s.add(sweep_table(r, c));
            if (r.addresses.size() == 2)
                s.add(Paragraph{words("Each cell: owning saves (cloud total - build total); B where building is "
                                      "cheaper, C renting.")});
        });
}

Document document_of(const SimulationReport& r) {
    return outline(
        r, "simulate", "Simulation: how sure the verdict is", "Percentiles",
        [&r](const SimulationComparison& c) {
            return joined(heading(c.label), Inline{". "}, simulation_footer(r, c), Inline{"."});
        },
        [&r](const SimulationComparison& c, std::size_t n) -> std::optional<ChartRef> {
            return page_chart(fmt::format("chart-histogram-{}", n),
                              words("Owning's saving over the draws; p10, p50 and p90 marked, and the zero line "
                                    "where the verdict flips."),
                              histogram_svg, r, c);
        },
        [&r](Section& s, const SimulationComparison& c) {
            s.add(Paragraph{simulation_footer(r, c)}, k_not_html).add(simulation_table(c));
        });
}

template std::string render(const SensitivityReport&, Format, const RenderOptions&);
template std::string render(const SweepReport&, Format, const RenderOptions&);
template std::string render(const SimulationReport&, Format, const RenderOptions&);

}  // namespace gpucost
