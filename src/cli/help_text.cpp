// Help wrapped to the terminal: CLI11 2.1 writes each option's description on one line, however long.
#include "help_text.hpp"

#include <cstdlib>
#include <sstream>

namespace gpucost::cli {

std::size_t terminal_columns(const Terminal& terminal) {
    if (!terminal.stdout_is_terminal) return 80;
    if (const char* text = std::getenv("COLUMNS"); text != nullptr && *text != '\0') {
        char* end = nullptr;
        const long columns = std::strtol(text, &end, 10);
        if (*end == '\0' && columns >= 20 && columns <= 1000) return static_cast<std::size_t>(columns);
    }
    return terminal.columns > 0 ? static_cast<std::size_t>(terminal.columns) : 80;
}

namespace {

// Where a long help line's continuation lines start: under an option row's description (the text after the first
// run of two spaces, "  --build ID   the build ..."), four further in for an example command, else at the line's
// own indent.
std::size_t hanging_indent(const std::string& line, std::size_t width) {
    const std::size_t indent = line.find_first_not_of(' ');
    if (line.compare(indent, 8, "gpucost ") == 0) return indent + 4;
    const std::size_t gap = line.find("  ", indent);
    const std::size_t text = gap == std::string::npos ? gap : line.find_first_not_of(' ', gap);
    if (text != std::string::npos && text <= 40 && text + 20 <= width) return text;
    return indent;
}

// One help line as lines of at most `width` columns, broken at spaces (a word longer than the room stays whole).
void wrap_help_line(const std::string& line, std::size_t width, std::string& out) {
    const std::size_t indent = line.find_first_not_of(' ');
    if (line.size() <= width || indent == std::string::npos) {
        out += line + "\n";
        return;
    }
    const std::size_t hang = hanging_indent(line, width);
    std::string current = line.substr(0, hang);
    std::istringstream words(line.substr(hang));
    std::string word;
    bool empty = true;  // nothing after the prefix yet
    while (words >> word) {
        if (!empty && current.size() + 1 + word.size() > width) {
            out += current + "\n";
            current = std::string(hang, ' ');
            empty = true;
        }
        current += (empty ? "" : " ") + word;
        empty = false;
    }
    out += current + "\n";
}

}  // namespace

// Help text wrapped to the terminal (issue 25): CLI11 2.1 writes each description on one line, however long.
std::string wrapped_help(const std::string& help, const Terminal& terminal) {
    const std::size_t width = terminal_columns(terminal);
    std::string out;
    std::istringstream lines(help);
    std::string line;
    while (std::getline(lines, line)) wrap_help_line(line, width, out);
    if (!help.empty() && help.back() != '\n' && !out.empty()) out.pop_back();
    return out;
}

}  // namespace gpucost::cli
