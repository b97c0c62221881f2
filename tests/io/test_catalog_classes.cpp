// The like-for-like fields and workloads of issue 12 in the catalogue reader and writer: what they read as, their
// defaults when left out, every bad value reported at its path, the writer's round trip and the overlay merge.
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

Catalog fixture() {
    return parse_catalog(test::read_file(test::test_path("data/match_catalog.json")), "match_catalog.json");
}

// The problems a catalogue text is refused with, "path: message" each, or "" when it loads.
std::string problems_of(const std::string& text) { return test::catalog_problems(text); }

// One GPU, one build of `build_extra` and one offer of `offer_extra` (JSON members with a leading comma), and
// `rest` at the root.
std::string catalogue(const std::string& gpu_extra, const std::string& build_extra, const std::string& offer_extra,
                      const std::string& rest = "") {
    return R"({"schema_version": 1, "as_of": "2026-11", "gpus": [{"id": "g", "name": "G", "vendor": "V",
        "vram_gb": 24, "tdp_w": 450, "idle_w": 20, "price_usd": 1000, "mem_bw_gbs": 1000, "source": "s", "as_of": "2026-01")" +
           gpu_extra + R"(}], "builds": [{"id": "b", "name": "B", "gpu": "g", "gpu_count": 4, "base_price_usd": 1,
        "base_load_w": 1, "base_idle_w": 1, "setup_usd": 0, "source": "s", "as_of": "2026-01")" +
           build_extra + R"(}], "cloud": [{"id": "o", "provider": "P", "instance": "i", "region": "r", "gpu": "g",
        "gpu_count": 8, "usd_per_hour": {"on-demand": 1}, "source": "s", "as_of": "2026-01")" +
           offer_extra + "}]" + rest + "}";
}

}  // namespace

TEST_CASE("parse_catalog reads form_factor, nvlink_gbs, interconnect, gpus_per_node, tier and the instance sizes") {
    const Catalog c = fixture();
    const Gpu& h = *c.find_gpu("gpu-h");
    CHECK(h.form_factor == FormFactor::sxm);
    CHECK(h.nvlink_gbs == 900.0);
    CHECK(c.find_gpu("gpu-c")->form_factor == FormFactor::consumer);
    const Build& hgx = *c.find_build("hgx-8");
    CHECK(hgx.interconnect == Interconnect::nvswitch);
    CHECK(gpus_per_node_of(hgx) == 8);
    const CloudOffer& o = *c.find_offer("h-8x-cloud");
    CHECK(o.interconnect == Interconnect::nvswitch);
    CHECK(o.tier == OfferTier::gpu_cloud);
    CHECK(o.vcpus == 208);
    CHECK(o.ram_gib == 1800.0);
    CHECK(o.local_disk_tb == 20.0);
    CHECK(c.find_offer("h-8x-hyper")->tier == OfferTier::hyperscaler);
    CHECK(c.find_offer("h-1x-market")->tier == OfferTier::marketplace);
}

TEST_CASE("parse_catalog reads workloads: per-GPU figures in file order, unknown GPUs are unknown") {
    const Catalog c = fixture();
    REQUIRE(c.workloads.size() == 2);
    const Workload& w = *c.find_workload("llm-infer");
    CHECK(w.unit == "tokens/s");
    CHECK(w.provenance.source.str() == "fixture");
    REQUIRE(w.per_gpu.size() == 3);
    CHECK(w.per_gpu[0].gpu == "gpu-h");
    CHECK(w.throughput("gpu-c") == 1000.0);
    // fp64-hpc does not list gpu-c: unknown, never assumed equal to another GPU's figure.
    CHECK_FALSE(c.find_workload("fp64-hpc")->throughput("gpu-c").has_value());
    CHECK(c.find_workload("nope") == nullptr);
    CHECK(workload_rate_unit("tokens/s") == "tokens");
    CHECK(workload_rate_unit("/s").empty());
    CHECK(workload_rate_unit("TFLOPS").empty());
}

