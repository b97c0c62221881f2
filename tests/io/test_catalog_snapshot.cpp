// The embedded catalogue's build-time snapshot (io/catalog_snapshot.hpp, issue 21's start-up): the tripwire that
// holds the snapshot equal, field for field, to the catalogue gpucost parses from the same JSON, so a field added to
// the model but not to the snapshot's `fields` fails here (the structs' defaulted operator== sees every field).
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_snapshot.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"

using namespace gpucost;

namespace {

RangeEntry range_entry(const std::string& id) {
    RangeEntry r;
    r.address_text = "gpu:" + id + "/price_usd";
    r.address = {AddressKind::gpu, AssumptionKey::pue, id, "price_usd", Pricing::spot};
    r.range = {1.0, 3.0, 2.5, RangeDist::pert};
    r.origin = "overlay o.json";
    r.file = "o.json";
    r.pointer = "/gpus/0/ranges/price_usd";
    return r;
}

Provenance provenance(const std::string& what) { return {"https://example.com/" + what, "2026-11", "estimate", what}; }

// One entry of each kind with every optional field set and every field away from its default, so a field the
// snapshot drops or mixes up cannot go unseen.
Catalog every_field_set() {
    Catalog c;
    c.schema_version = 1;
    c.as_of = "2026-11-30";
    c.currency = "EUR";
    c.origin = "hand";
    c.assumptions.origin = "catalogue";
    c.assumptions.set(AssumptionKey::pue, AssumptionValue{1.4});
    c.assumptions.set(AssumptionKey::pricing, AssumptionValue{Pricing::reserved_3y});
    c.assumptions.set(AssumptionKey::tax_timing, AssumptionValue{TaxTiming::year_end});
    c.assumptions.sources[1] = "a source";
    c.assumptions.origins[2] = "overlay x";
    c.assumptions.sourced = true;
    c.assumption_ranges = {range_entry("a")};
    Gpu g{"g",
          "G",
          "V",
          80,
          700,
          90,
          30'000,
          989,
          67,
          3'350,
          {"g-alias"},
          FormFactor::oam,
          900,
          provenance("g"),
          {range_entry("g")}};
    c.gpus = {g};
    Build b;
    b = {"b",
         "B",
         "g",
         8,
         25'000,
         1'000,
         2'000,
         300,
         500,
         Interconnect::nvswitch,
         4,
         {true, false, true},
         c.assumptions,
         provenance("b"),
         {range_entry("b")}};
    c.builds = {b};
    CloudOffer o;
    o.id = "o";
    o.provider = "p";
    o.instance = "i";
    o.region = "r";
    o.gpu = "g";
    o.gpu_count = 8;
    o.usd_per_hour = {1.0, 0.5, std::nullopt, 0.25};
    o.interconnect = Interconnect::nvlink;
    o.tier = OfferTier::hyperscaler;
    o.vcpus = 96;
    o.ram_gib = 1'024;
    o.local_disk_tb = 7.6;
    o.storage_usd_per_tb_month = 20;
    o.compliance = OfferCompliance{{false, true, true}, "https://example.com/trust", "2026-10"};
    o.provenance = provenance("o");
    o.ranges = {range_entry("o")};
    c.cloud = {o};
    c.workloads = {{"w", "W", "tokens/s", {{"g", 1'234.5}}, 40, 2, "llama-3-8b-instruct", 1.5, provenance("w")}};
    ApiOffer api;
    api.id = "api";
    api.provider = "P";
    api.model = "llama-3-8b-instruct";
    api.api_model = "p.llama3-8b";
    api.usd_per_million_input_tokens = 0.3;
    api.usd_per_million_output_tokens = 0.6;
    api.compliance = OfferCompliance{{true, false, false}, "https://example.com/baa", "2026-06"};
    api.provenance = provenance("api");
    c.api_offers = {api};
    c.warnings = {{"/gpus/0/colour", "unknown key"}};
    return c;
}

}  // namespace

TEST_CASE("load_embedded_catalog: the build-time snapshot equals the embedded JSON parsed, field for field",
          "[snapshot]") {
    // The tripwire: gpucost loads the snapshot; `catalog validate` and every --catalog file still parse JSON.
    const Catalog parsed = parse_embedded_catalog(embedded_catalog_json());
    const Catalog loaded = load_embedded_catalog();
    CHECK(loaded.gpus.size() == parsed.gpus.size());
    CHECK(loaded.cloud.size() == parsed.cloud.size());
    CHECK(loaded == parsed);
    CHECK(loaded.origin == "embedded");
    // The comparison sees a field deep inside an entry: the tripwire can fail.
    Catalog changed = loaded;
    REQUIRE_FALSE(changed.cloud.empty());
    changed.cloud.back().provenance.note = changed.cloud.back().provenance.note.str() + ".";
    CHECK_FALSE(changed == parsed);
}

TEST_CASE("read_catalog_snapshot reads back every field write_catalog_snapshot wrote", "[snapshot]") {
    const Catalog c = every_field_set();
    const Catalog back = read_catalog_snapshot(write_catalog_snapshot(c));
    CHECK(back == c);
    CHECK(back.builds.at(0).assumptions.get(AssumptionKey::pricing) == AssumptionValue{Pricing::reserved_3y});
    CHECK(back.cloud.at(0).compliance->source.str() == "https://example.com/trust");
    CHECK(back.workloads.at(0).per_gpu.at(0).throughput == 1'234.5);
    // Empty optionals and sections come back empty, not defaulted.
    const Catalog empty;
    CHECK(read_catalog_snapshot(write_catalog_snapshot(empty)) == empty);
}

TEST_CASE("read_catalog_snapshot: equal shared texts come back as one buffer, written once", "[snapshot]") {
    Catalog c = every_field_set();
    CloudOffer twin = c.cloud.at(0);
    twin.id = "twin";
    twin.provenance.source = c.cloud.at(0).provenance.source.str();  // equal text, its own buffer (str() copies)
    c.cloud.push_back(twin);
    REQUIRE_FALSE(c.cloud.at(1).provenance.source.shares(c.cloud.at(0).provenance.source));
    const std::string bytes = write_catalog_snapshot(c);
    const Catalog back = read_catalog_snapshot(bytes);
    CHECK(back == c);
    CHECK(back.cloud.at(1).provenance.source.shares(back.cloud.at(0).provenance.source));
    CHECK_FALSE(back.cloud.at(1).provenance.note.empty());
    // The second copy of the text costs its 4-byte number, not the text: the text appears once in the bytes.
    const std::string& text = c.cloud.at(0).provenance.source.str();
    REQUIRE(text.size() > 8);
    CHECK(bytes.find(text) != std::string::npos);
    CHECK(bytes.find(text, bytes.find(text) + 1) == std::string::npos);
}

TEST_CASE("read_catalog_snapshot from static storage reads each shared text where it lies", "[snapshot]") {
    const Catalog c = every_field_set();
    const std::string bytes = write_catalog_snapshot(c);  // outlives `in_place`, as static storage would
    const Catalog in_place = read_catalog_snapshot(bytes, SnapshotStorage::static_storage);
    CHECK(in_place == c);
    const auto lies_in = [](const SharedText& text, std::string_view storage) {
        return text.view().data() >= storage.data() && text.view().data() < storage.data() + storage.size();
    };
    const SharedText& source = in_place.cloud.at(0).provenance.source;
    REQUIRE_FALSE(source.empty());
    CHECK(lies_in(source, bytes));
    CHECK(source.c_str()[source.size()] == '\0');
    // A temporary snapshot's texts are copied out of it.
    CHECK_FALSE(lies_in(read_catalog_snapshot(bytes).cloud.at(0).provenance.source, bytes));
    // The embedded catalogue is read in place: its sources cost no heap.
    const Catalog shipped = load_embedded_catalog();
    REQUIRE_FALSE(shipped.cloud.empty());
    CHECK(lies_in(shipped.cloud.front().provenance.source, embedded_catalog_snapshot()));
    CHECK(lies_in(shipped.builds.front().provenance.source, embedded_catalog_snapshot()));
}

TEST_CASE("read_catalog_snapshot refuses a damaged or foreign snapshot with a DataError", "[snapshot]") {
    const std::string bytes = write_catalog_snapshot(every_field_set());
    for (const std::size_t size : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
        INFO("first " << size << " bytes");
        CHECK_THROWS_AS(read_catalog_snapshot(std::string_view(bytes).substr(0, size)), DataError);
    }
    CHECK_THROWS_AS(read_catalog_snapshot(bytes + "x"), DataError);  // bytes left over
    std::string foreign = bytes;
    foreign[0] = 'G';
    CHECK_THROWS_AS(read_catalog_snapshot(foreign), DataError);
    // A shared text without the NUL that lets a reader use it in place.
    const std::string text = every_field_set().cloud.at(0).provenance.source.str();
    std::string unterminated = bytes;
    const std::size_t at = unterminated.find(text);
    REQUIRE(at != std::string::npos);
    REQUIRE(unterminated.at(at + text.size()) == '\0');
    unterminated[at + text.size()] = 'x';
    CHECK_THROWS_AS(read_catalog_snapshot(unterminated), DataError);
}
