// The charts' text placement: widths estimated from the text's length, labels cut to fit and kept distinct.
#include "chart_parts.hpp"
#include "gpucost/render/text_table.hpp"

namespace gpucost::chart_parts {
namespace {

// `text` as its first head and last `tail` code points around an ellipsis, `max_chars` in all (with no tail, cut at
// the end).
std::string cut_middle(const std::string& text, std::size_t max_chars, std::size_t tail) {
    const std::size_t total = TextTable::width(text);
    if (total <= max_chars) return text;
    const std::size_t head = max_chars - 1 - tail;
    return text.substr(0, TextTable::offset(text, head)) + "\u2026" +
           text.substr(TextTable::offset(text, total - tail));
}

// Whether label i's shortened text equals that of a different label.
bool clashes(const std::vector<std::string>& labels, const std::vector<std::string>& cut, std::size_t i) {
    for (std::size_t j = 0; j < labels.size(); ++j)
        if (cut[j] == cut[i] && labels[j] != labels[i]) return true;
    return false;
}

}  // namespace

double text_width(const std::string& text) { return static_cast<double>(TextTable::width(text)) * 12.0 * 0.6; }

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

}  // namespace gpucost::chart_parts
