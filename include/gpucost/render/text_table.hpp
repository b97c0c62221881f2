// Columns of text for a terminal, padded to their widest cell: the one aligner every table renderer shares.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/render/paint.hpp"

namespace gpucost {

// Which side of its column a cell keeps to.
enum class Align { left, right };

// Widths count UTF-8 code points, not bytes ("€" is one column). Columns are two spaces apart; trailing padding
// is dropped. A row may have a tone and a cell its own; colour goes around the text, never into the padding, so
// columns line up either way.
class TextTable {
public:
    // One alignment per column; a row may have fewer cells than columns, never more.
    explicit TextTable(std::vector<Align> align);

    // Appends a row (its cells, then the tone of the whole row). The cells are shown as they are: a writer makes a
    // cell's controls visible first (escape_visible), so a file name or a flag's value is never obeyed by the terminal.
    void add(std::vector<std::string> row, Tone tone = Tone::plain);
    // Gives cell `column` of the last row added a tone of its own. Throws std::out_of_range for a bad column.
    void tone_last(std::size_t column, Tone tone);

    // The table, each line starting with `indent` and ending in "\n", painted by `paint` (by default neither).
    std::string str(const std::string& indent = "", const Paint& paint = Paint(false)) const;

    // Columns a text takes on a terminal: its UTF-8 code points.
    static std::size_t width(std::string_view text) noexcept;
    // The byte where column `columns` of `text` starts, after its first `columns` code points (its size when it has
    // fewer): where to cut a text to a width without splitting a character.
    static std::size_t offset(std::string_view text, std::size_t columns) noexcept;

private:
    struct Row {
        std::vector<std::string> cells;
        Tone tone;
        std::vector<Tone> cell_tones;  // empty while every cell takes the row's tone
    };
    std::vector<Align> m_align;
    std::vector<Row> m_rows;
};

}  // namespace gpucost
