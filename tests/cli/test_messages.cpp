// Numbers and messages (issue 10): dates before 1990 say the valid range.
#include <catch2/catch.hpp>

#include "gpucost/util/text.hpp"
#include "test_support.hpp"

using gpucost::test::run_gpucost;

TEST_CASE("date_range_note: a date before 1990 says where dates start; others add nothing") {
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
