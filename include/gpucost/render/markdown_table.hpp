// One GitHub-flavoured markdown table writer for every markdown renderer.
#pragma once

#include <string>
#include <vector>

namespace gpucost {

// `text` safe inside a cell: a pipe would end the cell and a line break the table.
std::string markdown_cell(const std::string& text);

// A header row, an alignment row (`right[i]`: column i right-aligned, for numbers) and the rows, each cell escaped.
std::string markdown_table(const std::vector<std::string>& header, const std::vector<bool>& right,
                           const std::vector<std::vector<std::string>>& rows);

}  // namespace gpucost
