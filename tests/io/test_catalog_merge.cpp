// merge_catalog (src/model/catalog_merge.cpp): an overlay's entries replace the catalogue's of the same id in place,
// new ones are appended in order, and an id may not change section. Linear: one index of the catalogue's ids.
#include <string>

#include <catch2/catch.hpp>
#include <fmt/format.h>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

Catalog mini() { return parse_catalog(test::read_file(test::test_path("data/mini_catalog.json")), "mini"); }

std::string offer(const std::string& id, double usd) {
    return fmt::format(R"({{"id": "{}", "provider": "P", "instance": "i", "region": "r", "gpu": "gpu-a", "gpu_count": 1,
        "usd_per_hour": {{"on-demand": {}}}, "source": "s", "as_of": "2026-01"}})",
                       id, usd);
}

}  // namespace

TEST_CASE("merge_catalog replaces an entry in place and appends new ones in order") {
    Catalog c = mini();
    // mini's cloud: cheap-a8, pricey-a1, b-1. The overlay replaces pricey-a1 and adds two.
    const std::string text =
        "{\"cloud\": [" + offer("new-1", 1) + ", " + offer("pricey-a1", 3) + ", " + offer("new-2", 2) + "]}";
    merge_catalog(c, parse_catalog_overlay(text, "o.json", c));
    REQUIRE(c.cloud.size() == 5);
    CHECK(c.cloud[0].id == "cheap-a8");
    CHECK(c.cloud[1].id == "pricey-a1");
    CHECK(c.cloud[1].usd_per_hour[0] == 3.0);
    CHECK(c.cloud[1].provider == "P");
    CHECK(c.cloud[2].id == "b-1");
    CHECK(c.cloud[3].id == "new-1");
    CHECK(c.cloud[4].id == "new-2");
    CHECK(c.origin == "mini + o.json");
    // A second overlay over the merged catalogue replaces what the first one added.
    merge_catalog(c, parse_catalog_overlay("{\"cloud\": [" + offer("new-1", 7) + "]}", "p.json", c));
    REQUIRE(c.cloud.size() == 5);
    CHECK(c.cloud[3].usd_per_hour[0] == 7.0);
    CHECK(c.origin == "mini + o.json + p.json");
}

TEST_CASE("merge_catalog refuses an id that changes section, naming the overlay and the catalogue") {
    Catalog c = mini();
    const std::string text = "{\"cloud\": [" + offer("ok-1", 1) + ", " + offer("gpu-b", 2) + "]}";
    const Catalog overlay = parse_catalog_overlay(text, "o.json", c);
    try {
        merge_catalog(c, overlay);
        FAIL("no error");
    } catch (const ValidationError& e) {
        CHECK(std::string(e.what()) == "o.json: /cloud/1/id: id \"gpu-b\" is already used in gpus of mini; an "
                                       "overlay entry replaces only an entry of its own section, so choose another id");
    }
}

// Seconds of work (200,000 offers built and merged): [slow], out of the developer's loop (ctest -LE slow).
TEST_CASE("merge_catalog of 100,000 offers over 100,000 is linear", "[slow]") {
    // Quadratic, this took minutes (10^10 id comparisons); linear, well under a second even under sanitizers.
    Catalog c = mini();
    std::string base = "{\"cloud\": [";
    std::string update = "{\"cloud\": [";
    for (int i = 0; i < 100'000; ++i) {
        base += (i > 0 ? ", " : "") + offer(fmt::format("o-{}", i), 1);
        update += (i > 0 ? ", " : "") + offer(fmt::format("o-{}", i * 2), 2);  // half replace, half are new
    }
    merge_catalog(c, parse_catalog_overlay(base + "]}", "base.json", c));
    merge_catalog(c, parse_catalog_overlay(update + "]}", "update.json", c));
    REQUIRE(c.cloud.size() == 3 + 150'000);
    CHECK(c.cloud[3 + 10].usd_per_hour[0] == 2.0);  // o-10, replaced in place
    CHECK(c.cloud[3 + 11].usd_per_hour[0] == 1.0);  // o-11, kept
    CHECK(c.cloud.back().id == "o-199998");
}

TEST_CASE("embedded_catalog_as_of, which --version prints without parsing, is the embedded catalogue's as_of") {
    CHECK(embedded_catalog_as_of() == load_embedded_catalog().as_of);
}
