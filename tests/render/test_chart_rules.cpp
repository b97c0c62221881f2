// The charts' rules on hand-built charts (issue 25): renting's grid cells clearly coloured and the line where the
// verdict flips drawn; tornado labels that stay distinct when cut, with the input's low and high ends marked;
// marker labels that never overlap.
#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "chart_reading.hpp"
#include "gpucost/render/chart.hpp"

using namespace gpucost;
using gpucost::test::svg_elements;
using gpucost::test::SvgElement;

namespace {

SvgDocument doc(const std::string& id) {
    SvgDocument d;
    d.id = id;
    d.title = id;
    d.desc = "D";
    return d;
}

std::vector<SvgElement> with_class(const std::string& svg, const std::string& cls) {
    std::vector<SvgElement> out;
    for (const SvgElement& e : svg_elements(svg))
        if (e.attribute("class") == cls) out.push_back(e);
    return out;
}

// The rows of `svg`'s legend (the distinct baselines of its names), checking that each name's baseline and each
// box's bottom edge (y + 12) lies above the plot, whose top (where the grid lines start) goes to `plot_top`.
std::size_t legend_rows_above_plot(const std::string& svg, double& plot_top) {
    const std::vector<SvgElement> elements = svg_elements(svg);
    plot_top = 1e9;
    for (const SvgElement& e : elements)
        if (e.tag == "line" && !e.in_legend && e.attribute("stroke") == "#dddddd")
            plot_top = std::min(plot_top, std::stod(e.attribute("y1")));
    std::set<std::string> rows;
    for (const SvgElement& e : elements) {
        if (!e.in_legend || e.tag == "g" || e.tag == "line") continue;
        const double bottom = e.tag == "text" ? std::stod(e.attribute("y")) : std::stod(e.attribute("y")) + 12;
        INFO(e.tag << " " << e.text << " at " << bottom << ", plot from " << plot_top);
        CHECK(bottom <= plot_top);
        if (e.tag == "text") rows.insert(e.attribute("y"));
    }
    return rows.size();
}

}  // namespace

TEST_CASE("grid_map_svg: each side clearly coloured, the line where the verdict flips along the cells", "[charts]") {
    GridMap chart;
    chart.document = doc("grid");
    chart.z_axis.format = TickFormat::money;
    chart.below_name = "renting is cheaper";
    chart.above_name = "owning is cheaper";
    chart.x_values = {40, 80, 120};
    chart.y_values = {0.1, 0.3};
    chart.z = {-500, 100, 900, -1000, -200, 450};
    const std::string svg = grid_map_svg(chart);
    std::vector<std::string> fills;
    std::vector<std::string> sides;
    for (const SvgElement& cell : with_class(svg, "cell")) {
        fills.push_back(cell.attribute("fill"));
        sides.push_back(cell.attribute("data-side"));
    }
    // Each side against its own farthest cell, from 35 % strength: t = 0.35 + 0.65 |z| / farthest, and a channel
    // is 255 + (hue - 255) t, rounded. Renting is #D55E00 (farthest -1,000), owning #0072B2 (farthest 900).
    //   -500: t = 0.675: 255 - 42 x 0.675 = 226.65 -> e3, 255 - 161 x 0.675 = 146.3 -> 92, 255 - 255 x 0.675 -> 53
    //    100: t = 0.4222: 255 - 255 t = 147.3 -> 93, 255 - 141 t = 195.5 -> c3, 255 - 77 t = 222.5 -> de
    //   -200: t = 0.48: 234.8 -> eb, 177.7 -> b2, 132.6 -> 85 (0.2 of the hue before: nearly white)
    //    450: t = 0.675: 82.9 -> 53, 255 - 141 x 0.675 = 159.8 -> a0, 255 - 77 x 0.675 = 203.0 -> cb
    CHECK(fills == std::vector<std::string>{"#e39253", "#93c3de", "#0072b2", "#d55e00", "#ebb285", "#53a0cb"});
    CHECK(sides == std::vector<std::string>{"rent", "own", "own", "rent", "rent", "own"});
    // The plot is x 78..696 and y 68..348: cells 206 wide and 140 high. The sign changes between columns 0 and 1
    // of the bottom row (x = 284, y 348..208), between the rows in column 1 (y = 208, x 284..490) and between
    // columns 1 and 2 of the top row (x = 490, y 208..68).
    const std::vector<SvgElement> flip = with_class(svg, "flip-line");
    REQUIRE(flip.size() == 1);
    CHECK(flip[0].attribute("d") == "M284,348 L284,208 M284,208 L490,208 M490,208 L490,68");
    CHECK(svg.find(">the verdict flips</text>") != std::string::npos);
    chart.z = {1, 2, 3, 4, 5, 6};  // one side only: nothing flips, no line
    CHECK(with_class(grid_map_svg(chart), "flip-line").empty());
}

