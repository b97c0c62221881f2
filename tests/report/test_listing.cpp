// The listing and entry models of `catalog list` and `show`, from a small hand-built catalogue.
#include <catch2/catch.hpp>

#include "gpucost/report/listing.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;

namespace {

Gpu gpu(const std::string& id, const std::string& vendor, double vram_gb, double price_usd) {
    Gpu g;
    g.id = id;
    g.name = "GPU " + id;
    g.vendor = vendor;
    g.vram_gb = vram_gb;
    g.tdp_w = 700;
    g.idle_w = 60;
    g.price_usd = price_usd;
    g.provenance = {"test", "2026-01-31", "", ""};
    return g;
}

CloudOffer offer(const std::string& id, const std::string& gpu_id, std::int64_t gpus, std::optional<double> od,
                 std::optional<double> spot) {
    CloudOffer o;
    o.id = id;
    o.provider = "CloudOne";
    o.region = "us-east-1";
    o.gpu = gpu_id;
    o.gpu_count = gpus;
    o.usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)] = od;
    o.usd_per_hour[static_cast<std::size_t>(Pricing::spot)] = spot;
    o.provenance = {"test", "2026-05", "", ""};
    return o;
}

Catalog small_catalog() {
    Catalog c;
    c.origin = "hand-built";
    c.as_of = "2026-06-01";
    c.gpus = {gpu("big", "Zeta", 80, 25'000), gpu("small", "Alpha", 24, 2'000)};
    Build b;
    b.id = "box";
    b.gpu = "big";
    b.gpu_count = 8;
    b.gpu_price_usd = 20'000;  // a quote below the GPU's list price
    b.base_price_usd = 40'000;
    b.base_load_w = 1'500;
    b.base_idle_w = 300;
    b.assumptions.set(AssumptionKey::horizon_months, 48.0);  // held as months
    b.assumptions.set(AssumptionKey::pricing, Pricing::spot);
    Build one = b;
    one.id = "one";
    one.gpu = "small";
    one.gpu_count = 1;
    one.gpu_price_usd.reset();
    one.assumptions = {};
    c.builds = {b, one};
    c.cloud = {offer("x8", "big", 8, 40.0, 20.0), offer("x1", "big", 1, 6.0, std::nullopt),
               offer("s1", "small", 1, std::nullopt, 0.5)};
    return c;
}

}  // namespace