TEST_CASE("a catalogue without the like-for-like fields loads with the documented defaults") {
    const Catalog c = parse_catalog(catalogue("", "", ""), "t.json");
    CHECK_FALSE(c.gpus[0].form_factor.has_value());
    CHECK(nvlink_gbs_of(c.gpus[0]) == 0.0);
    CHECK(interconnect_of(c.builds[0]) == Interconnect::pcie);
    CHECK(interconnect_of(c.cloud[0]) == Interconnect::pcie);
    CHECK(gpus_per_node_of(c.builds[0]) == 4);  // gpu_count 4, under the cap of 8
    CHECK_FALSE(c.cloud[0].tier.has_value());
    CHECK(c.workloads.empty());
    Build big = c.builds[0];
    big.gpu_count = 64;
    CHECK(gpus_per_node_of(big) == 8);  // a 64-GPU cluster needs 8-GPU nodes, not one 64-GPU machine
}

TEST_CASE("like_for_like_gaps lists what a shipped catalogue gives and this one leaves out") {
    const Catalog c = parse_catalog(catalogue("", "", ""), "t.json");
    std::string out;
    for (const Problem& p : like_for_like_gaps(c)) out += p.path + ": " + p.message + "\n";
    CHECK(out == "/gpus/0/form_factor: missing; read as unknown\n"
                 "/gpus/0/nvlink_gbs: missing; read as 0 (no NVLink)\n"
                 "/builds/0/interconnect: missing; read as pcie\n"
                 "/builds/0/gpus_per_node: missing; read as gpu_count, up to 8\n"
                 "/cloud/0/tier: missing; read as unclassified (no --tier keeps it)\n"
                 "/cloud/0/interconnect: missing; read as pcie\n");
    // The fixture gives every field; its 1-GPU build and 1-GPU offers need no interconnect.
    CHECK(like_for_like_gaps(fixture()).empty());
}

TEST_CASE("bad like-for-like values are errors at their paths, with the valid choices") {
    CHECK(problems_of(catalogue(R"(, "form_factor": "sxm5", "nvlink_gbs": -1)", "", "")) ==
          "/gpus/0/form_factor: must be one of pcie, sxm, oam, nvl, consumer, got \"sxm5\" (did you mean \"sxm\"?)\n"
          "/gpus/0/nvlink_gbs: must be in [0, 100000] GB/s, got -1\n");
    CHECK(problems_of(catalogue("", R"(, "interconnect": "nvlinks", "gpus_per_node": 5)", "")) ==
          "/builds/0/interconnect: must be one of pcie, nvlink, nvswitch, got \"nvlinks\" (did you mean "
          "\"nvlink\"?)\n"
          "/builds/0/gpus_per_node: must be 1 to gpu_count (4), got 5\n");
    CHECK(problems_of(catalogue("", "", R"(, "tier": "cloud", "vcpus": 0, "ram_gib": 0, "local_disk_tb": -2)")) ==
          "/cloud/0/tier: must be one of marketplace, gpu-cloud, hyperscaler, got \"cloud\" (did you mean "
          "\"gpu-cloud\"?)\n"
          "/cloud/0/vcpus: must be in [1, 100000], got 0\n"
          "/cloud/0/ram_gib: must be in (0, 1000000] GiB, got 0\n"
          "/cloud/0/local_disk_tb: must be in [0, 100000] TB, got -2\n");
}

TEST_CASE("bad workloads are errors at their paths: unknown GPU, throughput <= 0, no source, duplicate id") {
    const std::string workloads = R"(, "workloads": [
        {"id": "w", "name": "W", "unit": "tokens/s", "per_gpu": {"g": 10, "gg": 5, "h": 0}, "as_of": "2026-01"},
        {"id": "w", "name": "W2", "unit": "u", "per_gpu": {}, "source": "s", "as_of": "2026-13"},
        {"id": "v", "name": "V", "per_gpu": [1], "source": "s", "as_of": "2026-01"},
        {"id": "u", "name": "U", "unit": "TFLOPS", "per_gpu": {"g": 1}, "source": "s", "as_of": "2026-01"}])";
    CHECK(problems_of(catalogue("", "", "", workloads)) ==
          "/workloads/0/per_gpu/gg: unknown GPU \"gg\" (did you mean \"g\"?)\n"
          "/workloads/0/per_gpu/h: unknown GPU \"h\" (did you mean \"g\"?)\n"
          "/workloads/0/source: missing; expected a non-empty string\n"
          "/workloads/1/unit: must be a rate per second, \"<unit of work>/s\" (tokens/s, images/s, GFLOP/s), got "
          "\"u\"\n"
          "/workloads/1/per_gpu: is empty; list the throughput per GPU of at least one GPU\n"
          "/workloads/1/as_of: must be a date YYYY-MM-DD or YYYY-MM, got \"2026-13\"\n"
          "/workloads/1/id: duplicate workload id \"w\" (first at /workloads/0)\n"
          "/workloads/2/unit: missing; expected a non-empty string\n"
          "/workloads/2/per_gpu: must be an object of GPU id to throughput per GPU, got an array\n"
          "/workloads/3/unit: must be a rate per second, \"<unit of work>/s\" (tokens/s, images/s, GFLOP/s), got "
          "\"TFLOPS\"\n");
    CHECK(problems_of(catalogue("", "", "", R"(, "workloads": [{"id": "w", "name": "W", "unit": "u/s",
        "per_gpu": {"g": 0}, "source": "s", "as_of": "2026-01"}])")) ==
          "/workloads/0/per_gpu/g: must be in (0, 1000000000000], got 0\n");
    CHECK(problems_of(catalogue("", "", "", R"(, "workloads": {})")) == "/workloads: must be a list, got an object\n");
}

