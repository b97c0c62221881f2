// Numbers and messages (issue 10): dates before 1990 say the valid range, "did you mean" does bounded work, singular
// counts, gate lines that tell limit and value apart, input size caps per kind.
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "gpucost/report/gates.hpp"
#include "gpucost/util/text.hpp"
#include "temp_file.hpp"
#include "test_support.hpp"

using Catch::Matchers::Contains;
using gpucost::test::run_gpucost;

TEST_CASE("date_range_note: a date before 1990 says where dates start, others add nothing") {
    CHECK(gpucost::date_range_note("1989-12-31") == "; dates start at 1990-01-01");
    CHECK(gpucost::date_range_note("0001-01") == "; dates start at 1990-01-01");
    CHECK(gpucost::date_range_note("1990-01-01").empty());
    CHECK(gpucost::date_range_note("2026-13-01").empty());  // wrong for another reason
    CHECK(gpucost::date_range_note("yesterday").empty());
}

TEST_CASE("dates before 1990: --as-of and GPUCOST_TODAY name the valid range") {
    const auto r = run_gpucost({"catalog", "import", "--from", "skypilot", "data/import/skypilot_aws_vms.csv",
                                "--provider", "AWS", "--as-of", "1989-12-31"});
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --as-of: must be a date YYYY-MM-DD, got \"1989-12-31\"; dates start at "
                   "1990-01-01\n");
    const gpucost::test::ScopedEnv pinned("GPUCOST_TODAY", "1970-01-01");
    const auto t = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--max-age-days", "30"});
    CHECK(t.exit_code == 2);
    CHECK(t.err == "gpucost: error: GPUCOST_TODAY: must be a date YYYY-MM-DD, got \"1970-01-01\"; dates start at "
                   "1990-01-01; unset it to use the clock\n");
}

TEST_CASE("closest_match: a candidate further than a typo away costs a few cells, not its whole table") {
    // 20,000 ids of the word's length (13) whose first five characters match nothing in it: with at most 4 edits
    // allowed (13 / 3), rows 1..5 fill the band of 4 around the diagonal, 5 + 6 + 7 + 8 + 9 = 35 cells, and row 5's
    // best is 5 > 4, which ends the search. The whole table would be 13 x 13 = 169 cells each.
    std::vector<std::string> ids;
    for (int i = 0; i < 20000; ++i) ids.push_back(fmt::format("vwxyz-{:07d}", i));
    const std::size_t before = gpucost::edit_distance_cells();
    CHECK_FALSE(gpucost::closest_match("abcde-0000000", ids));
    CHECK(gpucost::edit_distance_cells() - before == 35u * 20000u);
    // Longer than a typo apart in length: no cell at all.
    std::vector<std::string> longer(20000, "a-much-longer-identifier-than-the-word");
    const std::size_t at = gpucost::edit_distance_cells();
    CHECK_FALSE(gpucost::closest_match("abcde-0000000", longer));
    CHECK(gpucost::edit_distance_cells() == at);
    // The answers are as before: the closest within the bound, the first of equals, else a containing candidate.
    CHECK(gpucost::closest_match("h100-sxn", {"h100-pcie", "h100-sxm", "h200"}) == std::string("h100-sxm"));
    CHECK(gpucost::closest_match("box-a", {"box-a4", "box-b2"}) == std::string("box-a4"));
    CHECK(gpucost::closest_match("fixture-gpu-a-long-name", {"gpu-a"}) == std::string("gpu-a"));
}

