#include "command_docs.hpp"

#include <vector>

namespace gpucost::cli {
namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const std::size_t end = text.find('\n');
        lines.push_back(text.substr(0, end));
        if (end == std::string_view::npos) break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

bool starts_with(std::string_view line, std::string_view prefix) { return line.substr(0, prefix.size()) == prefix; }

constexpr std::string_view k_examples_heading = "## Examples";

}  // namespace

std::string manual_section(std::string_view markdown) {
    const std::vector<std::string_view> lines = lines_of(markdown);
    std::size_t first = 0;
    while (first < lines.size() && !starts_with(lines[first], "# ")) ++first;
    ++first;
    std::size_t last = first;
    while (last < lines.size() && lines[last] != k_examples_heading) ++last;
    while (first < last && lines[first].empty()) ++first;
    while (last > first && lines[last - 1].empty()) --last;
    std::string out;
    for (std::size_t i = first; i < last; ++i) {
        out += lines[i];
        out += '\n';
    }
    return out;
}

std::string examples_section(std::string_view markdown) {
    const std::vector<std::string_view> lines = lines_of(markdown);
    std::size_t i = 0;
    while (i < lines.size() && lines[i] != k_examples_heading) ++i;
    while (i < lines.size() && !starts_with(lines[i], "```")) ++i;
    if (i == lines.size()) return "";
    std::string out = "Examples:\n";
    for (++i; i < lines.size() && !starts_with(lines[i], "```"); ++i) {
        if (!lines[i].empty()) out += "  ";
        out += lines[i];
        out += '\n';
    }
    return out;
}

std::string command_footer(std::string_view name) {
    const std::string examples = examples_section(command_markdown(name));
    return examples.empty() ? std::string(k_exit_codes_help) : examples + "\n" + k_exit_codes_help;
}

}  // namespace gpucost::cli
