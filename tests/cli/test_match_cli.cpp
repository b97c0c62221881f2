// Like for like on the command line (issue 12): tests/data/match_catalog.json at 168 h/week for 10 months, so a
// cloud total's compute is 7,300 h x instances x the hourly price (730 used hours a month); and the shipped
// catalogue, whose multi-GPU builds must each find an offer of their own shape.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "gpucost/engine/matching.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using gpucost::test::check_golden;
using gpucost::test::run_gpucost;
using gpucost::test::run_ok;
using Json = nlohmann::json;
using Catch::Matchers::Contains;

namespace {

const std::string k_match = "data/match_catalog.json";

// compare on the fixture at 168 h/week for 10 months, with `extra`.
std::vector<std::string> on_fixture(const std::string& command, std::vector<std::string> extra) {
    std::vector<std::string> args = {command, "--catalog", k_match, "--hours-per-week", "168", "--months", "10"};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

Json json_of(const std::vector<std::string>& args) {
    std::vector<std::string> with = args;
    with.insert(with.end(), {"--format", "json"});
    return Json::parse(gpucost::test::json_flattened(run_ok(with).out));
}

}  // namespace

TEST_CASE("compare --build: every format names the match level, the offer's tier and the best offer of each tier") {
    // hgx-8 (8 x gpu-h, NVSwitch): h-1x-market (1 GPU) and h-8x-pcie (PCIe) are left out; h-8x-cloud at $24/h
    // (7,300 h x $24 = $175,200 before discounting) beats h-8x-hyper at $55/h.
    const std::vector<std::string> args = on_fixture("compare", {"--build", "hgx-8"});
    check_golden("match_hgx8.txt", run_ok(args).out);
    for (const auto& [format, golden] : std::vector<std::pair<std::string, std::string>>{
             {"json", "match_hgx8.json"}, {"csv", "match_hgx8.csv"}, {"markdown", "match_hgx8.md"}}) {
        std::vector<std::string> with = args;
        with.insert(with.end(), {"--format", format});
        check_golden(golden, run_ok(with).out);
    }
    std::vector<std::string> html = args;
    html.insert(html.end(), {"--format", "html"});
    const std::string page = run_ok(html).out;
    CHECK_THAT(page, Contains("<p>Match: like-for-like (the build&#39;s GPU model, its GPUs per machine in one "
                              "instance, its interconnect); offer tier: gpu-cloud.</p>"));
    CHECK_THAT(page, Contains("<td>h-8x-hyper</td>"));
    const Json report = json_of(args);
    const Json& m = report["comparisons"][0]["match"];
    CHECK(m["level"] == "like-for-like");
    CHECK(m["offer_tier"] == "gpu-cloud");
    REQUIRE(m["tier_offers"].size() == 2);  // no marketplace offer holds 8 NVSwitch-linked GPUs
    CHECK(m["tier_offers"][0]["cloud_id"] == "h-8x-cloud");
    CHECK(m["tier_offers"][0]["chosen"] == true);
    CHECK(m["tier_offers"][1]["cloud_id"] == "h-8x-hyper");
    // The hyperscaler's compute against the chosen one's: $55 / $24 of it, the other cloud costs being equal.
    const Json& cloud = report["comparisons"][0]["cloud"];
    const double compute = cloud["breakdown_usd"]["compute"].get<double>();
    const double other = cloud["total_usd"].get<double>() - compute;
    CHECK(m["tier_offers"][1]["cloud_total_usd"].get<double>() == Approx(compute * 55.0 / 24.0 + other));
    CHECK(report["excluded"] == Json::parse(R"([
        {"kind": "offer", "id": "h-1x-market", "build_id": "hgx-8", "rule": "gpus-per-node",
         "reason": "1 GPU per instance; like-for-like needs 8 GPUs in one machine over nvswitch"},
        {"kind": "offer", "id": "h-8x-pcie", "build_id": "hgx-8", "rule": "interconnect",
         "reason": "interconnect pcie is weaker than the build's nvswitch"}])"));
}

TEST_CASE("compare --match gpu gives gpucost 1's choice, and like-for-like never rents an 8-GPU build as 1-GPU pods") {
    const Json old = json_of(on_fixture("compare", {"--build", "hgx-8", "--match", "gpu"}));
    const Json& c = old["comparisons"][0];
    CHECK(c["cloud"]["id"] == "h-1x-market");  // 8 instances x $2 = $16/h, the cheapest per GPU-hour
    CHECK(c["cloud"]["instances"] == 8);
    CHECK(c["match"]["level"] == "gpu");
    CHECK(old["excluded"] == Json::array());
    // Every build of the fixture and of the shipped catalogue: --match gpu is the engine's cheapest_offer().
    for (const gpucost::Catalog& catalog :
         {gpucost::parse_catalog(gpucost::test::read_file(k_match), k_match), gpucost::load_embedded_catalog()}) {
        for (const gpucost::Build& b : catalog.builds) {
            INFO(b.id);
            gpucost::ComparisonRequest request;
            request.build_id = b.id;
            request.match.level = gpucost::MatchLevel::gpu;
            const gpucost::Report r = gpucost::build_report(catalog, request);
            const gpucost::Comparison& cmp = r.comparisons.front();
            const gpucost::OfferMatch v1 = gpucost::cheapest_offer(catalog.cloud, b.gpu, cmp.build_spec,
                                                                   cmp.assumptions.values, gpucost::OfferFilters{});
            REQUIRE(v1.offer != nullptr);
            CHECK(cmp.offer.id == v1.offer->id);
            CHECK(cmp.result.cloud.total_usd == v1.cloud_total_usd);
        }
    }
    for (const char* level : {"like-for-like", "gpu"}) {
        const Json ranked = json_of(on_fixture("compare", {"--match", level}));
        for (const Json& cmp : ranked["comparisons"])
            if (cmp["build"]["id"] == "hgx-8")
                CHECK(cmp["cloud"]["gpus_per_instance"] == (std::string(level) == "gpu" ? 1 : 8));
    }
}

TEST_CASE("compare --match any --workload: n = ceil(g x T_b / (c x T_c)) instances of another GPU model") {
    // one-p (1 x gpu-p, 1,200 tokens/s) in the marketplace tier: c-1x-market (gpu-c, 1,000 tokens/s, $0.40/h) needs
    // ceil(1 x 1200 / (1 x 1000)) = 2 instances, $0.80/h; h-1x-market (gpu-h, 3,000) ceil(1200 / 3000) = 1, $2/h.
    const std::vector<std::string> args = on_fixture(
        "compare", {"--build", "one-p", "--match", "any", "--workload", "llm-infer", "--tier", "marketplace"});
    check_golden("match_any_one_p.txt", run_ok(args).out);
    const Json report = json_of(args);
    const Json& c = report["comparisons"][0];
    CHECK(c["cloud"]["id"] == "c-1x-market");
    CHECK(c["cloud"]["instances"] == 2);
    CHECK(c["cloud"]["unused_gpus"] == 0);
    CHECK(c["cloud"]["breakdown_usd"]["compute"].get<double>() > 0.0);
    const Json& w = c["match"]["equivalence"];
    CHECK(w["workload"] == "llm-infer");
    CHECK(w["build_throughput"] == 1200.0);
    CHECK(w["cloud_throughput"] == 1000.0);
    CHECK(w["ratio"].get<double>() == Approx(1000.0 / 1200.0));  // 0.833
    CHECK(w["equivalent_gpus"] == 2);                            // 2 instances x 1 GPU
    CHECK(w["source"] == "fixture");
    // hgx-8 (8 x 3,000 tokens/s, NVSwitch) keeps its interconnect: only the NVSwitch nodes of gpu-h qualify.
    const Json hgx = json_of(on_fixture("compare", {"--build", "hgx-8", "--match", "any", "--workload", "llm-infer"}));
    CHECK(hgx["comparisons"][0]["cloud"]["id"] == "h-8x-cloud");
    CHECK(hgx["comparisons"][0]["match"]["equivalence"]["ratio"] == 1.0);
}

TEST_CASE("compare: when no offer meets the rule, the failed rule and the looser match are named") {
    auto r = run_gpucost(on_fixture("compare", {"--build", "hgx-8", "--tier", "marketplace"}));
    CHECK(r.exit_code == 3);
    CHECK(r.out.empty());
    CHECK(r.err == "gpucost: error: build \"hgx-8\": no like-for-like offer of GPU \"gpu-h\" meets the rules (hgx-8 "
                   "needs 8 GPUs in one machine over nvswitch): of 4 offers considered, 2 outside --tier, 1 with too "
                   "few GPUs per instance, 1 with a weaker interconnect; --match gpu would find one\n");
    r = run_gpucost(on_fixture("compare", {"--build", "duo-c", "--min-vram-gb", "48"}));
    CHECK(r.exit_code == 3);
    CHECK(r.err == "gpucost: error: build \"duo-c\": GPU \"gpu-c\" has 24 GB of VRAM, under --min-vram-gb 48\n");
    r = run_gpucost(on_fixture("compare", {"--match", "any"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --match any needs --workload ID: offers of another GPU model are compared for "
                   "the same work, which a workload's throughputs measure\n");
    r = run_gpucost(on_fixture("compare", {"--match", "any", "--workload", "llm"}));
    CHECK(r.exit_code == 3);
    CHECK(r.err == "gpucost: error: --workload: unknown workload \"llm\" (did you mean \"llm-infer\"?); the "
                   "catalogue's workloads: fp64-hpc, llm-infer\n");
    r = run_gpucost(on_fixture("compare", {"--match", "like", "--min-interconnect", "nvl"}));
    CHECK(r.exit_code == 2);
    CHECK(r.err == "gpucost: error: --match: must be one of like-for-like, gpu, any, got \"like\" (did you mean "
                   "\"like-for-like\"?)\ngpucost: error: --min-interconnect: must be one of pcie, nvlink, nvswitch, "
                   "got \"nvl\"\n");
    // Ranked, a build without an offer is skipped with the same words, and the others are compared.
    // (After the notes on the fixture's offers --tier leaves out: a --catalog file is the user's own.)
    r = run_ok(on_fixture("compare", {"--tier", "hyperscaler", "--wide"}));
    CHECK_THAT(r.err, Contains("gpucost: note: left out offer \"c-2x-cloud\" for build \"duo-c\": tier gpu-cloud is "
                               "outside --tier hyperscaler (an offer of data/match_catalog.json)\n"));
    CHECK(r.err.substr(r.err.find("gpucost: warning: ")) ==
          "gpucost: warning: build duo-c skipped: no like-for-like offer of GPU \"gpu-c\" meets the rules "
          "(duo-c needs 2 GPUs in one machine over pcie): of 2 offers considered, 1 outside --tier, 1 with too "
          "few GPUs per instance; without --tier there would be one\n"
          "gpucost: warning: build one-p skipped: no like-for-like offer of GPU \"gpu-p\" meets the rules "
          "(one-p needs 1 GPU in one machine over pcie): of 1 offer considered, 1 outside --tier; without "
          "--tier there would be one\n");
    CHECK_THAT(r.out, Contains("h-8x-hyper"));
}

TEST_CASE("requirements leave builds and offers out, with the reason under --verbose and in the JSON") {
    // gpu-c has 1.3 FP64 TFLOPS and gpu-p no figure: only hgx-8 (34) is left to compare.
    const auto r = run_ok(on_fixture("compare", {"--min-fp64-tflops", "10", "--verbose"}));
    CHECK(r.err == "gpucost: note: left out build \"duo-c\": GPU \"gpu-c\" has 1.3 FP64 TFLOPS, under "
                   "--min-fp64-tflops 10\n"
                   "gpucost: note: left out offer \"h-1x-market\" for build \"hgx-8\": 1 GPU per instance; "
                   "like-for-like needs 8 GPUs in one machine over nvswitch (an offer of data/match_catalog.json; "
                   "--match gpu admits it, with as many instances as the build has GPUs)\n"
                   "gpucost: note: left out offer \"h-8x-pcie\" for build \"hgx-8\": interconnect pcie is weaker "
                   "than the build's nvswitch (an offer of data/match_catalog.json; --match gpu admits it)\n"
                   "gpucost: note: left out build \"one-p\": GPU \"gpu-p\" has no FP64 figure in the catalogue, and "
                   "--min-fp64-tflops 10 asks for one\n"
                   "gpucost: warning: build duo-c skipped: GPU \"gpu-c\" has 1.3 FP64 TFLOPS, under "
                   "--min-fp64-tflops 10\n"
                   "gpucost: warning: build one-p skipped: GPU \"gpu-p\" has no FP64 figure in the catalogue, and "
                   "--min-fp64-tflops 10 asks for one\n");
    const Json report = json_of(on_fixture("compare", {"--min-fp64-tflops", "10"}));
    REQUIRE(report["comparisons"].size() == 1);
    CHECK(report["excluded"].size() == 4);
    // --min-interconnect nvswitch leaves hgx-8 its two NVSwitch offers; --min-gpus-per-instance 2 keeps duo-c's 2x.
    const Json linked = json_of(on_fixture("compare", {"--build", "hgx-8", "--min-interconnect", "nvswitch"}));
    CHECK(linked["comparisons"][0]["cloud"]["id"] == "h-8x-cloud");
    const Json two = json_of(on_fixture("compare", {"--build", "duo-c", "--min-gpus-per-instance", "2"}));
    CHECK(two["comparisons"][0]["cloud"]["id"] == "c-2x-cloud");
    // --quiet: nothing is noted.
    CHECK(run_ok(on_fixture("compare", {"--min-fp64-tflops", "10", "--quiet"})).err.empty());
}

TEST_CASE("check, cashflow and the uncertainty commands match through the same code") {
    for (const char* command : {"cashflow", "sensitivity", "simulate", "sweep"}) {
        INFO(command);
        std::vector<std::string> extra = {"--build", "hgx-8", "--verbose", "--format", "json"};
        if (std::string(command) == "simulate") extra.insert(extra.end(), {"--draws", "200"});
        if (std::string(command) == "sweep") extra.insert(extra.end(), {"--vary", "hours_per_week=0:168:84"});
        const auto r = run_ok(on_fixture(command, extra));
        CHECK_THAT(r.err, Contains("gpucost: note: left out offer \"h-1x-market\" for build \"hgx-8\""));
        const Json j = Json::parse(gpucost::test::json_flattened(r.out));
        const Json& first = j["comparisons"][0];
        const std::string cloud = first.contains("cloud") && first["cloud"].is_object()
                                      ? first["cloud"]["id"].get<std::string>()
                                      : first["cloud_id"].get<std::string>();
        CHECK(cloud == "h-8x-cloud");
        if (std::string(command) == "cashflow") {
            CHECK(first["match_level"] == "like-for-like");
            CHECK(first["cloud_tier"] == "gpu-cloud");
        }
        extra.push_back("--match");
        extra.push_back("gpu");
        const Json g = Json::parse(gpucost::test::json_flattened(run_ok(on_fixture(command, extra)).out));
        const Json& gfirst = g["comparisons"][0];
        CHECK((gfirst.contains("cloud") && gfirst["cloud"].is_object() ? gfirst["cloud"]["id"] : gfirst["cloud_id"]) ==
              "h-1x-market");
    }
    const auto check = run_gpucost(on_fixture("check", {"--build", "hgx-8", "--verbose"}));
    CHECK_THAT(check.err, Contains("gpucost: note: left out offer \"h-8x-pcie\" for build \"hgx-8\""));
}

TEST_CASE("scenario keys choose the match, and flags win over them") {
    const std::string scenario = "data/scenario/match_gpu.json";  // build hgx-8, "match": "gpu", "tier": ...
    const Json from_file = json_of({"compare", "--catalog", k_match, "--scenario", scenario});
    CHECK(from_file["comparisons"][0]["cloud"]["id"] == "h-1x-market");
    CHECK(from_file["comparisons"][0]["match"]["level"] == "gpu");
    const Json flag = json_of({"compare", "--catalog", k_match, "--scenario", scenario, "--match", "like-for-like"});
    CHECK(flag["comparisons"][0]["cloud"]["id"] == "h-8x-cloud");
}

TEST_CASE("shipped: the 8x H100 HGX server at 40 h/week is compared with an 8-GPU NVSwitch node") {
    const Json report = json_of({"compare", "--build", "hgx-h100-thinkmate-2024", "--hours-per-week", "40"});
    const Json& c = report["comparisons"][0];
    CHECK(c["match"]["level"] == "like-for-like");
    CHECK(c["cloud"]["gpus_per_instance"] == 8);
    CHECK(c["cloud"]["instances"] == 1);
    const gpucost::Catalog shipped = gpucost::load_embedded_catalog();
    const gpucost::CloudOffer* offer = shipped.find_offer(c["cloud"]["id"].get<std::string>());
    REQUIRE(offer != nullptr);
    CHECK(offer->interconnect == gpucost::Interconnect::nvswitch);
    CHECK(c["match"]["offer_tier"] != "marketplace");
    // Every tier's best is an 8-GPU node too, and the chosen one is the cheapest of them.
    for (const Json& t : c["match"]["tier_offers"]) {
        CHECK(t["gpus_per_instance"] == 8);
        CHECK(t["cloud_total_usd"].get<double>() >= c["cloud"]["total_usd"].get<double>());
    }
    // gpucost 1's rule rents it otherwise and more cheaply: the like-for-like total is the fair, higher one.
    const Json old =
        json_of({"compare", "--build", "hgx-h100-thinkmate-2024", "--hours-per-week", "40", "--match", "gpu"});
    CHECK(old["comparisons"][0]["cloud"]["total_usd"].get<double>() < c["cloud"]["total_usd"].get<double>());
}

TEST_CASE("shipped: every multi-GPU build is compared like for like, none on a larger instance than it needs") {
    const auto r = run_ok({"compare", "--format", "json"});
    CHECK(r.err.empty());  // no build is skipped, and no GPU is paid for but unused (issue 22: a 4x RTX 5090 offer)
    const Json report = Json::parse(gpucost::test::json_flattened(r.out));
    const gpucost::Catalog shipped = gpucost::load_embedded_catalog();
    CHECK(report["comparisons"].size() == shipped.builds.size());
    for (const Json& c : report["comparisons"]) {
        const gpucost::Build& b = *shipped.find_build(c["build"]["id"].get<std::string>());
        INFO(b.id);
        CHECK(c["cloud"]["gpu"] == b.gpu);
        CHECK(c["cloud"]["gpus_per_instance"].get<std::int64_t>() >=
              std::min<std::int64_t>(*b.gpus_per_node, b.gpu_count));
        CHECK(c["cloud"]["unused_gpus"] == 0);
    }
}

TEST_CASE("shipped: --match any sizes a rental of another GPU model from one source's throughputs") {
    const Json report = json_of({"compare", "--build", "workstation-4x-rtx4090", "--match", "any", "--workload",
                                 "llm-8b-chat-llamacpp", "--hours-per-week", "40"});
    const Json& c = report["comparisons"][0];
    const Json& w = c["match"]["equivalence"];
    const gpucost::Catalog shipped = gpucost::load_embedded_catalog();
    const gpucost::Workload& llm = *shipped.find_workload("llm-8b-chat-llamacpp");
    const double t_b = *llm.throughput("rtx-4090");
    const double t_c = *llm.throughput(c["cloud"]["gpu"].get<std::string>());
    CHECK(w["build_throughput"] == t_b);
    CHECK(w["cloud_throughput"] == t_c);
    CHECK(w["ratio"].get<double>() == Approx(t_c / t_b));
    const std::int64_t per = c["cloud"]["gpus_per_instance"].get<std::int64_t>();
    // n = ceil(4 x T_b / (c x T_c)); with the catalogue's llama.cpp figures an RTX 3090 pod wins:
    // ceil(4 x 127.74 / (1 x 111.74)) = ceil(4.573) = 5 instances.
    const auto n = static_cast<std::int64_t>(std::ceil(4.0 * t_b / (static_cast<double>(per) * t_c)));
    CHECK(c["cloud"]["instances"] == n);
    CHECK(w["equivalent_gpus"] == n * per);
    CHECK(w["source"] == llm.provenance.source);
    CHECK(c["cloud"]["unused_gpus"] == 0);  // another model is rented for the work, not the GPU count
}
