// The grid map: one outcome over two inputs, a diverging two-hue scale around zero.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

// Each side's hue (chart.hpp's colour rule: renting's cells below zero, owning's above, renting's also hatched so
// the sign survives grey-scale printing), mixed with white by how far a cell is from zero against the farthest cell
// on its side, from k_least_strength up: a cell on the cheaper side by a little is still clearly coloured.
constexpr double k_least_strength = 0.35;

double strength(double z, double farthest) {
    if (z == 0.0 || !(farthest > 0.0)) return 0.0;
    return k_least_strength + (1.0 - k_least_strength) * std::min(1.0, std::fabs(z) / farthest);
}

// The cells' colours print in lower case, as they always have.
std::string shade(double z, double t) {
    std::string hex = tint(z < 0.0 ? k_rent_colour : k_own_colour, t);
    for (char& c : hex) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return hex;
}

double step_of(const std::vector<double>& values) { return values.size() > 1 ? std::fabs(values[1] - values[0]) : 1.0; }

// Where the cells go and how they are shaded and labelled.
struct Cells {
    Plot plot;
    double width = 0.0;
    double height = 0.0;
    double label_step = 1.0;      // cell labels to about four significant digits of the largest value
    double farthest_below = 0.0;  // the largest |z| below zero
    double farthest_above = 0.0;  // ... and above it
    // Column i's left edge, or `at` of the way across it (0.5: its middle); row j's bottom edge, or `at` of the way up.
    double x(std::size_t i, double at = 0.0) const { return plot.left + width * (static_cast<double>(i) + at); }
    double y(std::size_t j, double at = 0.0) const { return plot.bottom() - height * (static_cast<double>(j) + at); }
};

Cells cells_of(const GridMap& chart, const std::vector<LegendItem>& legend) {
    Cells c;
    for (const double z : chart.z) {
        double& farthest = z < 0.0 ? c.farthest_below : c.farthest_above;
        farthest = std::max(farthest, std::fabs(z));
    }
    c.plot = plot_area(chart.document, k_value_margin, legend);
    c.width = c.plot.width / static_cast<double>(chart.x_values.size());
    c.height = c.plot.height / static_cast<double>(chart.y_values.size());
    // "$74.9k", "-$23.4k", "$1.2k"
    const double largest = std::max(c.farthest_below, c.farthest_above);
    c.label_step = largest > 0.0 ? std::pow(10.0, std::floor(std::log10(largest)) - 3.0) : 1.0;
    return c;
}

void write_cell_axes(SvgWriter& svg, const GridMap& chart, const Cells& c) {
    const std::size_t every_x = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(56.0 / c.width)));
    const std::size_t every_y = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(16.0 / c.height)));
    svg.open("g", {{"class", "axis x-axis"}});
    for (std::size_t i = 0; i < chart.x_values.size(); i += every_x)
        svg.text("text",
                 {{"x", svg_number(c.x(i, 0.5))}, {"y", svg_number(c.plot.bottom() + 17)}, {"text-anchor", "middle"}},
                 tick_label(chart.x_axis, chart.x_values[i], step_of(chart.x_values)));
    write_x_label(svg, c.plot, chart.x_axis.label);
    svg.close();
    svg.open("g", {{"class", "axis y-axis"}});
    for (std::size_t j = 0; j < chart.y_values.size(); j += every_y)
        svg.text("text",
                 {{"x", svg_number(c.plot.left - 7)}, {"y", svg_number(c.y(j, 0.5) + 4)}, {"text-anchor", "end"}},
                 tick_label(chart.y_axis, chart.y_values[j], step_of(chart.y_values)));
    write_y_label(svg, c.plot, chart.y_axis.label);
    svg.close();
}

// The hatch over renting's cells, and the legend's swatches: each side's hue at full strength.
void write_defs(SvgWriter& svg, const std::string& id) {
    svg.open("defs");
    svg.open("pattern", {{"id", id + "-hatch"}, {"patternUnits", "userSpaceOnUse"}, {"width", "6"}, {"height", "6"}});
    svg.leaf("path", {{"d", "M0,6 L6,0"}, {"stroke", "#ffffff"}, {"stroke-width", "1.2"}});
    svg.close();
    svg.close();
    write_fills(svg, id, tone_fills({Whose::own, Whose::rent}));
}