TEST_CASE("the writer writes the new fields and workloads back to equal entries") {
    const Catalog c = fixture();
    nlohmann::ordered_json doc = {{"schema_version", 1}, {"as_of", "2026-11-30"}};
    for (const Gpu& g : c.gpus) doc["gpus"].push_back(write_gpu(g));
    for (const Build& b : c.builds) doc["builds"].push_back(write_build(b));
    for (const CloudOffer& o : c.cloud) doc["cloud"].push_back(write_offer(o));
    for (const Workload& w : c.workloads) doc["workloads"].push_back(write_workload(w));
    const Catalog back = parse_catalog(doc.dump(), "back");
    CHECK(back.gpus[0].form_factor == c.gpus[0].form_factor);
    CHECK(back.gpus[0].nvlink_gbs == c.gpus[0].nvlink_gbs);
    CHECK(back.builds[0].interconnect == c.builds[0].interconnect);
    CHECK(back.builds[0].gpus_per_node == c.builds[0].gpus_per_node);
    CHECK_FALSE(back.builds[2].gpus_per_node.has_value());  // left out stays left out
    CHECK(back.cloud[2].tier == c.cloud[2].tier);
    CHECK(back.cloud[2].vcpus == c.cloud[2].vcpus);
    CHECK(back.cloud[2].ram_gib == c.cloud[2].ram_gib);
    CHECK(back.cloud[2].local_disk_tb == c.cloud[2].local_disk_tb);
    CHECK_FALSE(back.cloud[4].interconnect.has_value());
    REQUIRE(back.workloads.size() == 2);
    CHECK(back.workloads[1].per_gpu.size() == 2);
    CHECK(back.workloads[1].throughput("gpu-p") == 900.0);
    CHECK(write_offer(c.cloud[2]).dump() == write_offer(back.cloud[2]).dump());
    CHECK(write_workload(c.workloads[0]).dump() ==
          R"({"id":"llm-infer","name":"Fixture LLM inference","unit":"tokens/s","per_gpu":{"gpu-h":3000.0,)"
          R"("gpu-c":1000.0,"gpu-p":1200.0},"source":"fixture","as_of":"2026-01-15"})");
}

TEST_CASE("an overlay's workloads replace the catalogue's by id and may name the overlay's own GPUs") {
    Catalog c = fixture();
    const std::string overlay =
        R"({"gpus": [{"id": "gpu-n", "name": "N", "vendor": "V", "vram_gb": 96, "tdp_w": 600, "idle_w": 60,
        "price_usd": 9000, "mem_bw_gbs": 1800, "source": "s", "as_of": "2026-02"}],
        "workloads": [{"id": "llm-infer", "name": "Replaced", "unit": "tokens/s", "per_gpu": {"gpu-n": 2000,
        "gpu-h": 3100}, "source": "s2", "as_of": "2026-02"},
        {"id": "new-w", "name": "New", "unit": "images/s", "per_gpu": {"gpu-c": 3}, "source": "s3", "as_of": "2026-02"}]})";
    merge_catalog(c, parse_catalog_overlay(overlay, "o.json", c));
    REQUIRE(c.workloads.size() == 3);
    CHECK(c.workloads[0].name == "Replaced");
    CHECK(c.workloads[0].throughput("gpu-n") == 2000.0);
    CHECK_FALSE(c.workloads[0].throughput("gpu-c").has_value());  // replaced whole, not key by key
    CHECK(c.workloads[2].id == "new-w");
    CHECK(c.find_workload("fp64-hpc") != nullptr);
}

