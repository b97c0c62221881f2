// The grid map: one outcome over two inputs, a diverging two-hue scale around zero.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <fmt/format.h>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

// The two hues of the scale (Okabe-Ito blue and orange: apart for every common colour-vision deficiency); zero
// is white, and a cell is the hue mixed with white by how far its value is from zero. Cells below zero also get a
// hatch, so the sign survives grey-scale printing.
constexpr int k_below_rgb[3] = {0x00, 0x72, 0xB2};
constexpr int k_above_rgb[3] = {0xE6, 0x9F, 0x00};

std::string shade(double z, double largest) {
    const int* hue = z < 0.0 ? k_below_rgb : k_above_rgb;
    const double t = largest > 0.0 ? std::min(1.0, std::fabs(z) / largest) : 0.0;
    int rgb[3];
    for (int i = 0; i < 3; ++i) rgb[i] = static_cast<int>(std::lround(255.0 + (hue[i] - 255.0) * t));
    return fmt::format("#{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
}

double step_of(const std::vector<double>& values) { return values.size() > 1 ? std::fabs(values[1] - values[0]) : 1.0; }

void write_cell_axes(SvgWriter& svg, const GridMap& chart, const Plot& plot, double cell_w, double cell_h) {
    const std::size_t every_x = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(56.0 / cell_w)));
    const std::size_t every_y = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(16.0 / cell_h)));
    svg.open("g", {{"class", "axis x-axis"}});
    for (std::size_t i = 0; i < chart.x_values.size(); i += every_x)
        svg.text("text",
                 {{"x", svg_number(plot.left + cell_w * (static_cast<double>(i) + 0.5))},
                  {"y", svg_number(plot.bottom() + 17)},
                  {"text-anchor", "middle"}},
                 tick_label(chart.x_axis, chart.x_values[i], step_of(chart.x_values)));
    svg.text("text",
             {{"class", "axis-label"},
              {"x", svg_number(plot.left + plot.width / 2)},
              {"y", svg_number(plot.bottom() + 38)},
              {"text-anchor", "middle"}},
             chart.x_axis.label);
    svg.close();
    svg.open("g", {{"class", "axis y-axis"}});
    for (std::size_t j = 0; j < chart.y_values.size(); j += every_y)
        svg.text("text",
                 {{"x", svg_number(plot.left - 7)},
                  {"y", svg_number(plot.bottom() - cell_h * (static_cast<double>(j) + 0.5) + 4)},
                  {"text-anchor", "end"}},
                 tick_label(chart.y_axis, chart.y_values[j], step_of(chart.y_values)));
    const std::string x = "14";
    const std::string y = svg_number(plot.top + plot.height / 2);
    svg.text("text",
             {{"class", "axis-label"},
              {"x", x},
              {"y", y},
              {"text-anchor", "middle"},
              {"transform", "rotate(-90 " + x + " " + y + ")"}},
             chart.y_axis.label);
    svg.close();
}

void write_legend_defs(SvgWriter& svg, const std::string& id) {
    svg.open("defs");
    svg.open("pattern", {{"id", id + "-hatch"}, {"patternUnits", "userSpaceOnUse"}, {"width", "6"}, {"height", "6"}});
    svg.leaf("path", {{"d", "M0,6 L6,0"}, {"stroke", "#ffffff"}, {"stroke-width", "1.2"}});
    svg.close();
    // Legend swatches: each hue at full strength, the one below zero hatched as its cells are.
    for (int side = 0; side < 2; ++side) {
        svg.open("pattern", {{"id", fmt::format("{}-fill-{}", id, side)},
                             {"patternUnits", "userSpaceOnUse"},
                             {"width", "6"},
                             {"height", "6"}});
        svg.leaf("rect", {{"width", "6"}, {"height", "6"}, {"fill", shade(side == 0 ? -1.0 : 1.0, 1.0)}});
        if (side == 0) svg.leaf("path", {{"d", "M0,6 L6,0"}, {"stroke", "#ffffff"}, {"stroke-width", "1.2"}});
        svg.close();
    }
    svg.close();
}

}  // namespace

std::string grid_map_svg(const GridMap& chart) {
    const std::size_t nx = chart.x_values.size();
    const std::size_t ny = chart.y_values.size();
    if (nx == 0 || ny == 0 || chart.z.size() != nx * ny)
        throw std::invalid_argument("grid map: needs x_values.size() * y_values.size() values, and at least one");
    double largest = 0.0;
    for (const double z : chart.z) largest = std::max(largest, std::fabs(z));
    const Plot plot = plot_area(chart.document, 78.0);
    const double cell_w = plot.width / static_cast<double>(nx);
    const double cell_h = plot.height / static_cast<double>(ny);
    const std::string& id = chart.document.id;

    SvgWriter svg;
    write_legend_defs(svg, id);
    write_heading(svg, chart.document);
    write_legend(svg, id, {{chart.below_name, 0, false}, {chart.above_name, 1, false}}, plot.left, 48.0,
                 chart.document.width - 12.0);
    write_cell_axes(svg, chart, plot, cell_w, cell_h);
    svg.open("g", {{"class", "cells"}, {"data-z-label", chart.z_axis.label}});
    for (std::size_t j = 0; j < ny; ++j) {
        for (std::size_t i = 0; i < nx; ++i) {
            const double z = chart.z[j * nx + i];
            const std::string x = svg_number(plot.left + cell_w * static_cast<double>(i));
            const std::string y = svg_number(plot.bottom() - cell_h * static_cast<double>(j + 1));
            std::vector<SvgAttribute> cell = {{"class", "cell"},
                                              {"data-x", data_number(chart.x_values[i])},
                                              {"data-y", data_number(chart.y_values[j])},
                                              {"data-z", data_number(z)},
                                              {"x", x},
                                              {"y", y},
                                              {"width", svg_number(cell_w)},
                                              {"height", svg_number(cell_h)},
                                              {"fill", shade(z, largest)},
                                              {"stroke", "#ffffff"},
                                              {"stroke-width", "0.5"}};
            svg.leaf("rect", cell);
            if (z < 0.0)
                svg.leaf("rect", {{"x", x},
                                  {"y", y},
                                  {"width", svg_number(cell_w)},
                                  {"height", svg_number(cell_h)},
                                  {"fill", "url(#" + id + "-hatch)"}});
            if (cell_w >= 44.0 && cell_h >= 16.0)
                svg.text("text",
                         {{"x", svg_number(plot.left + cell_w * (static_cast<double>(i) + 0.5))},
                          {"y", svg_number(plot.bottom() - cell_h * (static_cast<double>(j) + 0.5) + 4)},
                          {"text-anchor", "middle"},
                          {"font-size", "10"}},
                         tick_label(chart.z_axis, z, largest / 10.0));
        }
    }
    svg.close();
    return svg_document(chart.document, svg.str());
}

}  // namespace gpucost
