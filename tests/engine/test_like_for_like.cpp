// Like-for-like matching (engine/matching.hpp, issue 12) on tests/data/match_catalog.json: the rules, the
// requirements, the tiers and the cross-model instance count, with the arithmetic beside each case.
#include <cstddef>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/engine/matching.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

const Catalog& fixture() {
    static const Catalog c =
        parse_catalog(gpucost::test::read_file(gpucost::test::test_path("data/match_catalog.json")), "match");
    return c;
}

// 168 h a week for 10 months, nothing but compute: a cloud total is 7,300 h x instances x price.
Assumptions plain() {
    Assumptions a;
    a.hours_per_week = 168;
    a.months = 10;
    return a;
}

Match run(const std::string& build_id, MatchOptions o = {}) {
    const Catalog& c = fixture();
    const Build& b = *c.find_build(build_id);
    return match_offer(c, b, build_spec_for(b, *c.find_gpu(b.gpu)), plain(), o);
}

std::string chosen(const Match& m) { return m.offer ? m.offer->id : "none"; }

const Catalog& shipped_catalog() {
    static const Catalog c = load_embedded_catalog();
    return c;
}

}  // namespace

TEST_CASE("like-for-like: an 8-GPU NVSwitch build never matches 1-GPU or PCIe offers") {
    // hgx-8 (8 x gpu-h, nvswitch). h-1x-market: 8 x $2 x 7,300 = $116,800, the cheapest, but 1 GPU per instance;
    // h-8x-pcie ($20 x 7,300 = $146,000) has PCIe; h-8x-cloud $24 x 7,300 = $175,200 wins; h-8x-hyper $401,500.
    const Match m = run("hgx-8");
    CHECK(chosen(m) == "h-8x-cloud");
    CHECK(m.cloud_total_usd == Approx(175'200.0));
    CHECK(m.instances == 1);
    CHECK(m.candidates == 2);
    CHECK(m.excluded_for(Exclusion::gpus_per_node) == 1);
    CHECK(m.excluded_for(Exclusion::interconnect) == 1);
    CHECK(m.excluded_for(Exclusion::other_gpu) == 3);
    // The best of each tier, within every rule but --tier: no marketplace offer qualifies.
    CHECK(m.best_of_tier[0].offer == nullptr);
    REQUIRE(m.best_of_tier[1].offer != nullptr);
    CHECK(m.best_of_tier[1].offer->id == "h-8x-cloud");
    REQUIRE(m.best_of_tier[2].offer != nullptr);
    CHECK(m.best_of_tier[2].cloud_total_usd == Approx(401'500.0));
}

TEST_CASE("match level gpu gives gpucost 1's result: the cheapest offer of the GPU, any instance") {
    MatchOptions o;
    o.level = MatchLevel::gpu;
    const Match m = run("hgx-8", o);
    CHECK(chosen(m) == "h-1x-market");  // 8 instances x $2 x 7,300 = $116,800
    CHECK(m.instances == 8);
    CHECK(m.cloud_total_usd == Approx(116'800.0));
    const Catalog& c = fixture();
    const Build& b = *c.find_build("hgx-8");
    const OfferMatch old = cheapest_offer(c.cloud, b.gpu, build_spec_for(b, *c.find_gpu(b.gpu)), plain());
    CHECK(old.offer == m.offer);
    CHECK(old.cloud_total_usd == m.cloud_total_usd);
}

TEST_CASE("tiers limit offers, and with none left the looser match is named") {
    MatchOptions o;
    o.tiers = TierSet{true, false, false};  // marketplace only
    const Match m = run("hgx-8", o);
    CHECK(m.offer == nullptr);
    REQUIRE(m.looser.has_value());
    CHECK(*m.looser == MatchLevel::gpu);  // h-1x-market is marketplace, and --match gpu allows 1 GPU per instance
    o.tiers = TierSet{false, false, true};
    CHECK(chosen(run("hgx-8", o)) == "h-8x-hyper");
}

TEST_CASE("requirements leave out builds and offers with the failed rule") {
    MatchOptions o;
    o.requirements.min_fp64_tflops = 10;  // gpu-c has 1.3, gpu-p has no figure
    CHECK(run("duo-c", o).build_excluded == Exclusion::min_fp64);
    CHECK(run("one-p", o).build_excluded == Exclusion::min_fp64);
    CHECK(run("hgx-8", o).build_excluded == Exclusion::none);
    MatchOptions v;
    v.requirements.min_vram_gb = 48;
    CHECK(run("duo-c", v).build_excluded == Exclusion::min_vram);  // 24 GB
    MatchOptions g;
    g.requirements.min_gpus_per_instance = 8;
    CHECK(run("duo-c", g).build_excluded == Exclusion::min_gpus_per_instance);
    MatchOptions i;
    i.requirements.min_interconnect = Interconnect::nvswitch;
    const Match m = run("hgx-8", i);
    CHECK(chosen(m) == "h-8x-cloud");
    CHECK(m.excluded_for(Exclusion::min_interconnect) == 2);  // h-1x-market and h-8x-pcie
}

TEST_CASE("equivalent_instances: n = ceil(g x T_b / (c x T_c)), v1's count for the same model") {
    const Catalog& c = fixture();
    const Workload* w = c.find_workload("llm-infer");  // h 3000, c 1000, p 1200 tokens/s per GPU
    const Build& duo = *c.find_build("duo-c");
    const Build& hgx = *c.find_build("hgx-8");
    // duo-c on p-1x-cloud: ceil(2 x 1000 / (1 x 1200)) = ceil(1.667) = 2.
    CHECK(equivalent_instances(duo, *c.find_offer("p-1x-cloud"), w) == 2);
    // duo-c on h-1x-market: ceil(2 x 1000 / (1 x 3000)) = ceil(0.667) = 1.
    CHECK(equivalent_instances(duo, *c.find_offer("h-1x-market"), w) == 1);
    // hgx-8 on c-2x-cloud: ceil(8 x 3000 / (2 x 1000)) = 12, exactly: no extra instance for rounding.
    CHECK(equivalent_instances(hgx, *c.find_offer("c-2x-cloud"), w) == 12);
    // Same model: ceil(8 / 1) = 8, with or without a workload.
    CHECK(equivalent_instances(hgx, *c.find_offer("h-1x-market"), w) == 8);
    CHECK(equivalent_instances(hgx, *c.find_offer("h-1x-market"), nullptr) == 8);
    // fp64-hpc does not list gpu-c: unknown, so no count.
    CHECK(equivalent_instances(duo, *c.find_offer("p-1x-cloud"), c.find_workload("fp64-hpc")) == 0);
}

TEST_CASE("match level any: the cheapest offer of any measured GPU for the same work") {
    MatchOptions o;
    o.level = MatchLevel::any;
    o.workload = fixture().find_workload("llm-infer");
    // duo-c (pcie): c-1x-market 2 x $0.40 = $0.80/h; c-2x-cloud $1.20/h; p-1x-cloud 2 x $1.00 = $2.00/h;
    // h-1x-market 1 x $2.00; h-8x-pcie 1 x $20. The cheapest: c-1x-market, 2 x 0.40 x 7,300 = $5,840.
    const Match m = run("duo-c", o);
    CHECK(chosen(m) == "c-1x-market");
    CHECK(m.cloud_total_usd == Approx(5'840.0));
    // hgx-8 keeps its NVSwitch: only h-8x-cloud and h-8x-hyper qualify (gpu-h only has NVSwitch offers).
    CHECK(chosen(run("hgx-8", o)) == "h-8x-cloud");
    // A workload without the build's GPU leaves the build out.
    o.workload = fixture().find_workload("fp64-hpc");
    CHECK(run("duo-c", o).build_excluded == Exclusion::no_workload_figure);
    // one-p under fp64-hpc: p-1x-cloud $1 x 7,300 = $7,300 against gpu-h's h-1x-market: ceil(1 x 900 / 50000) = 1,
    // $2 x 7,300 = $14,600; gpu-c offers have no figure.
    const Match p = run("one-p", o);
    CHECK(chosen(p) == "p-1x-cloud");
    CHECK(p.excluded_for(Exclusion::no_workload_figure) == 2);
}

TEST_CASE("rental_spec costs n cross-model instances as the engine costs n instances") {
    const Catalog& c = fixture();
    const Build& hgx = *c.find_build("hgx-8");
    const CloudOffer& c2 = *c.find_offer("c-2x-cloud");
    const CloudSpec s = rental_spec(c2, Pricing::on_demand, 8, 12);
    // 12 instances x $1.20 = $14.40/h as one "instance" of the build's 8 GPUs.
    CHECK(s.gpus_per_instance == 8);
    CHECK(s.usd_per_hour == Approx(14.4));
    CHECK(cloud_total_usd(build_spec_for(hgx, *c.find_gpu("gpu-h")), s, plain()) == Approx(14.4 * 7'300.0));
    // The v1 count gives the offer's own spec.
    const CloudSpec same = rental_spec(*c.find_offer("h-1x-market"), Pricing::on_demand, 8, 8);
    CHECK(same.gpus_per_instance == 1);
    CHECK(same.usd_per_hour == 2.0);
}

namespace {

// The fixture's llm-infer (h 3000, c 1000, p 1200 tokens/s per GPU; gpu-h 80 GB, gpu-c 24 GB, gpu-p 48 GB) with a
// memory need per instance and the widest split it allows.
Workload needing(double memory_gb, std::optional<std::int64_t> max_gpus) {
    Workload w = *fixture().find_workload("llm-infer");
    w.memory_gb_per_instance = memory_gb;
    w.max_gpus_per_instance = max_gpus;
    return w;
}

}  // namespace

TEST_CASE("gpus_to_hold: ceil(memory per instance / VRAM per GPU), exact quotients not rounded up") {
    CHECK(gpus_to_hold(needing(40, 2), 24) == 2);    // 40 / 24 = 1.67
    CHECK(gpus_to_hold(needing(40, 2), 48) == 1);    // 40 / 48 = 0.83
    CHECK(gpus_to_hold(needing(160, 2), 80) == 2);   // 160 / 80 = 2 exactly
    CHECK(gpus_to_hold(needing(2.1, 8), 0.3) == 7);  // 2.1 / 0.3 = 7.000000000000001 in doubles: still 7
    CHECK(gpus_to_hold(needing(40, 2), 0) == 0);     // a GPU without memory holds nothing
    CHECK(gpus_to_hold(*fixture().find_workload("llm-infer"), 24) == 1);  // no memory stated: one GPU
}

TEST_CASE("a workload's memory per instance leaves out builds and offers that cannot hold one instance") {
    MatchOptions o;
    o.level = MatchLevel::any;
    // 40 GB split over at most 2 GPUs. duo-c (2 x 24 GB in one machine) needs ceil(40 / 24) = 2 GPUs: it holds it.
    // c-1x-market (1 x 24 GB) would need 2 in one instance: left out (workload_gpus). c-2x-cloud (2 x 24 GB, pcie):
    // ceil(2 x 1000 / (2 x 1000)) = 1 instance, $1.20 x 7,300 = $8,760, the cheapest left (p-1x-cloud 2 x $1.00 and
    // h-1x-market 1 x $2.00 both $14,600). Without the memory need, c-1x-market won at $5,840 (the case above).
    const Workload w40 = needing(40, 2);
    o.workload = &w40;
    const Match m = run("duo-c", o);
    CHECK(m.build_excluded == Exclusion::none);
    CHECK(chosen(m) == "c-2x-cloud");
    CHECK(m.cloud_total_usd == Approx(8'760.0));
    CHECK(m.excluded_for(Exclusion::workload_gpus) == 1);
    CHECK(m.excluded_for(Exclusion::workload_memory) == 0);
    // Not split at all (max 1 GPU): a 24 GB GPU cannot hold 40 GB, so duo-c itself is left out.
    const Workload w40_whole = needing(40, std::nullopt);
    o.workload = &w40_whole;
    CHECK(run("duo-c", o).build_excluded == Exclusion::workload_memory);
    // 100 GB over at most 2: gpu-p (48 GB) needs ceil(100 / 48) = 3 > 2, so one-p (1 x gpu-p) is left out; gpu-h
    // (80 GB) needs 2 in one machine. At --match gpu (no interconnect rule) hgx-8's cheapest offer was h-1x-market,
    // 8 x $2 x 7,300 = $116,800 (above); it holds one GPU, so it is left out and h-8x-pcie wins at $20 x 7,300.
    const Workload w100 = needing(100, 2);
    o.workload = &w100;
    CHECK(run("one-p", o).build_excluded == Exclusion::workload_memory);
    o.level = MatchLevel::gpu;
    const Match h = run("hgx-8", o);
    CHECK(chosen(h) == "h-8x-pcie");
    CHECK(h.cloud_total_usd == Approx(146'000.0));
    CHECK(h.excluded_for(Exclusion::workload_gpus) == 1);  // h-1x-market
    CHECK(h.excluded_for(Exclusion::workload_memory) == 0);
    CHECK(workload_fit(&w100, fixture().find_gpu("gpu-h"), 1) == Exclusion::workload_gpus);
    CHECK(workload_fit(&w100, fixture().find_gpu("gpu-h"), 2) == Exclusion::none);
    CHECK(workload_fit(&w100, nullptr, 8) == Exclusion::workload_memory);  // an unknown GPU holds nothing
    CHECK(workload_fit(nullptr, fixture().find_gpu("gpu-c"), 1) == Exclusion::none);
}

namespace {

// Every field of two matches, offers by id.
void check_same_match(const Match& with, const Match& without) {
    CHECK(chosen(with) == chosen(without));
    CHECK(with.cloud_total_usd == without.cloud_total_usd);
    CHECK(with.instances == without.instances);
    CHECK(with.candidates == without.candidates);
    CHECK(with.monthly_candidates == without.monthly_candidates);
    CHECK(with.excluded == without.excluded);
    CHECK(with.build_excluded == without.build_excluded);
    CHECK(with.looser == without.looser);
    CHECK(with.without_tier == without.without_tier);
    for (std::size_t t = 0; t < k_offer_tier_count; ++t) {
        CHECK(with.best_of_tier[t].offer == without.best_of_tier[t].offer);
        CHECK(with.best_of_tier[t].cloud_total_usd == without.best_of_tier[t].cloud_total_usd);
    }
}

}  // namespace

TEST_CASE("OffersByGpu: a search through it finds what a search of every offer finds") {
    for (const Catalog* c : {&fixture(), &shipped_catalog()}) {
        const OffersByGpu by_gpu(c->cloud);
        std::size_t grouped = 0;
        for (const Gpu& gpu : c->gpus) {
            const auto offers = by_gpu.of(gpu.id);
            grouped += offers.size();
            for (std::size_t i = 0; i < offers.size(); ++i) {
                CHECK(offers[i]->gpu == gpu.id);
                if (i > 0) CHECK(offers[i - 1] < offers[i]);  // catalogue order
            }
        }
        CHECK(grouped == c->cloud.size());
        CHECK(by_gpu.of("no-such-gpu").empty());
        for (const Build& b : c->builds)
            for (const MatchLevel level : {MatchLevel::like_for_like, MatchLevel::gpu, MatchLevel::any})
                for (const bool tiered : {false, true}) {
                    INFO(b.id << " at level " << to_string(level) << (tiered ? " in the hyperscaler tier" : ""));
                    MatchOptions o;
                    o.level = level;
                    if (level == MatchLevel::any) o.workload = &c->workloads.front();
                    if (tiered) o.tiers = TierSet{false, false, true};
                    const Match without = match_offer(*c, b, build_spec_for(b, *c->find_gpu(b.gpu)), plain(), o);
                    o.offers_by_gpu = &by_gpu;
                    check_same_match(match_offer(*c, b, build_spec_for(b, *c->find_gpu(b.gpu)), plain(), o), without);
                }
    }
}
