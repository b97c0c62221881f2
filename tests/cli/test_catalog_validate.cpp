// `catalog validate`'s summary counts warnings from every file's warning list, not from the text printed.
#include <catch2/catch.hpp>

#include "test_support.hpp"

using gpucost::test::run_gpucost;

TEST_CASE("catalog validate: the summary counts the base's and every overlay's warnings, even under --quiet") {
    // misspelt_key.json has one unknown key ("notes"); given twice, it warns twice.
    const std::vector<std::string> args = {"catalog",       "validate",
                                           "--catalog",     "data/mini_catalog.json",
                                           "--add-catalog", "data/overlay/misspelt_key.json",
                                           "--add-catalog", "data/overlay/misspelt_key.json"};
    const auto r = run_gpucost(args);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out == "OK: data/mini_catalog.json + data/overlay/misspelt_key.json + data/overlay/misspelt_key.json: "
                   "2 GPUs, 2 builds, 4 cloud offers, 25 assumptions; 2 warnings\n");
    CHECK(r.err == "gpucost: warning: data/overlay/misspelt_key.json: /cloud/0/notes: unknown key, ignored (did "
                   "you mean \"note\"?)\n"
                   "gpucost: warning: data/overlay/misspelt_key.json: /cloud/0/notes: unknown key, ignored (did "
                   "you mean \"note\"?)\n");

    std::vector<std::string> quiet = args;
    quiet.push_back("--quiet");
    const auto q = run_gpucost(quiet);
    CHECK(q.err.empty());
    CHECK(q.out == r.out);  // quiet drops the lines, not the count
}