// The line between neighbouring cells on opposite sides of zero: where the verdict flips, along the cells' edges.
std::string flip_path(const GridMap& chart, const Cells& c) {
    const std::size_t nx = chart.x_values.size();
    const std::size_t ny = chart.y_values.size();
    auto rent = [&](std::size_t i, std::size_t j) { return chart.z[j * nx + i] < 0.0; };
    auto x_at = [&c](std::size_t i) { return svg_number(c.x(i)); };
    auto y_at = [&c](std::size_t j) { return svg_number(c.y(j)); };
    std::string d;
    for (std::size_t j = 0; j < ny; ++j)
        for (std::size_t i = 0; i < nx; ++i) {
            if (i + 1 < nx && rent(i, j) != rent(i + 1, j))
                d += "M" + x_at(i + 1) + "," + y_at(j) + " L" + x_at(i + 1) + "," + y_at(j + 1) + " ";
            if (j + 1 < ny && rent(i, j) != rent(i, j + 1))
                d += "M" + x_at(i) + "," + y_at(j + 1) + " L" + x_at(i + 1) + "," + y_at(j + 1) + " ";
        }
    if (!d.empty()) d.pop_back();
    return d;
}

void write_cell(SvgWriter& svg, const GridMap& chart, const Cells& c, std::size_t i, std::size_t j) {
    const double z = chart.z[j * chart.x_values.size() + i];
    const double t = strength(z, z < 0.0 ? c.farthest_below : c.farthest_above);
    std::vector<SvgAttribute> cell = rect_attributes(
        {{"class", "cell"},
         {"data-x", data_number(chart.x_values[i])},
         {"data-y", data_number(chart.y_values[j])},
         {"data-z", data_number(z)}},
        c.x(i), c.y(j + 1), c.width, c.height, {{"fill", shade(z, t)}, {"stroke", "#ffffff"}, {"stroke-width", "0.5"}});
    if (z != 0.0) add_side(cell, z < 0.0 ? Whose::rent : Whose::own);
    svg.leaf("rect", cell);
    if (z < 0.0)
        svg.leaf("rect", rect_attributes({}, c.x(i), c.y(j + 1), c.width, c.height,
                                         {{"fill", "url(#" + chart.document.id + "-hatch)"}}));
    if (c.width >= 44.0 && c.height >= 16.0)
        svg.text("text",
                 {{"x", svg_number(c.x(i, 0.5))},
                  {"y", svg_number(c.y(j, 0.5) + 4)},
                  {"text-anchor", "middle"},
                  {"font-size", "10"},
                  {"fill", t > 0.6 ? "#ffffff" : "#000000"}},
                 tick_label(chart.z_axis, z, c.label_step));
}

}  // namespace

std::string grid_map_svg(const GridMap& chart) {
    const std::size_t nx = chart.x_values.size();
    const std::size_t ny = chart.y_values.size();
    if (nx == 0 || ny == 0 || chart.z.size() != nx * ny)
        throw std::invalid_argument("grid map: needs x_values.size() * y_values.size() values, and at least one");
    const std::string& id = chart.document.id;
    std::vector<LegendItem> legend = {legend_box(chart.above_name, fill(id, 0)),
                                      legend_box(chart.below_name, fill(id, 1))};
    // The grid's cells are all joined, so the verdict flips between two of them exactly when both sides have cells.
    const auto rent = [](double z) { return z < 0.0; };
    if (std::any_of(chart.z.begin(), chart.z.end(), rent) && !std::all_of(chart.z.begin(), chart.z.end(), rent))
        legend.push_back(legend_line("the verdict flips", {"#000000", "", 2.5}));
    const Cells cells = cells_of(chart, legend);
    const std::string flips = flip_path(chart, cells);
    SvgWriter svg;
    write_defs(svg, id);
    write_heading(svg, chart.document, legend, cells.plot.left);
    write_cell_axes(svg, chart, cells);
    svg.open("g", {{"class", "cells"}, {"data-z-label", chart.z_axis.label}});
    for (std::size_t j = 0; j < ny; ++j)
        for (std::size_t i = 0; i < nx; ++i) write_cell(svg, chart, cells, i, j);
    svg.close();
    if (!flips.empty())
        svg.leaf("path", {{"class", "flip-line"},
                          {"d", flips},
                          {"fill", "none"},
                          {"stroke", "#000000"},
                          {"stroke-width", "2.5"},
                          {"stroke-linecap", "square"}});
    return svg_document(chart.document, svg.str());
}

}  // namespace gpucost
