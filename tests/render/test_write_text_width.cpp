// The terminal writer at a width (issue 25 item 3): a table leaves out its least important columns until it fits
// and names them; prose wraps at spaces; --wide (RenderOptions::wide) shows everything on one line each.
#include <algorithm>

#include <catch2/catch.hpp>

#include "gpucost/render/render.hpp"

using namespace gpucost;

namespace {

// Columns a, bbbb, c, dd, e: widths 1, 4, 1, 2, 1 with their cells ("x", "yyyy", "z", "ww", "v").
Table five_columns(std::vector<std::size_t> drop_order) {
    Table t{{words("a"), words("bbbb"), words("c"), words("dd"), words("e")},
            {false, false, false, false, false},
            {{{"x", "yyyy", "z", "ww", "v"}}},
            false,
            std::move(drop_order)};
    return t;
}

std::string text_at(Document d, int columns, bool wide = false) {
    RenderOptions o;
    o.columns = columns;
    o.wide = wide;
    return write_text(d, o);
}

Document with_table(Table t) {
    Document d{"t", {}};
    d.section().add(std::move(t));
    return d;
}

}  // namespace

TEST_CASE("write_text: a table that fits shows every column and no line about it", "[render][width]") {
    // 1 + 2 + 4 + 2 + 1 + 2 + 2 + 2 + 1 = 17 columns
    CHECK(text_at(with_table(five_columns({4, 1})), 17) == "a  bbbb  c  dd  e\nx  yyyy  z  ww  v\n");
}

TEST_CASE("write_text: columns left out least important first until the table fits, then named", "[render][width]") {
    // At 16: 17 is one too many; dropping e (the first in the order) gives 1+2+4+2+1+2+2 = 14.
    CHECK(text_at(with_table(five_columns({4, 1, 3})), 16) ==
          "a  bbbb  c  dd\nx  yyyy  z  ww\n"
          "Not shown at 16\ncolumns: e\n(--wide shows\nevery column).\n");
    // At 10: e then bbbb go (1+2+1+2+2 = 8 fits): dd stays; the line names them in the table's order, wrapped.
    CHECK(text_at(with_table(five_columns({4, 1, 3})), 10) ==
          "a  c  dd\nx  z  ww\n"
          "Not shown\nat 10\ncolumns:\nbbbb, e\n(--wide\nshows\nevery\ncolumn).\n");
}

TEST_CASE("write_text: columns left out are named with semicolons when a heading holds a comma", "[render][width]") {
    // Headings "a", "b, c" (one column), "d": widths 1, 4, 1 as the cells "x", "yyyy", "z" are. At 2 columns "d"
    // and then the middle column go (1+2+4 = 7, then 1 fits), named in the table's order; the line wraps at 2,
    // so it is read with its breaks as spaces.
    const auto left_out_line = [](const char* middle) {
        Table t{{words("a"), words(middle), words("d")}, {false, false, false}, {{{"x", "yyyy", "z"}}}, false, {2, 1}};
        std::string text = text_at(with_table(std::move(t)), 2);
        std::replace(text.begin(), text.end(), '\n', ' ');
        return text;
    };
    CHECK(left_out_line("b, c") == "a x Not shown at 2 columns: b, c; d (--wide shows every column). ");
    // Without a comma in any heading, commas as before.
    CHECK(left_out_line("bc") == "a x Not shown at 2 columns: bc, d (--wide shows every column). ");
}

TEST_CASE("write_text: a column left out on the way comes back when it fits again", "[render][width]") {
    // Order bbbb, e, dd at 13: without bbbb the table is 1+2+1+2+2+2+1 = 11 and fits; nothing else goes.
    CHECK(text_at(with_table(five_columns({1, 4, 3})), 13).rfind("a  c  dd  e\n", 0) == 0);
    // Order e, bbbb, dd at 9: e (14), bbbb (8 fits); e comes back? 1+2+1+2+2+2+1 = 11 > 9: no.
    CHECK(text_at(with_table(five_columns({4, 1, 3})), 9).rfind("a  c  dd\n", 0) == 0);
    // Order e, dd, bbbb at 9: e (14), dd (10), bbbb (1+2+1 = 4 fits); then dd comes back (1+2+1+2+2 = 8 fits) and
    // e does not (8 + 2 + 1 = 11).
    CHECK(text_at(with_table(five_columns({4, 3, 1})), 9)
              .rfind("a  c  dd\nx  z  ww\nNot shown\nat 9\ncolumns:\nbbbb, e\n", 0) == 0);
}

