// What an import tells its user, as data: the unmapped accelerator names ranked, the rest counted.
#include <catch2/catch.hpp>

#include "gpucost/io/import_csv.hpp"

using namespace gpucost;

TEST_CASE("unmapped_summary: the names with the most rows first, ties kept in name order, the rest counted") {
    ImportResult r;
    r.unmapped = {{"A10G", 2}, {"K80", 5}, {"M60", 2}, {"T4g", 1}};  // by name, as import_offers gives them
    const UnmappedSummary two = unmapped_summary(r, 2);
    REQUIRE(two.listed.size() == 2);
    CHECK(two.listed[0].name == "K80");
    CHECK(two.listed[1].name == "A10G");  // 2 rows, before M60 by name
    CHECK(two.other_names == 2);          // M60 and T4g
    CHECK(two.other_rows == 3);           // 2 + 1

    const UnmappedSummary all = unmapped_summary(r);
    CHECK(all.listed.size() == 4);  // fewer than k_max_unmapped_names_listed
    CHECK(all.other_names == 0);
    CHECK(all.other_rows == 0);
    CHECK(unmapped_summary(ImportResult{}).listed.empty());
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
