// The price list read a chunk and a record at a time (issue 10: a 17 MB list peaked at 800 MB when held whole):
// any split of the text into chunks gives the same records and the same errors as the whole text.
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

// A source that hands out `text` `size` bytes at a time.
CsvSource chunks_of(const std::string& text, std::size_t size) {
    return [&text, size, at = std::size_t{0}]() mutable {
        const std::string_view piece = std::string_view(text).substr(std::min(at, text.size()), size);
        at += piece.size();
        return piece;
    };
}

// Every record (line and cells) the reader gives, or the error it throws.
std::vector<std::string> records(const std::string& text, std::size_t chunk) {
    std::vector<std::string> out;
    try {
        CsvReader reader(chunks_of(text, chunk), "f.csv");
        std::string head;
        for (const std::string& h : reader.header()) head += h + "|";
        out.push_back(head);
        CsvRow row;
        while (reader.next(row)) {
            std::string line = std::to_string(row.line) + ":";
            for (const std::string& c : row.cells) line += c + "|";
            out.push_back(line);
        }
    } catch (const DataError& e) {
        out.push_back(std::string("error: ") + e.what());
    }
    return out;
}

}  // namespace

TEST_CASE("CsvReader: every chunk size gives the records and errors of the whole text") {
    const std::vector<std::string> texts = {
        "\xEF\xBB\xBF"
        "a,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n\r\n\"multi\nline\",,3\n4,5,6",
        "a,b\r1,2\r3,4",                            // CR-only line ends
        "a,b\n1,\"open\n2,3\n",                     // never closed
        "a,b\n1,\"x\"yyyyyyyyyyyyyyyyyyyyyyyyy\n",  // text after the closing quote (20 bytes of it shown)
        "a,b\n1,x\"y\"\n",                          // a quote inside an unquoted field
        "a,b\n1,2\n3\n",                            // too few fields
        "a,b\n1,\"caf\xE9\nbar\"\n",                // Latin-1 inside a quoted two-line field: the line of the byte
        std::string("a,b\n1,\0\n", 8),              // NUL
        "\xFF\xFE"
        "a",           // UTF-16
        "a,a\n1,2\n",  // a repeated column
        "",            // empty
    };
    for (const std::string& text : texts) {
        INFO(text);
        const std::vector<std::string> whole = records(text, text.size() + 1);
        for (const std::size_t chunk : {1u, 2u, 3u, 7u, 64u}) CHECK(records(text, chunk) == whole);
    }
    CHECK(records(texts[0], 1) ==
          std::vector<std::string>{"a|b|c|", "2:1|x, y|say \"hi\"|", "4:multi\nline||3|", "6:4|5|6|"});
    CHECK(records(texts[6], 5).back() == "error: f.csv: line 2: byte 0xe9 is not valid UTF-8; save the file as UTF-8");
    CHECK(records(texts[3], 3).back() ==
          "error: f.csv: line 2: text after the closing quote of a field (\"yyyyyyyyyyyyyyyyyyyy\"); a quoted field "
          "must end at ',' or the end of the line");
}

TEST_CASE("import_offers_file streams the file and gives what import_offers gives for its text") {
    const Catalog catalog = load_embedded_catalog();
    const std::string path = test::test_path("data/import/skypilot_lambda_vms.csv");
    const ImportRequest request{ImportFormat::skypilot, path, "2026-11-30", "Lambda"};
    const ImportResult streamed = import_offers_file(request, catalog);
    const ImportResult whole = import_offers(test::read_file(path), request, catalog);
    REQUIRE(streamed.offers.size() == whole.offers.size());
    for (std::size_t i = 0; i < whole.offers.size(); ++i) CHECK(streamed.offers[i].id == whole.offers[i].id);
    CHECK(streamed.rows == 9);
    CHECK(import_overlay_json(streamed, request) == import_overlay_json(whole, request));
    const ImportRequest missing{ImportFormat::skypilot, "no-such.csv", "2026-11-30", "Lambda"};
    CHECK_THROWS_WITH(import_offers_file(missing, catalog), "no-such.csv: no such file");
}