TEST_CASE("did you mean: 40 bad references against 20,000 GPUs in a 3.7 MB overlay stay cheap (work counted)") {
    std::string overlay = "{ \"gpus\": [";
    for (int i = 0; i < 20000; ++i)
        overlay += fmt::format("{}{{ \"id\": \"fixture-gpu-{:05d}\", \"name\": \"G\", \"vendor\": \"F\", "
                               "\"vram_gb\": 80, \"tdp_w\": 500, \"idle_w\": 50, \"price_usd\": 10000, "
                               "\"mem_bw_gbs\": 3000, \"source\": \"fixture\", \"as_of\": \"2026-01-15\" }}\n",
                               i == 0 ? "" : ",", i);
    overlay += "], \"builds\": [";
    for (int i = 0; i < 40; ++i)
        overlay += fmt::format("{0}{{ \"id\": \"bad-{1:02d}\", \"name\": \"B\", \"gpu\": \"zzzzzz-gpu-{1:02d}\", "
                               "\"gpu_count\": 1, \"base_price_usd\": 1, \"base_load_w\": 1, \"base_idle_w\": 1, "
                               "\"setup_usd\": 0, \"source\": \"fixture\", \"as_of\": \"2026-01-15\" }}\n",
                               i == 0 ? "" : ",", i);
    overlay += "] }";
    REQUIRE(overlay.size() > 3'500'000);
    const gpucost::test::TempFile many_refs(overlay, "many-refs.json");
    const std::string file = many_refs.path.string();
    const std::size_t before = gpucost::edit_distance_cells();
    const auto r = run_gpucost({"catalog", "validate", "--catalog", "data/mini_catalog.json", "--add-catalog", file});
    CHECK(r.exit_code == 3);
    CHECK_THAT(r.err, Contains("not valid: 40 errors"));
    // Each reference (13 characters, 4 edits allowed) against each fixture id (17 characters, 4 longer): six
    // leading z's match nothing, so rows 1..5 fill 5 + 6 + 7 + 8 + 9 = 35 cells and stop; gpu-a and gpu-b are
    // 8 shorter and cost none. 40 x 20,000 x 35 = 28,000,000 cells; the whole tables would be 40 x 20,000 x 13 x 17
    // = 176,800,000.
    CHECK(gpucost::edit_distance_cells() - before == 28'000'000u);
}

TEST_CASE("count_text and the reports: one month, one GPU") {
    CHECK(gpucost::count_text(1, "month") == "1 month");
    CHECK(gpucost::count_text(0, "row") == "0 rows");
    CHECK(gpucost::count_text(12, "month") == "12 months");
    const auto r =
        run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--build", "box-a4", "--months", "1"});
    REQUIRE(r.exit_code == 0);
    CHECK_THAT(r.out, Contains("  Over 1 month at "));
    CHECK_THAT(r.out, Contains(" over 1 month at "));
    CHECK_THAT(r.out, !Contains("1 months"));
}

TEST_CASE("gate_line: a value and a limit equal to the cent show every digit") {
    gpucost::GateCheck check;
    check.name = "max-build-total-usd";
    check.unit = gpucost::GateUnit::usd;
    check.limit = 5000.0;
    check.value = 5000.004;
    check.passed = false;
    CHECK(gpucost::gate_line(check, false) == "FAIL max-build-total-usd: 5000.004 > 5000");
    check.value = 4999.5;
    check.passed = true;
    CHECK(gpucost::gate_line(check, false) == "ok max-build-total-usd: 4999.50 <= 5000.00");
}

TEST_CASE("read_text_file: each input kind has its cap, met before reading past it (/dev/zero)") {
    const auto r = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--scenario", "/dev/zero"});
    CHECK(r.exit_code == 3);
    CHECK(r.err == "gpucost: error: /dev/zero: larger than the 1 MiB limit for a scenario file\n");
    const gpucost::test::TempFile big_scenario("{" + std::string(2u << 20, ' ') + "}", "big-scenario.json");
    const std::string big = big_scenario.path.string();
    const auto s = run_gpucost({"compare", "--catalog", "data/mini_catalog.json", "--scenario", big});
    CHECK(s.err == "gpucost: error: " + big + ": 2097154 bytes is larger than the 1 MiB limit for a scenario file\n");
}
