// What an import tells its user, as data: the unmapped accelerator names ranked, the rest counted.
#include <catch2/catch.hpp>

#include "gpucost/io/import_csv.hpp"

using namespace gpucost;

TEST_CASE("ranked_unmapped: the names with the most rows first, ties kept in name order, none cut") {
    ImportResult r;
    r.unmapped = {{"A10G", 2}, {"K80", 5}, {"M60", 2}, {"T4g", 1}};  // by name, as import_offers gives them
    const std::vector<UnmappedName> ranked = ranked_unmapped(r);
    REQUIRE(ranked.size() == 4);
    CHECK(ranked[0].name == "K80");
    CHECK(ranked[1].name == "A10G");  // 2 rows, before M60 by name
    CHECK(ranked[2].name == "M60");
    CHECK(ranked[3].name == "T4g");
    CHECK(ranked_unmapped(ImportResult{}).empty());
}

TEST_CASE("left_out_lines: every unmapped name and every contradiction, with no cap") {
    // Issue 10: an import that listed 10 names and counted the rest hid the names a user needed aliases for.
    ImportResult r;
    for (int i = 0; i < 25; ++i) r.unmapped.push_back({"GPU" + std::to_string(100 + i), 1});
    r.unmapped.push_back({"ZZ", 3});
    for (int i = 0; i < 12; ++i) r.contradicted.push_back({"H100", "inst" + std::to_string(10 + i), "why", 1});
    const std::vector<std::string> lines = left_out_lines(r);
    REQUIRE(lines.size() == 38);  // 26 names + 12 contradictions, no "and N more"
    CHECK(lines[0] ==
          "left out 3 rows with accelerator \"ZZ\": no catalogue GPU lists it among its aliases (add it to a GPU's "
          "\"aliases\" to import them)");
    CHECK(lines[25].find("\"GPU124\"") != std::string::npos);
    CHECK(lines[37] == "left out 1 row of instance \"inst21\" with accelerator \"H100\": why; not guessing a GPU");
}

TEST_CASE("import_summary: no warning wording, the unmapped names are left to the caller") {
    ImportResult r;
    r.rows = 3;
    r.rows_used = 1;
    r.offers.resize(1);
    r.unmapped = {{"A10G", 2}};
    const ImportRequest request{ImportFormat::skypilot, "f.csv", "2026-01-21", "AWS"};
    CHECK(import_summary(r, request) ==
          std::vector<std::string>{
              "imported 1 offer from 1 of 3 rows of f.csv, replacing 0 offers of the catalogue in use and adding 1"});
    r.replaced = 1;
    r.rows = 1;
    CHECK(import_summary(r, request).front() ==
          "imported 1 offer from 1 of 1 row of f.csv, replacing 1 offer of the catalogue in use and adding 0");
}
