// The renderers of `catalog list` and `show`, from hand-built listing and entry models: they only format.
#include <algorithm>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/render/listing.hpp"
#include "test_support.hpp"

using namespace gpucost;
using Json = nlohmann::ordered_json;

namespace {

Listing hand_built() {
    Listing l;
    l.header.catalog_source = "hand";
    l.header.catalog_as_of = "2026-06-01";
    Gpu g;
    g.id = "g1";
    g.name = "Gée";  // a multi-byte name: columns still line up
    g.vendor = "V";
    g.vram_gb = 80;
    g.tdp_w = 700;
    g.price_usd = 12'345.6;
    g.provenance = {"src", "2026-01", "estimate", "a guess"};
    l.gpus = {g};
    BuildRow b;
    b.build.id = "b1";
    b.build.gpu = "g1";
    b.build.gpu_count = 2;
    // Figures a renderer must show as given, not work out: 2 x 12,345.6 would be 24,691.2.
    b.hardware_usd = 99'999.4;
    b.load_w = 1'234.4;
    b.idle_w = 56;
    b.vram_gb = 80;
    b.assumptions = {{"years", 2.5}, {"pricing", std::string("spot")}};
    b.build.provenance = {"src", "2026-02-01", "", ""};
    l.builds = {b};
    OfferRow o;
    o.offer.id = "o1";
    o.offer.provider = "P";
    o.offer.region = "r";
    o.offer.gpu = "g1";
    o.offer.gpu_count = 8;
    o.offer.usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)] = 16.0;
    o.usd_per_gpu_hour[static_cast<std::size_t>(Pricing::on_demand)] = 2.0;  // 16 / 8
    o.offer.provenance = {"src", "2026-03-01", "", ""};
    l.cloud = {o};
    return l;
}

std::vector<std::string> keys_of(const Json& j) {
    std::vector<std::string> keys;
    for (const auto& item : j.items()) keys.push_back(item.key());
    return keys;
}

// The schema's keys in order, without `dropped`, with `added` inserted before `before`.
std::vector<std::string> schema_with(std::vector<std::string> keys, const std::vector<std::string>& dropped,
                                     const std::vector<std::string>& added, const std::string& before) {
    for (const std::string& d : dropped) keys.erase(std::find(keys.begin(), keys.end(), d));
    keys.insert(std::find(keys.begin(), keys.end(), before), added.begin(), added.end());
    return keys;
}

// The run header of a hand-built entry: the catalogue "hand".
RunHeader hand_header() {
    RunHeader header;
    header.command = "catalog show";
    header.catalog_as_of = "2026-06-01";
    header.catalog_source = "hand";
    return header;
}

template <typename Model>
std::string table_of(const Model& m) {
    RenderOptions wide;
    wide.wide = true;  // every column, no line wrapped: the lines as the model has them
    return render(m, Format::table, wide);
}
template <typename Model>
std::string csv_of(const Model& m) {
    return render(m, Format::csv);
}

}  // namespace

TEST_CASE("document_of(Listing) as text: model figures rounded, sections titled, code-point alignment") {
    const std::string t = table_of(hand_built());
    CHECK(t ==
          "GPUs (1)\n"
          "id  name  vendor  form  vram_gb  tdp_w  bf16_tflops    price  as_of    confidence\n"
          "g1  Gée   V       -          80    700            -  $12,346  2026-01  estimate\n"
          "\n"
          "Builds (1)\n"
          "id  gpus    link  hardware  load_w  idle_w  as_of       confidence\n"
          "b1  2 x g1  -      $99,999   1,234      56  2026-02-01\n"
          "\n"
          "Cloud offers (1)\n"
          "id  provider  region  tier  gpus    link  on-demand  spot  reserved-1y  reserved-3y  "
          "per_gpu_hour (on-demand)  "
          "as_of       confidence\n"
          "o1  P         r       -     8 x g1  -        $16.00     -            -            -                     "
          "$2.00  "
          "2026-03-01\n"
          "\n"
          "Catalogue: hand (as of 2026-06-01). Prices in USD; per-instance hourly prices; `gpucost catalog "
          "show ID` gives an entry's source and note.\n");
}

