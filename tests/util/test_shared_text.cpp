#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include <catch2/catch.hpp>

#include "gpucost/util/shared_text.hpp"

using gpucost::SharedText;

TEST_CASE("SharedText: a copy shares the buffer, the text is NUL-terminated and compared by content", "[shared_text]") {
    const std::string text = "https://example.com/a-source-longer-than-sixteen";
    const SharedText a{text};
    const SharedText b = a;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the point
    CHECK(a.view() == text);
    CHECK(a.size() == text.size());
    CHECK(a.str() == text);
    CHECK(std::strlen(a.c_str()) == text.size());  // the NUL right after the last character
    CHECK(b.shares(a));
    CHECK(b.view().data() == a.view().data());
    const SharedText c{text};  // the same text in a buffer of its own
    CHECK_FALSE(c.shares(a));
    CHECK(c == a);
    CHECK(a == std::string_view(text));
    CHECK_FALSE(a == SharedText("another"));
}

TEST_CASE("SharedText: the empty text holds no buffer and reads as empty", "[shared_text]") {
    const SharedText empty;
    CHECK(empty.empty());
    CHECK(empty.view().empty());
    CHECK(std::string(empty.c_str()).empty());
    CHECK(SharedText(std::string()).empty());
    CHECK(SharedText("") == empty);
    CHECK_FALSE(SharedText("x").empty());
}

TEST_CASE("SharedText::in_static_storage reads a text where it lies: [size][characters][NUL]", "[shared_text]") {
    // 5 as a host-order 32-bit size, "hello", then the NUL: the layout the embedded snapshot writes.
    static const char storage[] = {5, 0, 0, 0, 'h', 'e', 'l', 'l', 'o', '\0'};
    std::uint32_t five = 0;
    std::memcpy(&five, storage, sizeof five);
    REQUIRE(five == 5);  // little-endian, as every platform gpucost builds on
    const SharedText s = SharedText::in_static_storage(storage + 4);
    CHECK(s.view() == "hello");
    CHECK(s.view().data() == storage + 4);  // not copied
    CHECK(s.c_str() == storage + 4);
    const SharedText copy = s;  // NOLINT(performance-unnecessary-copy-initialization): the copy is the point
    CHECK(copy.shares(s));
    CHECK(copy == SharedText("hello"));
}