TEST_CASE("make_listing: build figures come from the engine's formulas") {
    const Listing l = make_listing(small_catalog(), {});
    REQUIRE(l.builds.size() == 2);
    const BuildRow& box = l.builds[1];  // builds sort by GPU count: one (1), box (8)
    CHECK(box.build.id == "box");
    CHECK(box.hardware_usd == 8 * 20'000.0 + 40'000);  // 8 x the quote 20,000 + base 40,000 = 200,000
    CHECK(box.load_w == 1'500 + 8 * 700.0);            // base 1,500 + 8 x 700 W = 7,100 W
    CHECK(box.idle_w == 300 + 8 * 60.0);               // base 300 + 8 x 60 W = 780 W
    CHECK(box.vram_gb == 80.0);
    const BuildRow& one = l.builds[0];
    CHECK(one.hardware_usd == 2'000.0 + 40'000);  // no quote: the GPU's catalogue price
    REQUIRE(box.assumptions.size() == 2);
    // In the assumption table's order; the horizon is written in years: 48 months / 12 = 4.
    CHECK(box.assumptions[0].name == "years");
    CHECK(std::get<double>(box.assumptions[0].value) == 4.0);
    CHECK(box.assumptions[1].name == "pricing");
    CHECK(std::get<std::string>(box.assumptions[1].value) == "spot");
    CHECK(one.assumptions.empty());
}

TEST_CASE("make_listing: offers sort by price per GPU-hour, unpriced last, and carry every pricing") {
    const Listing l = make_listing(small_catalog(), {});
    REQUIRE(l.cloud.size() == 3);
    // on-demand per GPU-hour: x8 40 / 8 = 5, x1 6 / 1 = 6, s1 none.
    CHECK(l.cloud[0].offer.id == "x8");
    CHECK(l.cloud[1].offer.id == "x1");
    CHECK(l.cloud[2].offer.id == "s1");
    CHECK(l.cloud[0].per_gpu_hour(Pricing::on_demand) == 5.0);
    CHECK(l.cloud[0].per_gpu_hour(Pricing::spot) == 2.5);  // 20 / 8
    CHECK_FALSE(l.cloud[2].per_gpu_hour(Pricing::on_demand).has_value());

    ListingFilter spot;
    spot.pricing = Pricing::spot;
    const Listing s = make_listing(small_catalog(), spot);
    REQUIRE(s.cloud.size() == 2);  // x1 has no spot price
    CHECK(s.pricing == Pricing::spot);
    CHECK(s.cloud[0].offer.id == "s1");  // 0.5 / 1 = 0.5 < x8's 20 / 8 = 2.5
    CHECK(s.cloud[1].offer.id == "x8");
}

TEST_CASE("make_listing: GPUs by vendor, filters by GPU and memory, sections, catalogue labels") {
    const Catalog c = small_catalog();
    const Listing all = make_listing(c, {});
    REQUIRE(all.gpus.size() == 2);
    CHECK(all.gpus[0].id == "small");  // vendor Alpha before Zeta
    CHECK(all.header.catalog_source == "hand-built");
    CHECK(all.header.catalog_as_of == "2026-06-01");

    ListingFilter big;
    big.min_vram_gb = 40;
    const Listing b = make_listing(c, big);
    CHECK(b.gpus.size() == 1);
    CHECK(b.builds.size() == 1);
    CHECK(b.cloud.size() == 2);

    ListingFilter only_cloud;
    only_cloud.sections = {false, false, true};
    only_cloud.gpu = "small";
    const Listing s = make_listing(c, only_cloud);
    CHECK(s.gpus.empty());
    CHECK(s.builds.empty());
    REQUIRE(s.cloud.size() == 1);
    CHECK(s.cloud[0].offer.id == "s1");
    CHECK_FALSE(s.sections.gpus);

    ListingFilter typo;
    typo.gpu = "bigg";
    CHECK_THROWS_WITH(make_listing(c, typo),
                      "--gpu: unknown GPU \"bigg\" (did you mean \"big\"?); `gpucost catalog list gpus` lists them");
}

TEST_CASE("make_entry: the entry found in any section, with its age in days") {
    const Catalog c = small_catalog();
    const Date today{2026, 6, 30};
    const CatalogEntry g = make_entry(c, "big", today);
    CHECK(g.section() == CatalogSection::gpus);
    CHECK(g.age_days == 150);  // 2026-01-31 to 2026-06-30: 28 + 31 + 30 + 31 + 30 days
    CHECK(g.header.catalog_source == "hand-built");

    const CatalogEntry o = make_entry(c, "x8", today);
    CHECK(o.section() == CatalogSection::cloud);
    CHECK(o.age_days == 60);  // "2026-05" reads as 2026-05-01, the oldest it can mean: 30 + 30 days
    CHECK(std::get<OfferRow>(o.entry).per_gpu_hour(Pricing::spot) == 2.5);

    const CatalogEntry b = make_entry(c, "box", today);
    CHECK(b.section() == CatalogSection::builds);
    CHECK(std::get<BuildRow>(b.entry).hardware_usd == 200'000.0);

    CHECK_THROWS_WITH(make_entry(c, "x9", today),
                      "unknown catalogue entry \"x9\" (did you mean \"x8\"?); `gpucost catalog list` lists them");
}

TEST_CASE("Catalog::find_entry and ids: every section, ids unique across them") {
    const Catalog c = small_catalog();
    REQUIRE(c.find_entry("box").has_value());
    CHECK(c.find_entry("box")->build == &c.builds[0]);
    CHECK(c.find_entry("box")->gpu == nullptr);
    CHECK_FALSE(c.find_entry("nothing").has_value());
    CHECK(c.ids(CatalogSection::cloud) == std::vector<std::string>{"x8", "x1", "s1"});
    CHECK(c.all_ids() == std::vector<std::string>{"big", "small", "box", "one", "x8", "x1", "s1"});
}
