// TextTable: the one column aligner of the table renderers.
#include <catch2/catch.hpp>

#include "gpucost/render/text_table.hpp"

using namespace gpucost;

TEST_CASE("TextTable: widths count UTF-8 code points, not bytes") {
    CHECK(TextTable::width("abc") == 3);
    CHECK(TextTable::width("€") == 1);     // 3 bytes
    CHECK(TextTable::width("Gée") == 3);   // é is 2 bytes
    CHECK(TextTable::width("日本") == 2);  // 6 bytes; one column each here (no East Asian width)
    CHECK(TextTable::width("") == 0);
}

TEST_CASE("TextTable::offset: the byte where a column starts, never inside a character") {
    // "aé€b": a is 1 byte, é 2 (bytes 1-2), € 3 (bytes 3-5), b 1 (byte 6); 7 bytes, 4 code points.
    const std::string text = "a\u00e9\u20acb";
    REQUIRE(text.size() == 7);
    CHECK(TextTable::offset(text, 0) == 0);
    CHECK(TextTable::offset(text, 1) == 1);
    CHECK(TextTable::offset(text, 2) == 3);
    CHECK(TextTable::offset(text, 3) == 6);
    CHECK(TextTable::offset(text, 4) == 7);   // all of it
    CHECK(TextTable::offset(text, 40) == 7);  // fewer code points than asked: its size
    CHECK(TextTable::offset("", 3) == 0);
}

TEST_CASE("TextTable: left and right alignment with multi-byte cells, two spaces apart, no trailing spaces") {
    TextTable t({Align::left, Align::right, Align::left});
    t.add({"name", "price", "note"});
    t.add({"Gée", "€5", ""});
    t.add({"x", "€1,000", "ok"});
    CHECK(t.str() == "name   price  note\n"
                     "Gée       €5\n"
                     "x     €1,000  ok\n");
}

TEST_CASE("TextTable: indent, tones around the text and never in the padding") {
    TextTable t({Align::left, Align::right});
    t.add({"a", "1"}, Tone::strong);
    t.add({"bb", "22"});
    t.tone_last(1, Tone::good);
    CHECK(t.str("  ", Paint(false)) == "  a    1\n  bb  22\n");
    CHECK(t.str("", Paint(true)) == "\x1b[1ma\x1b[0m    \x1b[1m1\x1b[0m\nbb  \x1b[32m22\x1b[0m\n");
    CHECK_THROWS_AS(t.tone_last(2, Tone::note), std::out_of_range);
}

TEST_CASE("TextTable: a row of empty cells is an empty line, no rows, no text") {
    TextTable t({Align::left, Align::left});
    CHECK(t.str().empty());
    t.add({"", ""});
    CHECK(t.str() == "\n");
}

TEST_CASE("TextTable: add takes cells already shown as they are") {
    TextTable t({Align::left, Align::right});
    t.add({"b\\x1b", "22"});  // what a writer's own escaping made: five columns, kept whole
    CHECK(t.str() == "b\\x1b  22\n");
}