TEST_CASE("diverging_bar_chart_svg: labels cut to fit stay distinct, the input's ends are marked", "[charts]") {
    DivergingBarChart chart;
    chart.document = doc("tornado");
    chart.value_axis.format = TickFormat::money;
    chart.base = 1000;
    chart.below_name = "renting is cheaper";
    chart.above_name = "owning is cheaper";
    // Addresses of 42 and 47 characters that share their first 42: cut to 32 at the end, both were
    // "offer:a-long-cloud-offer-name/u…".
    chart.rows = {{"a", "offer:a-long-cloud-offer-name/usd_per_hour", 800, 1300, "", 1300.0, 800.0},
                  {"b", "offer:a-long-cloud-offer-name/usd_per_hour_spot", -200, 1100, "", -200.0, 1100.0},
                  {"c", "pue", 950, 1020, "", 950.0, 1020.0}};
    const std::string svg = diverging_bar_chart_svg(chart);
    std::vector<std::string> labels;
    for (const SvgElement& e : with_class(svg, "row-label")) labels.push_back(e.text);
    REQUIRE(labels.size() == 3);
    CHECK(std::set<std::string>(labels.begin(), labels.end()).size() == 3);
    // Head and tail around the ellipsis, 32 characters in all: 15 + 1 + 16, the tail telling the two apart.
    CHECK(labels[0] == "offer:a-long-cl\u2026ame/usd_per_hour");
    CHECK(labels[1] == "offer:a-long-cl\u2026sd_per_hour_spot");
    CHECK(labels[2] == "pue");
    // The ends: an open dot where the input is at its low end, a filled one at its high end, at those values.
    const std::vector<SvgElement> lows = with_class(svg, "end-low");
    const std::vector<SvgElement> highs = with_class(svg, "end-high");
    REQUIRE(lows.size() == 3);
    REQUIRE(highs.size() == 3);
    CHECK(lows[0].attribute("data-value") == "1300");
    CHECK(highs[0].attribute("data-value") == "800");
    CHECK(lows[0].attribute("fill") == "#FFFFFF");
    CHECK(highs[0].attribute("fill") == "#000000");
    CHECK(svg.find(">input at its low end</text>") != std::string::npos);
    // Row b crosses zero: its part below zero is renting's, above owning's (the colour says who is cheaper, the
    // position against the base line says more or less).
    std::multiset<std::string> sides;
    for (const SvgElement& e : svg_elements(svg))
        if (e.tag == "rect" && !e.attribute("data-side").empty()) sides.insert(e.attribute("data-side"));
    CHECK(sides.count("rent") == 1);
    CHECK(sides.count("own") == 3);
    CHECK(with_class(svg, "zero").size() == 1);  // the dashed line at zero, apart from the base line
}

TEST_CASE("horizontal_bar_chart_svg and stacked_bar_chart_svg: cut labels stay distinct", "[charts]") {
    HorizontalBarChart bars;
    bars.document = doc("rank");
    bars.groups = {{"own", Whose::own}, {"rent", Whose::rent}};
    // 39 characters each, the same first 38: cut to 34 at the end, both were "an-eight-gpu-build-with-a-long-na…".
    bars.bars = {{"a", "an-eight-gpu-build-with-a-long-name-x8a", 0, 5, ""},
                 {"b", "an-eight-gpu-build-with-a-long-name-x8b", 1, 7, ""}};
    std::set<std::string> labels;
    for (const SvgElement& e : with_class(horizontal_bar_chart_svg(bars), "row-label")) labels.insert(e.text);
    CHECK(labels.size() == 2);
    StackedBarChart stacked;
    stacked.document = doc("stack");
    stacked.document.width = 200;  // two slots of (200 - 78 - 24) / 2 = 49: 49 / 7.2 -> 6 characters
    stacked.bars = {{"a", "Own: box-a4", {{"x", "x", 1, Whose::own}}},
                    {"b", "Own: box-a5", {{"x", "x", 1, Whose::rent}}}};
    labels.clear();
    for (const SvgElement& e : with_class(stacked_bar_chart_svg(stacked), "bar-label")) labels.insert(e.text);
    CHECK(labels == std::set<std::string>{"Ow\u2026-a4", "Ow\u2026-a5"});
}

TEST_CASE("horizontal_bar_chart_svg: a legend that wraps to a third row pushes the plot down", "[charts]") {
    HorizontalBarChart bars;
    bars.document = doc("rank");
    bars.document.width = 360;  // labels' column 0.45 * 360 = 162: the legend has 360 - 12 - 162 = 186 a row
    bars.groups = {{"own (build)", Whose::own},
                   {"rent (one cloud instance)", Whose::rent},
                   {"API (bought by the token)", Whose::other}};
    bars.bars = {{"a", "an-eight-gpu-build-with-a-long-name", 0, 5, ""},
                 {"b", "a-cloud-offer-with-a-long-name", 1, 7, ""},
                 {"c", "an-api", 2, 9, ""}};
    double plot_top = 0;
    const std::size_t rows = legend_rows_above_plot(horizontal_bar_chart_svg(bars), plot_top);
    CHECK(rows == 3);  // each entry on its own row: 28 + its name + 16 is more than half of 186
    // Before, two rows' room whatever the legend: the plot began at 28 + 40 = 68, under the third row's 84.
    CHECK(plot_top == 28 + 40 + 18);
}

