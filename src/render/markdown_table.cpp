#include "gpucost/render/markdown_table.hpp"

#include "gpucost/util/text.hpp"

namespace gpucost {

std::string markdown_cell(const std::string& text) {
    std::string out;
    for (const char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
    // GitHub renders inline HTML: text from a file name, a flag or a catalogue is escaped, never markup.
    return escape_html(out);
}

std::string markdown_table(const std::vector<std::string>& header, const std::vector<bool>& right,
                           const std::vector<std::vector<std::string>>& rows) {
    std::string out = "|";
    for (const std::string& h : header) out += " " + markdown_cell(h) + " |";
    out += "\n|";
    for (const bool r : right) out += r ? " ---: |" : " --- |";
    out += "\n";
    for (const auto& row : rows) {
        out += "|";
        for (const std::string& c : row) out += " " + markdown_cell(c) + " |";
        out += "\n";
    }
    return out;
}

}  // namespace gpucost
