// Every chart gpucost draws, read back as a user's viewer would (issue 25): owning's marks in one colour and
// renting's in another in all of them, nothing else in either colour, and no two labels overprinting.
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "chart_reading.hpp"
#include "test_support.hpp"

using gpucost::test::paint_of;
using gpucost::test::run_gpucost;
using gpucost::test::ScopedEnv;
using gpucost::test::svg_elements;
using gpucost::test::SvgElement;
using gpucost::test::tint_of;

namespace {

const std::string k_own = "#0072B2";   // Okabe-Ito blue
const std::string k_rent = "#D55E00";  // Okabe-Ito vermilion

// (name, SVG) of every chart, on the fixture catalogues: both sides appear in each but the tornado and the
// histogram (owning is cheaper at every end of every range, and in every draw, there; test_chart_rules.cpp draws
// both sides in them).
std::vector<std::pair<std::string, std::string>> every_chart() {
    std::vector<std::pair<std::string, std::vector<std::string>>> runs;
    const std::vector<std::string> box = {
        "compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--format", "svg", "--chart"};
    for (const std::string chart : {"cumulative-spend", "cost-vs-hours", "breakdown"}) {
        std::vector<std::string> args = box;
        args.push_back(chart);
        runs.emplace_back(chart, args);
    }
    runs.push_back({"savings",
                    {"compare", "--catalog", "data/mini_catalog.json", "--hours-per-week", "40", "--format", "svg",
                     "--chart", "savings"}});
    runs.push_back({"cashflow",
                    {"cashflow", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--format", "svg",
                     "--chart", "cumulative-spend"}});
    runs.push_back({"rank",
                    {"rank", "--catalog", "data/match_catalog.json", "--workload", "llm-infer", "--format", "svg",
                     "--chart", "rank"}});
    // Per-token APIs beside the builds and offers (issue 20): their own colour, neither owning's nor renting's.
    runs.push_back(
        {"rank-api",
         {"rank", "--catalog", "data/api_catalog.json", "--workload", "chat", "--format", "svg", "--chart", "rank"}});
    const std::vector<std::string> ranged = {"--catalog", "data/ranges_catalog.json", "--build", "box-a4"};
    auto uncertain = [&ranged](std::string command, std::vector<std::string> extra) {
        std::vector<std::string> args = {std::move(command)};
        args.insert(args.end(), ranged.begin(), ranged.end());
        args.insert(args.end(), extra.begin(), extra.end());
        return args;
    };
    runs.push_back({"tornado", uncertain("sensitivity", {"--format", "svg", "--chart", "tornado"})});
    runs.push_back({"sweep-map", uncertain("sweep", {"--vary", "hours_per_week=0:168:42", "--vary", "years=1:3:0.5",
                                                     "--format", "svg", "--chart", "sweep"})});
    runs.push_back(
        {"sweep-line", uncertain("sweep", {"--vary", "pue=1:2:0.25", "--format", "svg", "--chart", "sweep"})});
    runs.push_back(
        {"histogram", uncertain("simulate", {"--draws", "2000", "--format", "svg", "--chart", "histogram"})});
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [name, args] : runs) {
        const auto r = run_gpucost(args);
        INFO(name << ": " << r.err);
        REQUIRE(r.exit_code == 0);
        out.emplace_back(name, r.out);
    }
    return out;
}

}  // namespace

TEST_CASE("every chart paints owning's marks blue and renting's vermilion, and nothing else in either", "[charts]") {
    for (const auto& [name, svg] : every_chart()) {
        INFO(name);
        const std::vector<SvgElement> elements = svg_elements(svg);
        int own = 0;
        int rent = 0;
        for (const SvgElement& e : elements) {
            if (e.in_defs || (e.tag != "rect" && e.tag != "polyline" && e.tag != "line" && e.tag != "circle")) continue;
            const std::string paint = paint_of(elements, e);
            const auto as_own = tint_of(paint, k_own);
            const auto as_rent = tint_of(paint, k_rent);
            INFO(e.tag << " painted " << paint << " side " << e.side);
            if (e.side == "own") {
                ++own;
                REQUIRE(as_own);
                CHECK(*as_own >= 0.3);  // a tint a reader still sees as the colour: 0.3 of it at least
            } else if (e.side == "rent") {
                ++rent;
                REQUIRE(as_rent);
                CHECK(*as_rent >= 0.3);
            } else if (!e.in_legend) {
                // A mark of neither side (an axis, a marker, a hatch) takes neither colour.
                CHECK_FALSE((as_own && *as_own > 0.05));
                CHECK_FALSE((as_rent && *as_rent > 0.05));
            }
        }
        CHECK(own > 0);
        if (name != "tornado" && name != "histogram") CHECK(rent > 0);
    }
}

TEST_CASE("no chart's labels overprint: text boxes estimated from their length do not overlap", "[charts]") {
    for (const auto& [name, svg] : every_chart()) {
        std::vector<SvgElement> texts;
        for (const SvgElement& e : svg_elements(svg))
            if (e.tag == "text" && e.attribute("transform").empty()) texts.push_back(e);
        for (std::size_t i = 0; i < texts.size(); ++i)
            for (std::size_t j = i + 1; j < texts.size(); ++j) {
                INFO(name << ": \"" << texts[i].text << "\" and \"" << texts[j].text << "\"");
                CHECK_FALSE(gpucost::test::text_box(texts[i]).overlaps(gpucost::test::text_box(texts[j])));
            }
    }
}

TEST_CASE("the terminal chart paints owning and renting in the SVG charts' colours", "[charts]") {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv term("TERM", "xterm");
    ScopedEnv columns("COLUMNS", nullptr);
    const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--chart"},
                               gpucost::Terminal{true, 100});
    REQUIRE(r.exit_code == 0);
    const std::string chart = r.out.substr(r.out.find("Cumulative discounted spend"));
    // The nearest of the 256-colour palette: 25 is #005FAF for blue #0072B2, 166 is #D75F00 for vermilion #D55E00
    // (it was 16-colour yellow, "\x1b[33m", a third colour).
    CHECK(chart.find("\x1b[38;5;25m") != std::string::npos);
    CHECK(chart.find("\x1b[38;5;166m") != std::string::npos);
    CHECK(chart.find("\x1b[33m") == std::string::npos);
    CHECK(chart.find("\x1b[34m") == std::string::npos);
}