TEST_CASE("write_text: columns outside the drop order stay however narrow the width", "[render][width]") {
    // Only e may go: a, bbbb, c, dd are 1+2+4+2+1+2+2 = 14 wide, over 12, and stay.
    const std::string out = text_at(with_table(five_columns({4})), 12);
    CHECK(out.rfind("a  bbbb  c  dd\nx  yyyy  z  ww\n", 0) == 0);
}

TEST_CASE("write_text: --wide shows every column and wraps no line", "[render][width]") {
    Document d = with_table(five_columns({4, 1, 3}));
    d.section().add(Paragraph{words("one two three four five six seven eight nine ten")});
    CHECK(text_at(d, 20, true) ==
          "a  bbbb  c  dd  e\nx  yyyy  z  ww  v\n\none two three four five six seven eight nine ten\n");
}

TEST_CASE("write_text: prose wraps at spaces, under its indent, a long word whole", "[render][width]") {
    Document d{"t", {}};
    d.section("", words("Heading of this section")).add(Paragraph{words("aaa bbb ccc ddd eee")});
    d.section().add(Paragraph{words("short a-word-longer-than-twelve end")});
    // The heading at 12: "Heading of" (10) fits, "this section" (12) fits. The paragraph is indented two spaces under
    // its heading: 10 columns of room, "aaa bbb" (7) then "ccc ddd" then "eee".
    CHECK(text_at(d, 12) ==
          "Heading of\nthis section\n  aaa bbb\n  ccc ddd\n  eee\n\nshort\na-word-longer-than-twelve\nend\n");
}

TEST_CASE("write_text: wrapping counts code points, not bytes", "[render][width]") {
    Document d{"t", {}};
    d.section().add(Paragraph{words("\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC \xE2\x82\xAC\xE2\x82\xAC")});  // "€€€ €€"
    CHECK(text_at(d, 6) == "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC \xE2\x82\xAC\xE2\x82\xAC\n");  // 6 columns, 16 bytes
    CHECK(text_at(d, 5) == "\xE2\x82\xAC\xE2\x82\xAC\xE2\x82\xAC\n\xE2\x82\xAC\xE2\x82\xAC\n");
}

TEST_CASE("write_text: a wrap column still too wide breaks after '/', '-' or a space, the other cells blank",
          "[render][width]") {
    Table t{{words("address"), words("low")},
            {false, true},
            {{{"gpu:some-long-id-here/price_usd", cell::exact(1.5)}}},
            false,
            {},
            0};
    // 31 + 2 + 3 = 36 over 30: the address gets 31 - 6 = 25 columns, and its last joint within them is the '/' at
    // column 22: "gpu:some-long-id-here/", then "price_usd". The column is then 22 wide.
    CHECK(text_at(with_table(t), 30) == "address                 low\n"
                                        "gpu:some-long-id-here/  1.5\n"
                                        "price_usd\n");
    // At 15 the room would be 10: it is never under 20, so the cut is the '-' at column 17.
    CHECK(text_at(with_table(t), 15) == "address            low\n"
                                        "gpu:some-long-id-  1.5\n"
                                        "here/price_usd\n");
    // A table that fits, and --wide, break nothing.
    CHECK(text_at(with_table(t), 36) == "address                          low\ngpu:some-long-id-here/price_usd  1.5\n");
    CHECK(text_at(with_table(t), 30, true) == text_at(with_table(t), 36));
}

TEST_CASE("write_text: a fact's long value wraps at spaces under itself", "[render][width]") {
    Document d{"t", {}};
    d.section().add(Facts{{}, {{"id", Cell("x")}, {"note", Cell("one two three four five six")}}});
    // "note:" is the widest label (5) and a gap of 2: 30 - 7 = 23 columns, "one two three four five" exactly.
    CHECK(text_at(d, 30) == "id:    x\nnote:  one two three four five\n       six\n");
    CHECK(text_at(d, 30, true) == "id:    x\nnote:  one two three four five six\n");
}
