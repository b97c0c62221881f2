// The chart primitives (chart.hpp) and the report's charts (report_charts.hpp): what each draws, its data-
// attributes, malformed input refused, and every SVG well-formed by xmllint (skipped when it is absent).
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/render/chart.hpp"
#include "gpucost/render/report_charts.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

// Whether an element whose text holds `first` also holds every one of `rest` (the regex-free form of
// `first[^>]*rest...`: g++ 12 -O1 warns inside <regex>).
bool element_has(const std::string& svg, const std::string& first, std::initializer_list<const char*> rest) {
    for (std::size_t at = svg.find(first); at != std::string::npos; at = svg.find(first, at + 1)) {
        const std::string element = svg.substr(at, svg.find('>', at) - at);
        bool all = true;
        for (const char* part : rest) all = all && element.find(part) != std::string::npos;
        if (all) return true;
    }
    return false;
}

std::size_t count_of(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// xmllint's verdict on `svg`, or "" when xmllint is not installed (sh scripts/install-deps.sh --browser).
std::string xmllint(const std::string& svg) {
    if (!std::filesystem::exists("/usr/bin/xmllint")) return "";
    // One name per process and call: ctest runs test cases in parallel processes.
    static int calls = 0;
    const std::filesystem::path file =
        std::filesystem::temp_directory_path() /
        ("gpucost_test_chart_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".svg");
    std::ofstream(file) << svg;
    const auto r = test::run_program({"/usr/bin/xmllint", "--noout", file.string()}, {});
    std::filesystem::remove(file);
    return r.exit_code == 0 ? "valid" : "invalid: " + r.err;
}

void check_well_formed(const std::string& svg) {
    const std::string verdict = xmllint(svg);
    if (verdict.empty()) {
        WARN("xmllint not installed (sh scripts/install-deps.sh --browser): SVG not validated");
        return;
    }
    CHECK(verdict == "valid");
}

SvgDocument doc(const std::string& id) {
    SvgDocument d;
    d.id = id;
    d.title = "T <" + id + ">";
    d.desc = "D";
    return d;
}

}  // namespace

TEST_CASE("line_chart_svg: one polyline per series with its points as data, markers, legend", "[charts]") {
    LineChart chart;
    chart.document = doc("line");
    chart.x_axis.label = "Months";
    chart.y_axis.label = "Spend (USD)";
    chart.y_axis.format = TickFormat::money;
    chart.series = {{"build", "Own & co", {0, 1, 2}, {100, 150, 200}, Whose::own},
                    {"cloud", "Rent", {0, 1, 2}, {0, 90, 180}, Whose::rent}};
    chart.markers = {{"payback", "payback: month 2", 2}};
    const std::string svg = line_chart_svg(chart);
    CHECK(count_of(svg, "<polyline") == 2);
    CHECK(svg.find("data-key=\"build\" data-name=\"Own &amp; co\" data-x=\"0 1 2\" data-y=\"100 150 200\"") !=
          std::string::npos);
    CHECK(svg.find("data-key=\"cloud\" data-name=\"Rent\" data-x=\"0 1 2\" data-y=\"0 90 180\"") != std::string::npos);
    CHECK(svg.find("class=\"marker\" data-key=\"payback\" data-x=\"2\"") != std::string::npos);
    CHECK(svg.find(">payback: month 2</text>") != std::string::npos);
    CHECK(svg.find("stroke-dasharray=\"8 4\"") != std::string::npos);  // renting's series is dashed
    CHECK(svg.find(">$200</text>") != std::string::npos);              // money ticks 0..200 in steps of 50
    CHECK(svg.find(">Spend (USD)</text>") != std::string::npos);
    check_well_formed(svg);
    chart.series[1].y.pop_back();
    CHECK_THROWS_AS(line_chart_svg(chart), std::invalid_argument);
}

TEST_CASE("stacked_bar_chart_svg: segments stack up from zero, credits down, one legend entry per kind", "[charts]") {
    StackedBarChart chart;
    chart.document = doc("bars");
    chart.value_axis.format = TickFormat::money;
    chart.bars = {{"build", "Own", {{"hardware", "hardware", 300}, {"power", "power", 100}, {"resale", "resale", -50}}},
                  {"cloud", "Rent", {{"compute", "compute", 350}, {"power", "power", 0}}}};
    const std::string svg = stacked_bar_chart_svg(chart);
    CHECK(count_of(svg, "class=\"segment\"") == 5);
    CHECK(svg.find("data-key=\"resale\" data-value=\"-50\"") != std::string::npos);
    // Ticks -100..400 by 100 over a plot from y = 68 to 348 (400 - 52): 56 units a step, zero at 348 - 56 = 292.
    // Hardware 0..300 spans y 124..292; power 300..400 sits on it, 68..124; the resale credit hangs below, 292..320.
    CHECK(svg.find("data-key=\"hardware\" data-value=\"300\" x=\"") != std::string::npos);
    CHECK(element_has(svg, "data-key=\"hardware\"", {" y=\"124\" ", "height=\"168\""}));
    CHECK(element_has(svg, "data-key=\"power\" data-value=\"100\"", {" y=\"68\" ", "height=\"56\""}));
    CHECK(element_has(svg, "data-key=\"resale\"", {" y=\"292\" ", "height=\"28\""}));
    CHECK(count_of(svg, "<pattern") == 4);  // hardware, power, resale, compute: power once
    check_well_formed(svg);
}

TEST_CASE("diverging_bar_chart_svg: each row's span around the base, notes, the base line", "[charts]") {
    DivergingBarChart chart;
    chart.document = doc("tornado");
    chart.value_axis.format = TickFormat::money;
    chart.base = 1000;
    chart.below_name = "lower";
    chart.above_name = "higher";
    chart.rows = {{"rate", "discount rate", 800, 1300, "0 to 10 %"}, {"power", "power price", 950, 1020, ""}};
    const std::string svg = diverging_bar_chart_svg(chart);
    CHECK(svg.find("class=\"row\" data-key=\"rate\" data-low=\"800\" data-high=\"1300\"") != std::string::npos);
    CHECK(svg.find("class=\"row\" data-key=\"power\" data-low=\"950\" data-high=\"1020\"") != std::string::npos);
    CHECK(svg.find(">0 to 10 %</text>") != std::string::npos);
    CHECK(count_of(svg, "class=\"base\"") == 1);
    CHECK(svg.find(">lower</text>") != std::string::npos);
    check_well_formed(svg);
    chart.rows.clear();
    CHECK_THROWS_AS(diverging_bar_chart_svg(chart), std::invalid_argument);
}

TEST_CASE("histogram_svg: one bar per bin with its edges and count, percentile markers", "[charts]") {
    Histogram chart;
    chart.document = doc("hist");
    chart.x_axis.format = TickFormat::money;
    chart.y_axis.label = "Simulations";
    chart.edges = {0, 100, 200, 300};
    chart.counts = {5, 12, 3};
    chart.markers = {{"p10", "p10", 60}, {"p50", "p50", 150}, {"p90", "p90", 260}};
    const std::string svg = histogram_svg(chart);
    CHECK(count_of(svg, "class=\"bin\"") == 3);
    CHECK(svg.find("data-low=\"100\" data-high=\"200\" data-count=\"12\"") != std::string::npos);
    CHECK(count_of(svg, "class=\"marker\"") == 3);
    CHECK(svg.find("data-key=\"p50\" data-x=\"150\"") != std::string::npos);
    check_well_formed(svg);
    chart.edges.pop_back();
    CHECK_THROWS_AS(histogram_svg(chart), std::invalid_argument);
}

TEST_CASE("grid_map_svg: one cell per input pair, the sign hatched below zero, sizes checked", "[charts]") {
    GridMap chart;
    chart.document = doc("grid");
    chart.x_axis.label = "Hours per week (h)";
    chart.y_axis.label = "Electricity (USD/kWh)";
    chart.z_axis.format = TickFormat::money;
    chart.below_name = "renting is cheaper";
    chart.above_name = "owning is cheaper";
    chart.x_values = {40, 80, 120};
    chart.y_values = {0.1, 0.3};
    chart.z = {-500, 100, 900, -1000, -200, 300};
    const std::string svg = grid_map_svg(chart);
    CHECK(count_of(svg, "class=\"cell\"") == 6);
    CHECK(svg.find("data-x=\"120\" data-y=\"0.3\" data-z=\"300\"") != std::string::npos);
    CHECK(count_of(svg, "-hatch)") == 3);  // the three cells below zero
    // The farthest cell below zero (-1,000) is renting's hue in full; the farthest above (900) owning's.
    CHECK(svg.find("data-z=\"-1000\" x=\"78\"") != std::string::npos);
    CHECK(element_has(svg, "data-z=\"-1000\"", {"fill=\"#d55e00\""}));
    CHECK(element_has(svg, "data-z=\"900\"", {"fill=\"#0072b2\""}));
    check_well_formed(svg);
    chart.z.pop_back();
    CHECK_THROWS_AS(grid_map_svg(chart), std::invalid_argument);
}
