// The catalogue writer: what it writes reads back equal, and it says only what differs from the defaults.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/embedded_catalog.hpp"

using namespace gpucost;
using Json = nlohmann::ordered_json;

TEST_CASE("write_gpu, write_build, write_offer: an overlay of them reads back to equal entries") {
    const Catalog base = load_embedded_catalog();
    Gpu g;
    g.id = "my-gpu";
    g.name = "My GPU";
    g.vendor = "Me";
    g.vram_gb = 48;
    g.tdp_w = 300;
    g.idle_w = 25;
    g.price_usd = 7'000.5;
    g.mem_bw_gbs = 900;
    g.aliases = {"MYGPU"};
    g.provenance = {"quote", "2026-10-01", "estimate", "a reseller's quote"};
    Build b;
    b.id = "my-box";
    b.name = "Box";
    b.gpu = "my-gpu";
    b.gpu_count = 4;
    b.base_price_usd = 3'000;
    b.base_load_w = 400;
    b.base_idle_w = 90;
    b.setup_usd = 250;
    b.assumptions.set(AssumptionKey::pue, 1.3);
    b.provenance = {"quote", "2026-10", "", ""};
    CloudOffer o;
    o.id = "my-offer";
    o.provider = "Me";
    o.instance = "m.4x";
    o.region = "here";
    o.gpu = "my-gpu";
    o.gpu_count = 4;
    o.usd_per_hour[static_cast<std::size_t>(Pricing::spot)] = 3.25;
    o.provenance = {"price page", "2026-10-02", "", "spot only"};

    const Json doc = {{"schema_version", k_catalog_schema_version},
                      {"as_of", "2026-10-02"},
                      {"gpus", Json::array({write_gpu(g)})},
                      {"builds", Json::array({write_build(b)})},
                      {"cloud", Json::array({write_offer(o)})}};
    const Catalog read = parse_catalog_overlay(doc.dump(), "written.json", base);
    CHECK(read.warnings.empty());  // every key written is a schema key
    REQUIRE(read.gpus.size() == 1);
    CHECK(read.gpus[0].price_usd == 7'000.5);
    CHECK(read.gpus[0].aliases == g.aliases);
    CHECK(read.gpus[0].provenance.confidence == "estimate");
    REQUIRE(read.builds.size() == 1);
    CHECK(read.builds[0].gpu_count == 4);
    CHECK(read.builds[0].setup_usd == 250);
    CHECK(read.builds[0].assumptions.get(AssumptionKey::pue) == std::optional<AssumptionValue>(1.3));
    REQUIRE(read.cloud.size() == 1);
    CHECK(read.cloud[0].price(Pricing::spot) == 3.25);
    CHECK_FALSE(read.cloud[0].price(Pricing::on_demand).has_value());
    CHECK(read.cloud[0].provenance.note.str() == "spot only");
}

TEST_CASE("write_offer: absent prices, sourced confidence and an empty note are left out") {
    CloudOffer o;
    o.id = "x";
    o.usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)] = 2.0;
    o.provenance = {"s", "2026-01-01", "", ""};
    const Json j = write_offer(o);
    CHECK(j.at("usd_per_hour") == Json{{"on-demand", 2.0}});
    CHECK_FALSE(j.contains("confidence"));
    CHECK_FALSE(j.contains("note"));
    for (const auto& item : j.items())
        CHECK(std::find(k_cloud_keys.begin(), k_cloud_keys.end(), item.key()) != k_cloud_keys.end());
}