TEST_CASE("document_of(Listing) as text: a shown section without entries says so, a hidden one is left out") {
    Listing l = hand_built();
    l.builds.clear();
    l.sections.cloud = false;
    const std::string t = table_of(l);
    CHECK(t.find("Builds (0)\n  (none match)\n") != std::string::npos);
    CHECK(t.find("Cloud offers") == std::string::npos);
}

TEST_CASE("render_json(Listing): full precision, null for absent, derived figures after the entry's own") {
    const Json document = Json::parse(render_json(hand_built()));
    CHECK(document.at("schema_version") == 2);
    CHECK(document.at("catalog").at("source") == "hand");
    const Json& j = document.at("listing");
    const Json& g = j.at("gpus").at(0);
    CHECK(g.at("price_usd") == 12'345.6);
    CHECK(g.at("bf16_tflops").is_null());
    CHECK(g.at("confidence") == "estimate");
    const Json& b = j.at("builds").at(0);
    CHECK(b.at("hardware_usd") == 99'999.4);
    CHECK(b.at("assumptions") == Json{{"years", 2.5}, {"pricing", "spot"}});
    CHECK(b.at("confidence") == "sourced");  // empty confidence is the sourced default
    const Json& o = j.at("cloud").at(0);
    CHECK(o.at("pricing") == "on-demand");
    CHECK(o.at("usd_per_gpu_hour") == 2.0);
    CHECK(o.at("usd_per_hour").at("spot").is_null());

    // The entries are the catalogue schema's keys in its order (io/catalog_json_write.hpp), plus the figures
    // gpucost works out; a key added to the schema and not here fails this test.
    CHECK(keys_of(g) == schema_with(k_gpu_keys, {"spec_source"}, {}, "source"));
    CHECK(keys_of(b) == schema_with(k_build_keys, {}, {"hardware_usd"}, "assumptions"));
    CHECK(keys_of(o) == schema_with(k_cloud_keys, {}, {"pricing", "usd_per_gpu_hour"}, "source"));
    CHECK(keys_of(o.at("usd_per_hour")) == k_pricing_keys);
}

TEST_CASE("render_json(Listing): only the sections listed") {
    Listing l = hand_built();
    l.sections = {false, true, false};
    const Json j = Json::parse(render_json(l)).at("listing");
    CHECK(keys_of(j) == std::vector<std::string>{"builds"});
}

TEST_CASE("rows_of(Listing) as CSV: one header, a row per entry, exact numbers, empty cells") {
    Listing l = hand_built();
    l.sections.workloads = true;
    l.workloads = {Workload{"w1",
                            "Work",
                            "tokens/s",
                            {{"g1", 1234.5}, {"g2", 0.25}},
                            std::nullopt,
                            std::nullopt,
                            "",
                            0.0,
                            Provenance{"wsrc", "2026-04", "", ""}}};
    const std::string csv = csv_of(l);
    const std::string header = csv.substr(0, csv.find('\n'));
    // 34 columns: the like-for-like 8, then a workload's unit and figure at the end.
    CHECK(std::count(header.begin(), header.end(), ',') == 33);
    CHECK_THAT(header, Catch::EndsWith(",local_disk_tb,unit,throughput_per_gpu"));
    // The hand-built entries give none of the like-for-like fields: ten empty cells at the end of each row.
    CHECK(csv.find("\ngpus,g1,Gée,V,,,,,,80,700,0,12345.6,,,,,,,,2026-01,estimate,src,a guess,,,,,,,,,,\n") !=
          std::string::npos);
    CHECK(csv.find("\nbuilds,b1,,,,,,g1,2,80,,,,99999.4,,,,,,,2026-02-01,sourced,src,,,,,,,,,,,\n") !=
          std::string::npos);
    CHECK(csv.find("\ncloud,o1,,,P,,r,g1,8,,,,,,16,,,,on-demand,2,2026-03-01,sourced,src,,,,,,,,,,,\n") !=
          std::string::npos);
    // A workload: one row per GPU it measures, the figure exact, in the listing's order.
    CHECK_THAT(csv,
               Catch::EndsWith("\nworkloads,w1,Work,,,,,g1,,,,,,,,,,,,,2026-04,sourced,wsrc,,,,,,,,,,tokens/s,1234.5\n"
                               "workloads,w1,Work,,,,,g2,,,,,,,,,,,,,2026-04,sourced,wsrc,,,,,,,,,,tokens/s,0.25\n"));
}

TEST_CASE("document_of, rows_of, render_json(CatalogEntry): every format from one entry model") {
    const Listing l = hand_built();
    const CatalogEntry e{l.builds[0], 120, Date{2026, 6, 1}, hand_header()};
    const std::string table = table_of(e);
    CHECK(table.find("section:              builds\n") == 0);
    CHECK(table.find("hardware_usd:         99999.4\n") != std::string::npos);
    CHECK(table.find("assumptions.years:    2.5\n") != std::string::npos);
    CHECK(table.find("assumptions.pricing:  spot\n") != std::string::npos);
    CHECK(table.find("gpu_price_usd:        -\n") != std::string::npos);
    CHECK(table.find("age_days:             120 days (on 2026-06-01)\n") != std::string::npos);
    CHECK(table.find("today") == std::string::npos);  // said with the age

    const std::string csv = csv_of(e);
    CHECK(csv.find("field,value\nsection,builds\n") == 0);
    CHECK(csv.find("\ngpu_price_usd,\n") != std::string::npos);
    CHECK(csv.find("\nage_days,120\ntoday,2026-06-01\ncatalog_source,hand\n") != std::string::npos);

    const Json entry = Json::parse(render_json(e));
    CHECK(entry.at("schema_version") == 2);
    CHECK(entry.at("catalog").at("source") == "hand");
    const Json& j = entry.at("entry");
    CHECK(j.at("section") == "builds");
    CHECK(j.at("age_days") == 120);
    CHECK(keys_of(j).back() == "today");

    const CatalogEntry o{l.cloud[0], std::nullopt, Date{2026, 6, 1}, hand_header()};
    const Json oj = Json::parse(render_json(o)).at("entry");
    CHECK(oj.at("usd_per_gpu_hour").at("on-demand") == 2.0);  // every pricing, not the listing's one
    CHECK(oj.at("usd_per_gpu_hour").at("spot").is_null());
    CHECK(oj.at("age_days").is_null());
    CHECK_FALSE(oj.contains("pricing"));
    CHECK(table_of(o).find("age_days:                      -\n") != std::string::npos);
}

TEST_CASE("render(Listing), render(CatalogEntry): every format but svg through the dispatcher") {
    const Listing l = hand_built();
    CHECK(render(l, Format::csv, {}) == csv_of(l));
    CHECK(render(l, Format::json, {}) == render_json(l));
    CHECK(render(l, Format::tsv, {}) == gpucost::test::tsv_from_csv(csv_of(l)));
    CHECK_THROWS_AS(render(l, Format::svg, {}), UsageError);
    const CatalogEntry e{l.gpus[0], 3, Date{2026, 1, 4}, hand_header()};
    CHECK(render(e, Format::table, {}) == table_of(e));
    CHECK(render(e, Format::markdown, {}).find("## g1\n\n| field | value |\n| --- | --- |\n| section | gpus |\n") == 0);
    CHECK_THROWS_AS(render(e, Format::svg, {}), UsageError);
}

TEST_CASE("catalog list in another currency: prices and derived figures converted, CSV columns renamed (goldens)") {
    RenderOptions o;
    o.currency = Currency{"EUR", 0.5};  // 12,345.6 x 0.5 = 6,172.8 -> EUR 6,173; 16 x 0.5 = 8 -> EUR 8.00
    const Listing l = hand_built();
    gpucost::test::check_golden("listing_hand_eur.txt", render(l, Format::table, o));
    gpucost::test::check_golden("listing_hand_eur.md", render(l, Format::markdown, o));
    gpucost::test::check_golden("listing_hand_eur.csv", render(l, Format::csv, o));
    const std::string table = render(l, Format::table, o);
    CHECK(table.find("EUR 6,173") != std::string::npos);
    CHECK(table.find("EUR 8.00") != std::string::npos);
    CHECK(table.find("Prices in EUR;") != std::string::npos);
    const std::string csv = render(l, Format::csv, o);
    CHECK(csv.find(",price_eur,hardware_eur,on_demand_eur_per_hour,") != std::string::npos);
    CHECK(csv.find(",49999.7,") != std::string::npos);  // 99,999.4 x 0.5
}