TEST_CASE("line_chart_svg: a legend that wraps to a third row pushes the plot down too", "[charts]") {
    // The line chart made room for two legend rows whatever its legend, so a third row (long ids on a narrow chart) was
    // drawn over the plot. Document 400 wide, plot from 78: a row has 400 - 12 - 78 = 310 units, and each name below
    // (over 40 characters, 7.2 units each) takes more than half of them.
    LineChart line;
    line.document = doc("spend");
    line.document.width = 400;
    line.series = own_and_rent_lines("Own: an-eight-gpu-build-with-a-rather-long-id",
                                     "Rent: a-cloud-offer-with-a-long-id-too", {0, 12, 24}, {10, 20, 30}, {5, 25, 45});
    line.series.push_back({"interim", "Interim: the rental used while the build is delivered", {0, 12, 24}, {1, 2, 3}});
    double plot_top = 0;
    CHECK(legend_rows_above_plot(line_chart_svg(line), plot_top) == 3);
    CHECK(plot_top == 28 + 40 + 18);  // one row of 18 more than the two k_legend_height holds
}

TEST_CASE("grid_map_svg: a legend that wraps to a third row pushes the cells down, the flip entry only with both "
          "sides",
          "[charts]") {
    GridMap chart;
    chart.document = doc("grid");
    chart.document.width = 400;  // a row has 400 - 12 - 78 = 310 units; each long name below takes more than half
    chart.below_name = "renting is cheaper at this pair of inputs, by the amount shown";
    chart.above_name = "owning is cheaper at this pair of inputs, by the amount shown";
    chart.x_values = {1, 2};
    chart.y_values = {1};
    chart.z = {-5, 5};
    const auto cells_top = [](const std::string& svg) {
        double top = 1e9;
        for (const SvgElement& e : with_class(svg, "cell")) top = std::min(top, std::stod(e.attribute("y")));
        return top;
    };
    const auto legend_names = [](const std::string& svg) {
        std::set<std::string> rows;
        for (const SvgElement& e : svg_elements(svg))
            if (e.in_legend && e.tag == "text") rows.insert(e.attribute("y"));
        return rows.size();
    };
    // Both sides: three entries (the flip line's too), a row each; the cells start under the third, 18 lower.
    const std::string both = grid_map_svg(chart);
    CHECK(legend_names(both) == 3);
    CHECK(cells_top(both) == 28 + 40 + 18);
    CHECK(both.find("the verdict flips") != std::string::npos);
    // One side only: no flip, no flip entry, two rows and the room there always was.
    chart.z = {5, 6};
    const std::string one = grid_map_svg(chart);
    CHECK(legend_names(one) == 2);
    CHECK(cells_top(one) == 28 + 40);
    CHECK(one.find("the verdict flips") == std::string::npos);
}

TEST_CASE("histogram_svg: marker labels close together take separate lanes and never overlap", "[charts]") {
    Histogram chart;
    chart.document = doc("hist");
    chart.x_axis.format = TickFormat::money;
    chart.edges = {-100, 0, 100, 200, 300};
    chart.counts = {1, 5, 12, 3};
    chart.below_name = "renting is cheaper";
    chart.above_name = "owning is cheaper";
    // Five labels within 40 of each other on a 400-wide axis: 25 units of the plot apart at most.
    chart.markers = {{"zero", "0: the verdict flips", 0},
                     {"p10", "p10 $10", 10},
                     {"p50", "p50 $20", 20},
                     {"p90", "p90 $30", 30},
                     {"p99", "p99 $40", 40}};
    const std::string svg = histogram_svg(chart);
    const std::vector<SvgElement> labels = with_class(svg, "marker-label");
    REQUIRE(labels.size() == 5);
    for (std::size_t i = 0; i < labels.size(); ++i)
        for (std::size_t j = i + 1; j < labels.size(); ++j) {
            INFO(labels[i].text << " and " << labels[j].text);
            CHECK_FALSE(test::text_box(labels[i]).overlaps(test::text_box(labels[j])));
        }
    // The bins below zero are renting's, the rest owning's.
    std::vector<std::string> sides;
    for (const SvgElement& bin : with_class(svg, "bin")) sides.push_back(bin.attribute("data-side"));
    CHECK(sides == std::vector<std::string>{"rent", "own", "own", "own"});
}
