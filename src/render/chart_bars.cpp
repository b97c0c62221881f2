// Stacked vertical bars: a cost breakdown per side.
#include <algorithm>
#include <stdexcept>

#include "chart_parts.hpp"
#include "gpucost/render/chart.hpp"

namespace gpucost {
namespace {

using namespace chart_parts;

bool same_kind(const BarSegment& a, const BarSegment& b) { return a.key == b.key && a.tone == b.tone; }

// The segment kinds (key and tone) in order of first appearance, owning's first, then renting's, then the others:
// one legend entry and one fill each.
std::vector<const BarSegment*> segment_kinds(const StackedBarChart& chart) {
    std::vector<const BarSegment*> kinds;
    for (const Whose tone : {Whose::own, Whose::rent, Whose::other})
        for (const StackedBar& bar : chart.bars)
            for (const BarSegment& s : bar.segments)
                if (s.tone == tone &&
                    std::none_of(kinds.begin(), kinds.end(), [&s](const BarSegment* k) { return same_kind(*k, s); }))
                    kinds.push_back(&s);
    return kinds;
}

std::size_t kind_index(const std::vector<const BarSegment*>& kinds, const BarSegment& segment) {
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (same_kind(*kinds[i], segment)) return i;
    return 0;
}

// The legend: each tone's kinds after a heading naming the side ("Own:", "Rent:") when the chart has both.
std::vector<LegendItem> kind_legend(const std::vector<const BarSegment*>& kinds, const std::string& id) {
    const bool sides =
        std::any_of(kinds.begin(), kinds.end(), [](const BarSegment* k) { return k->tone == Whose::own; }) &&
        std::any_of(kinds.begin(), kinds.end(), [](const BarSegment* k) { return k->tone == Whose::rent; });
    std::vector<LegendItem> legend;
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        const bool first = i == 0 || kinds[i - 1]->tone != kinds[i]->tone;
        if (sides && first && kinds[i]->tone != Whose::other)
            legend.push_back({kinds[i]->tone == Whose::own ? "Own:" : "Rent:", LegendItem::Swatch::heading});
        legend.push_back(legend_box(kinds[i]->name, fill(id, i)));
    }
    return legend;
}

void write_stack(SvgWriter& svg, const StackedBar& bar, const std::vector<const BarSegment*>& kinds,
                 const std::string& id, const Scale& y, double left, double width) {
    svg.open("g", {{"class", "bar"}, {"data-key", bar.key}});
    double up = 0.0;
    double down = 0.0;
    for (const BarSegment& s : bar.segments) {
        double& base = s.value >= 0.0 ? up : down;
        const double top = y.at(std::max(base, base + s.value));
        const double bottom = y.at(std::min(base, base + s.value));
        base += s.value;
        std::vector<SvgAttribute> segment = rect_attributes(
            {{"class", "segment"}, {"data-key", s.key}, {"data-value", data_number(s.value)}}, left, top, width,
            bottom - top, {{"fill", fill(id, kind_index(kinds, s))}, {"stroke", "#ffffff"}, {"stroke-width", "0.75"}});
        add_side(segment, s.tone);
        svg.leaf("rect", segment);
    }
    svg.close();
}

}  // namespace

std::string stacked_bar_chart_svg(const StackedBarChart& chart) {
    if (chart.bars.empty()) throw std::invalid_argument("stacked bar chart: no bars");
    double low = 0.0;
    double high = 0.0;
    for (const StackedBar& bar : chart.bars) {
        double up = 0.0;
        double down = 0.0;
        for (const BarSegment& s : bar.segments) (s.value >= 0.0 ? up : down) += s.value;
        high = std::max(high, up);
        low = std::min(low, down);
    }
    const std::vector<const BarSegment*> kinds = segment_kinds(chart);
    const std::vector<LegendItem> legend = kind_legend(kinds, chart.document.id);
    const Plot plot = plot_area(chart.document, k_value_margin, legend);
    const Ticks ticks = axis_ticks(chart.value_axis, low, high, 7);
    const Scale y{ticks.low(), ticks.high(), plot.bottom(), plot.top};

    std::vector<Whose> tones;
    for (const BarSegment* k : kinds) tones.push_back(k->tone);
    SvgWriter svg;
    write_fills(svg, chart.document.id, tone_fills(tones));
    write_heading(svg, chart.document, legend, plot.left);
    write_y_axis(svg, plot, y, chart.value_axis, ticks);
    const double slot = plot.width / static_cast<double>(chart.bars.size());
    const double width = std::min(120.0, slot * 0.6);
    std::vector<std::string> labels;
    for (const StackedBar& bar : chart.bars) labels.push_back(bar.label);
    labels = distinct_labels(labels, static_cast<std::size_t>(std::max(4.0, slot / 7.2)));
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
        const double centre = plot.left + slot * (static_cast<double>(i) + 0.5);
        write_stack(svg, chart.bars[i], kinds, chart.document.id, y, centre - width / 2, width);
        svg.text("text",
                 {{"class", "bar-label"},
                  {"x", svg_number(centre)},
                  {"y", svg_number(plot.bottom() + 17)},
                  {"text-anchor", "middle"}},
                 labels[i]);
    }
    return svg_document(chart.document, svg.str());
}

}  // namespace gpucost
