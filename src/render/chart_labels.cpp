// The charts' text placement: widths estimated from the text's length, labels cut to fit and kept distinct, and
// marker labels that never overprint one another.
#include <algorithm>

#include "chart_parts.hpp"

namespace gpucost::chart_parts {
namespace {

bool is_continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// The byte offset of code point `n` of `text` (its size when there are fewer).
std::size_t offset_of(const std::string& text, std::size_t n) {
    std::size_t count = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (is_continuation(text[i])) continue;
        if (count == n) return i;
        ++count;
    }
    return text.size();
}

// `text` as its first head and last `tail` code points around an ellipsis, `max_chars` in all (with no tail, cut at
// the end).
std::string cut_middle(const std::string& text, std::size_t max_chars, std::size_t tail) {
    const std::size_t total = code_points(text);
    if (total <= max_chars) return text;
    const std::size_t head = max_chars - 1 - tail;
    return text.substr(0, offset_of(text, head)) + "\u2026" + text.substr(offset_of(text, total - tail));
}

// Whether label i's shortened text equals that of a different label.
bool clashes(const std::vector<std::string>& labels, const std::vector<std::string>& cut, std::size_t i) {
    for (std::size_t j = 0; j < labels.size(); ++j)
        if (cut[j] == cut[i] && labels[j] != labels[i]) return true;
    return false;
}

}  // namespace

std::size_t code_points(const std::string& text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation(c); }));
}

double text_width(const std::string& text) { return static_cast<double>(code_points(text)) * 12.0 * 0.6; }

std::vector<std::string> distinct_labels(const std::vector<std::string>& labels, std::size_t max_chars) {
    std::vector<std::string> cut;
    for (const std::string& label : labels) cut.push_back(cut_middle(label, max_chars, 0));
    // Labels that share a head mostly differ at the end (an address's field, an id's size): keep more of the
    // tail until they part.
    for (std::size_t tail = max_chars / 2; tail + 2 <= max_chars; ++tail) {
        std::vector<std::size_t> clashing;
        for (std::size_t i = 0; i < labels.size(); ++i)
            if (clashes(labels, cut, i)) clashing.push_back(i);
        if (clashing.empty()) return cut;
        for (const std::size_t i : clashing) cut[i] = cut_middle(labels[i], max_chars, tail);
    }
    std::vector<std::string> whole = cut;
    for (std::size_t i = 0; i < labels.size(); ++i)
        if (clashes(labels, cut, i)) whole[i] = labels[i];
    return whole;
}

namespace {

struct Box {
    double left = 0.0;
    double right = 0.0;
};

// The lane (0 at the top) whose boxes leave room for `box`, 4 units apart.
std::size_t free_lane(const std::vector<std::vector<Box>>& lanes, const Box& box) {
    for (std::size_t lane = 0; lane < lanes.size(); ++lane)
        if (std::none_of(lanes[lane].begin(), lanes[lane].end(),
                         [&box](const Box& b) { return box.left < b.right + 4.0 && b.left < box.right + 4.0; }))
            return lane;
    return lanes.size();
}

}  // namespace

void write_markers(SvgWriter& svg, const Plot& plot, const Scale& x_scale, const std::vector<Marker>& markers,
                   double document_width) {
    // Markers left to right, so that each label looks for room among those already placed beside it.
    std::vector<std::size_t> order(markers.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return markers[a].x < markers[b].x; });
    struct Placement {
        bool left_side = false;
        std::size_t lane = 0;
    };
    std::vector<Placement> placed(markers.size());
    std::vector<std::vector<Box>> lanes;
    for (const std::size_t index : order) {
        const double x = x_scale.at(markers[index].x);
        const double width = text_width(markers[index].label) * 1.1;  // bold
        // Right of the line, unless the line is in the right part of the plot or the label would run past the
        // document's edge, and there is room on the left.
        bool left_side = x > plot.left + plot.width * 0.6 || x + 4 + width > document_width - 4;
        if (left_side && x - 4 - width < 4) left_side = false;
        const Box box = left_side ? Box{x - 4 - width, x - 4} : Box{x + 4, x + 4 + width};
        const std::size_t lane = free_lane(lanes, box);
        if (lane == lanes.size()) lanes.emplace_back();
        lanes[lane].push_back(box);
        placed[index] = {left_side, lane};
    }
    for (std::size_t index = 0; index < markers.size(); ++index) {
        const Marker& marker = markers[index];
        const double x = x_scale.at(marker.x);
        const auto [left_side, lane] = placed[index];
        svg.open("g", {{"class", "marker"}, {"data-key", marker.key}, {"data-x", data_number(marker.x)}});
        write_line(
            svg, x, plot.top, x, plot.bottom(),
            {{"stroke", "#000000"}, {"stroke-width", "1.2"}, {"stroke-dasharray", index % 2 == 0 ? "4 3" : "1 3"}});
        svg.text("text",
                 {{"class", "marker-label"},
                  {"x", svg_number(left_side ? x - 4 : x + 4)},
                  {"y", svg_number(plot.top + 12.0 + 14.0 * static_cast<double>(lane))},
                  {"text-anchor", left_side ? "end" : "start"},
                  {"font-weight", "bold"},
                  {"stroke", "#FFFFFF"},
                  {"stroke-width", "3"},
                  {"paint-order", "stroke"}},
                 marker.label);
        svg.close();
    }
}

}  // namespace gpucost::chart_parts