TEST_CASE("a workload's memory per instance and widest split, an offer's compliance and a build's require") {
    const std::string workloads = R"(, "workloads": [{"id": "w", "name": "W", "unit": "tokens/s", "per_gpu": {"g": 10},
        "memory_gb_per_instance": 43, "max_gpus_per_instance": 8, "source": "s", "as_of": "2026-01"}])";
    const Catalog c = parse_catalog(
        catalogue("", R"(, "require": ["soc2"])",
                  R"(, "compliance": {"attributes": ["hipaa-baa", "iso27001"], "source": "https://p.example/trust",
                  "as_of": "2026-11-30"})",
                  workloads),
        "t.json");
    CHECK(c.workloads[0].memory_gb_per_instance == 43.0);
    CHECK(c.workloads[0].max_gpus_per_instance == 8);
    CHECK(c.builds[0].require == ComplianceSet{false, true, false});
    REQUIRE(c.cloud[0].compliance.has_value());
    CHECK(c.cloud[0].compliance->attributes == ComplianceSet{true, false, true});
    CHECK(c.cloud[0].compliance->source.str() == "https://p.example/trust");
    CHECK(c.cloud[0].compliance->as_of == "2026-11-30");
    // The writer gives them back.
    CHECK(write_offer(c.cloud[0])["compliance"].dump() ==
          R"({"attributes":["hipaa-baa","iso27001"],"source":"https://p.example/trust","as_of":"2026-11-30"})");
    CHECK(write_build(c.builds[0])["require"].dump() == R"(["soc2"])");
    CHECK(write_workload(c.workloads[0])["memory_gb_per_instance"] == 43.0);
    CHECK(write_workload(c.workloads[0])["max_gpus_per_instance"] == 8);
    // Left out, they stay empty: no memory need, no attribute known, nothing required.
    const Catalog plain = parse_catalog(catalogue("", "", ""), "t.json");
    CHECK_FALSE(plain.cloud[0].compliance.has_value());
    CHECK(plain.builds[0].require == ComplianceSet{});
}

TEST_CASE("bad memory needs and compliance attributes are errors naming the field, the value and the valid range") {
    CHECK(problems_of(catalogue("", "", "", R"(, "workloads": [{"id": "w", "name": "W", "unit": "u/s",
        "per_gpu": {"g": 1}, "memory_gb_per_instance": -40, "source": "s", "as_of": "2026-01"},
        {"id": "v", "name": "V", "unit": "u/s", "per_gpu": {"g": 1}, "max_gpus_per_instance": 0, "source": "s",
        "as_of": "2026-01"}])")) == "/workloads/0/memory_gb_per_instance: must be in (0, 100000] GB, got -40\n"
                                    "/workloads/1/max_gpus_per_instance: must be in [1, 1000000], got 0\n");
    CHECK(problems_of(catalogue("", "", "", R"(, "workloads": [{"id": "w", "name": "W", "unit": "u/s",
        "per_gpu": {"g": 1}, "max_gpus_per_instance": 2, "source": "s", "as_of": "2026-01"}])")) ==
          "/workloads/0/max_gpus_per_instance: is given without memory_gb_per_instance; state the memory one "
          "instance needs, or drop it\n");
    CHECK(problems_of(catalogue("", R"(, "require": ["hipaa"])",
                                R"(, "compliance": {"attributes": ["soc-2"], "as_of": "2026-11"})")) ==
          "/builds/0/require/0: must be one of hipaa-baa, soc2, iso27001, got \"hipaa\" (did you mean "
          "\"hipaa-baa\"?)\n"
          "/cloud/0/compliance/attributes/0: must be one of hipaa-baa, soc2, iso27001, got \"soc-2\" (did you mean "
          "\"soc2\"?)\n"
          "/cloud/0/compliance/source: missing; expected a non-empty string\n");
    CHECK(problems_of(catalogue("", "", R"(, "compliance": ["soc2"])")) ==
          "/cloud/0/compliance: must be an object {\"attributes\": [...], \"source\": ..., \"as_of\": ...}, got an "
          "array\n");
}
