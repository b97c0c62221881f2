// The shipped catalogue (data/catalog.json) against the like-for-like rules of issue 12 (every entry says how it is
// built and linked, every multi-GPU build can be rented like for like, the workload tables are usable) and the
// invariants of issue 22 (an offer of each build's own shape, workloads for the builds' GPUs, followable sources).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/matching.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/source_rule.hpp"
#include "test_support.hpp"

using namespace gpucost;

namespace {

const Catalog& shipped() {
    static const Catalog c = load_embedded_catalog();
    return c;
}

// The ids of the offers that pass every like-for-like test for `build` at on-demand prices.
std::vector<std::string> like_for_like_offers(const Build& build) {
    const MatchOptions options;  // like-for-like, every tier, no requirements
    std::vector<std::string> ids;
    for (const CloudOffer& offer : shipped().cloud)
        if (offer_exclusion(shipped(), build, offer, Pricing::on_demand, options) == Exclusion::none)
            ids.push_back(offer.id);
    return ids;
}

}  // namespace

TEST_CASE("shipped catalogue: every GPU, build and offer states its form factor, interconnect and tier") {
    // like_for_like_gaps lists each field a shipped catalogue must give and this one leaves to its default.
    for (const Problem& gap : like_for_like_gaps(shipped())) FAIL_CHECK(gap.path << ": " << gap.message);
    for (const CloudOffer& o : shipped().cloud) {
        INFO(o.id);
        CHECK(o.interconnect.has_value());  // 1-GPU offers too, though the gaps list only asks it of multi-GPU ones
    }
}

TEST_CASE("shipped catalogue: every multi-GPU build finds a like-for-like offer") {
    for (const Build& b : shipped().builds) {
        if (b.gpu_count < 2) continue;
        INFO(b.id);
        const std::vector<std::string> ids = like_for_like_offers(b);
        CHECK_FALSE(ids.empty());
        for (const std::string& id : ids) {
            const CloudOffer* o = shipped().find_offer(id);
            REQUIRE(o != nullptr);
            INFO(id);
            CHECK(o->gpu == b.gpu);
            CHECK(o->gpu_count >= std::min<std::int64_t>(*b.gpus_per_node, b.gpu_count));
        }
    }
}

TEST_CASE("shipped catalogue: an NVSwitch build is matched only by 8-GPU NVSwitch nodes") {
    std::size_t nvswitch_builds = 0;
    for (const Build& b : shipped().builds) {
        if (b.interconnect != Interconnect::nvswitch) continue;
        ++nvswitch_builds;
        INFO(b.id);
        for (const std::string& id : like_for_like_offers(b)) {
            const CloudOffer* o = shipped().find_offer(id);
            INFO(id);
            CHECK(o->gpu_count == 8);
            CHECK(o->interconnect == Interconnect::nvswitch);
        }
    }
    CHECK(nvswitch_builds == 7);  // the DGX/HGX A100, H100, H200 and (since 2026-12-02) DGX B200 builds
}

TEST_CASE("shipped catalogue: each workload measures at least two GPUs, each figure positive") {
    REQUIRE(shipped().workloads.size() >= 5);
    for (const Workload& w : shipped().workloads) {
        INFO(w.id);
        CHECK(w.per_gpu.size() >= 2);  // one GPU alone gives no ratio
        for (const WorkloadFigure& f : w.per_gpu) CHECK(f.throughput > 0.0);
    }
}

// ---- issue 22: the invariants a late-2026 buyer relies on ----

TEST_CASE("shipped catalogue: every multi-GPU build has an offer of its own shape (same GPU, same GPU count)") {
    // A larger instance matches too (like_for_like_offers above), but the buyer pays for GPUs left unused; an offer
    // of the build's own shape keeps the comparison honest.
    for (const Build& b : shipped().builds) {
        if (b.gpu_count < 2) continue;
        INFO(b.id);
        const bool own_shape = std::any_of(shipped().cloud.begin(), shipped().cloud.end(), [&](const CloudOffer& o) {
            return o.gpu == b.gpu && o.gpu_count == b.gpu_count;
        });
        CHECK(own_shape);
    }
}

TEST_CASE("shipped catalogue: every build's GPU appears in a workload") {
    // Since 2026-12-01 the Blender rendering workload measures RTX 5090 and RTX PRO 6000, the last two GPUs of a
    // build that no workload measured, so no build is exempt (data/README.md, section 4d).
    for (const Build& b : shipped().builds) {
        INFO(b.id << " (" << b.gpu << ")");
        CHECK(std::any_of(shipped().workloads.begin(), shipped().workloads.end(),
                          [&](const Workload& w) { return w.throughput(b.gpu).has_value(); }));
    }
}

TEST_CASE("shipped catalogue: every source can be followed by a reader outside the project") {
    // No path inside the project, no search index's number: a URL, a named document or a repository with its commit.
    for (const Problem& p : unfollowable_sources(shipped())) FAIL_CHECK(p.path << ": " << p.message);
}

TEST_CASE("shipped catalogue: data/README.md states the catalogue's counts") {
    // The README's "Counts:" line, worked out from the catalogue itself, so neither can drift from the other.
    const std::string readme = gpucost::test::read_file(gpucost::test::test_path("../data/README.md"));
    std::size_t nvidia = 0;
    for (const Gpu& g : shipped().gpus) nvidia += g.vendor == "NVIDIA" ? 1U : 0U;
    const std::string counts = std::to_string(shipped().gpus.size()) + " GPUs (" + std::to_string(nvidia) +
                               " NVIDIA, " + std::to_string(shipped().gpus.size() - nvidia) + " AMD), " +
                               std::to_string(shipped().builds.size()) + " builds, " +
                               std::to_string(shipped().cloud.size()) + " cloud offers";
    CHECK_THAT(readme, Catch::Contains("Counts: " + counts));
    CHECK_THAT(readme, Catch::Contains(std::to_string(shipped().workloads.size()) + " workloads."));
}

TEST_CASE("shipped catalogue: the DGX B200 build's figures follow from the sources its note names") {
    const Build* b = shipped().find_build("dgx-b200-2025");
    REQUIRE(b != nullptr);
    CHECK(b->gpu == "b200");
    CHECK(b->gpu_count == 8);
    CHECK(b->interconnect == Interconnect::nvswitch);
    // $515,000 for the system less 8 B200 at the $35,000 GPU estimate: 515,000 - 280,000 = 235,000.
    const Gpu* gpu = shipped().find_gpu("b200");
    REQUIRE(gpu != nullptr);
    REQUIRE(gpu->price_usd.has_value());
    CHECK(b->base_price_usd == Approx(515000.0 - 8.0 * gpu->price_usd.value()));
    CHECK(b->base_price_usd == Approx(235000.0));
    // NVIDIA's 14.3 kW maximum less 8 GPUs at their 1,000 W TDP: 14,300 - 8,000 = 6,300 W.
    CHECK(b->base_load_w + 8.0 * gpu->tdp_w == Approx(14300.0));
    // Its own shape is rentable: AWS p6-b200.48xlarge, 8 B200 on NVSwitch.
    const CloudOffer* p6 = shipped().find_offer("aws-p6-b200.48xlarge-us-east-1");
    REQUIRE(p6 != nullptr);
    CHECK(p6->gpu_count == 8);
    const std::vector<std::string> ids = like_for_like_offers(*b);
    CHECK(std::find(ids.begin(), ids.end(), p6->id) != ids.end());
}

TEST_CASE("shipped catalogue: Google's G4 commitment prices are the file's monthly figures over 730 hours") {
    // Cyclenerd pricing.yml @ dac3128, us-central1, g4-standard-48 (1 RTX PRO 6000): month_1y 2,266.65 and
    // month_3y 1,444.9985 -> 2,266.65 / 730 = 3.105 and 1,444.9985 / 730 = 1.97945 per hour; on-demand 4.49993.
    const CloudOffer* g4 = shipped().find_offer("gcp-g4-standard-48-us-central1");
    REQUIRE(g4 != nullptr);
    CHECK(g4->gpu == "rtx-pro-6000");
    CHECK(g4->price(Pricing::on_demand).value_or(0.0) == Approx(4.49993));
    CHECK(g4->price(Pricing::reserved_1y).value_or(0.0) == Approx(2266.65 / 730.0));
    CHECK(g4->price(Pricing::reserved_3y).value_or(0.0) == Approx(1444.9985 / 730.0));
    // The 2-GPU shape, the workstation-2x-rtx-pro-6000 build's own: twice the 1-GPU prices to the cent.
    const CloudOffer* g4x2 = shipped().find_offer("gcp-g4-standard-96-us-central1");
    REQUIRE(g4x2 != nullptr);
    CHECK(g4x2->gpu_count == 2);
    CHECK(g4x2->price(Pricing::on_demand).value_or(0.0) == Approx(8.99986));  // 2 x 4.49993
    CHECK(g4x2->price(Pricing::reserved_3y).value_or(0.0) == Approx(2.0 * 1444.9985 / 730.0));
    // Spot, from the same file's hour_spot: 1.6494 per hour, 63% below on-demand (1 - 1.6494 / 4.49993 = 0.6335).
    CHECK(g4->price(Pricing::spot).value_or(0.0) == Approx(1.6494));
    CHECK(g4->provenance.as_of == "2026-08-20");
}

TEST_CASE("shipped catalogue: the RunPod RTX 5090 pods are n x the dated per-GPU rate, each of a build's shape") {
    // Added on 2026-12-02 beside the Vast.ai hosts (data/README.md 4b): pods derived from the dated 1x rates, $0.89
    // on demand and $0.76 spot: 2 x 0.89 = 1.78, 4 x 0.89 = 3.56; 2 x 0.76 = 1.52, 4 x 0.76 = 3.04.
    const CloudOffer* one = shipped().find_offer("runpod-rtx-5090-pod-global");
    REQUIRE(one != nullptr);
    for (const std::int64_t n : {2, 4}) {
        const CloudOffer* pod = shipped().find_offer("runpod-" + std::to_string(n) + "x-rtx-5090-pod-global");
        REQUIRE(pod != nullptr);
        INFO(pod->id);
        CHECK(pod->gpu == "rtx-5090");
        CHECK(pod->gpu_count == n);
        CHECK(pod->price(Pricing::on_demand).value_or(0.0) ==
              Approx(static_cast<double>(n) * one->price(Pricing::on_demand).value_or(0.0)));
        CHECK(pod->price(Pricing::spot).value_or(0.0) ==
              Approx(static_cast<double>(n) * one->price(Pricing::spot).value_or(0.0)));
        CHECK(pod->provenance.as_of == one->provenance.as_of);  // 2026-01-01, the table's date
        CHECK(pod->provenance.confidence == "unverified");      // as the 1x row: a user's table
    }
    CHECK(shipped().find_offer("runpod-4x-rtx-5090-pod-global")->price(Pricing::on_demand).value_or(0.0) ==
          Approx(3.56));
    CHECK(shipped().find_offer("runpod-2x-rtx-5090-pod-global")->price(Pricing::spot).value_or(0.0) == Approx(1.52));
    // Each pod is a like-for-like offer of the RTX 5090 build of its size.
    for (const auto& [build, pod] : {std::pair{"office-2x-rtx5090", "runpod-2x-rtx-5090-pod-global"},
                                     std::pair{"workstation-4x-rtx5090", "runpod-4x-rtx-5090-pod-global"}}) {
        const Build* b = shipped().find_build(build);
        REQUIRE(b != nullptr);
        const std::vector<std::string> ids = like_for_like_offers(*b);
        CHECK(std::find(ids.begin(), ids.end(), pod) != ids.end());
    }
}

TEST_CASE("shipped catalogue: the TensorRT-LLM workload is NVIDIA's output throughput per GPU it ran on") {
    // perf-overview.md, Llama 3.3 70B, 1000/1000: B200 TP1 7,007; H200 TP1 2,909; H100 TP2 4,205 -> 4,205 / 2 =
    // 2,102.5 per GPU; RTX 6000 Pro Blackwell Server Edition on 1 GPU 1,787.
    const Workload* w = shipped().find_workload("llm-70b-serve-trtllm");
    REQUIRE(w != nullptr);
    CHECK(w->unit == "tokens/s");
    CHECK(w->throughput("b200").value_or(0.0) == Approx(7007.0));
    CHECK(w->throughput("h200").value_or(0.0) == Approx(2909.0));
    CHECK(w->throughput("h100-sxm").value_or(0.0) == Approx(4205.0 / 2.0));
    CHECK(w->throughput("rtx-pro-6000").value_or(0.0) == Approx(1787.0));
    // 90 GB over at most 2 GPUs: an 80 GB H100 needs ceil(90 / 80) = 2 GPUs (as measured), a 96 GB RTX PRO 6000 one.
    CHECK(w->memory_gb_per_instance.value_or(0.0) == Approx(90.0));
    CHECK(w->max_gpus_per_instance.value_or(0) == 2);
    const Gpu* h100 = shipped().find_gpu("h100-sxm");
    const Gpu* pro = shipped().find_gpu("rtx-pro-6000");
    REQUIRE(h100 != nullptr);
    REQUIRE(pro != nullptr);
    CHECK(std::ceil(90.0 / h100->vram_gb) == 2.0);
    CHECK(std::ceil(90.0 / pro->vram_gb) == 1.0);
}

TEST_CASE("shipped catalogue: Azure's spot prices sit under on-demand by the list's own meters") {
    // anycloud-sh/catalog azure/vms.csv @ 62ff0a9 (2026-05-20), eastus: ND96isr H100 v5 18.169536 against 98.32
    // (1 - 18.169536 / 98.32 = 0.8152, 82% off); NC40ads H100 v5 2.192418 against 6.98 (68.6% off); NC24ads A100 v4
    // 0.746721 against 3.673 (79.7% off); ND96asr A100 v4 5.98334 against 27.1968 (the Retail Prices API, 78.0% off).
    const struct {
        const char* id;
        double spot;
        double off;
    } rows[] = {{"azure-standard-nd96isr-h100-v5-eastus", 18.169536, 0.8152},
                {"azure-standard-nc40ads-h100-v5-eastus", 2.192418, 0.6859},
                {"azure-standard-nc24ads-a100-v4-eastus", 0.746721, 0.7967},
                {"azure-standard-nd96asr-a100-v4-eastus", 5.98334, 0.7800}};
    for (const auto& row : rows) {
        const CloudOffer* o = shipped().find_offer(row.id);
        REQUIRE(o != nullptr);
        INFO(row.id);
        const double spot = o->price(Pricing::spot).value_or(0.0);
        const double on_demand = o->price(Pricing::on_demand).value_or(0.0);
        CHECK(spot == Approx(row.spot));
        CHECK(1.0 - spot / on_demand == Approx(row.off).margin(0.0001));
    }
    // An offer's as_of is its oldest figure: the H100 v5 spot price (2026-05-20) is older than its reservations.
    CHECK(shipped().find_offer("azure-standard-nd96isr-h100-v5-eastus")->provenance.as_of == "2026-05-20");
}

TEST_CASE("shipped catalogue: Azure's multi-GPU NC sizes cost n x their 1-GPU size, on Linux meters") {
    // anycloud-sh/catalog azure/vms.csv @ 62ff0a9 (2026-05-20), eastus: NC48ads A100 v4 7.346 = 2 x 3.673, NC96ads
    // A100 v4 14.692 = 4 x 3.673, NC80adis H100 v5 13.96 = 2 x 6.98. The figures stored before (9.554, 19.108,
    // 17.64) were these plus 48, 96 and 80 vCPUs x $0.046: 7.346 + 2.208, 14.692 + 4.416, 13.96 + 3.68.
    // Spot: 1.493442, 2.986884 (1 - 1.493442 / 7.346 = 0.7967, as the 1-GPU size) and 4.384836 (1 - 4.384836 / 13.96
    // = 0.6859, as NC40ads).
    const struct {
        const char* id;
        const char* one;
        std::int64_t n;
        double on_demand;
        double spot;
    } rows[] = {
        {"azure-standard-nc48ads-a100-v4-eastus", "azure-standard-nc24ads-a100-v4-eastus", 2, 7.346, 1.493442},
        {"azure-standard-nc96ads-a100-v4-eastus", "azure-standard-nc24ads-a100-v4-eastus", 4, 14.692, 2.986884},
        {"azure-standard-nc80adis-h100-v5-eastus", "azure-standard-nc40ads-h100-v5-eastus", 2, 13.96, 4.384836}};
    for (const auto& row : rows) {
        const CloudOffer* o = shipped().find_offer(row.id);
        const CloudOffer* one = shipped().find_offer(row.one);
        REQUIRE(o != nullptr);
        REQUIRE(one != nullptr);
        INFO(row.id);
        CHECK(o->gpu == one->gpu);
        CHECK(o->gpu_count == row.n);
        CHECK(o->price(Pricing::on_demand).value_or(0.0) == Approx(row.on_demand));
        CHECK(o->price(Pricing::on_demand).value_or(0.0) ==
              Approx(static_cast<double>(row.n) * one->price(Pricing::on_demand).value_or(0.0)));
        CHECK(o->price(Pricing::spot).value_or(0.0) == Approx(row.spot));
    }
    // ND96isr MI300X v5 (eastus2), the first hyperscaler MI300X offer: 48 / 8 = $6.00 per GPU-hour; spot 8.8704,
    // 1 - 8.8704 / 48 = 0.8152 off, the same share as ND96isr H100 v5 in eastus.
    const CloudOffer* mi = shipped().find_offer("azure-standard-nd96isr-mi300x-v5-eastus2");
    REQUIRE(mi != nullptr);
    CHECK(mi->gpu == "mi300x");
    CHECK(mi->gpu_count == 8);
    CHECK(mi->price(Pricing::on_demand).value_or(0.0) / 8.0 == Approx(6.0));
    CHECK(1.0 - mi->price(Pricing::spot).value_or(0.0) / 48.0 == Approx(0.8152).margin(0.0001));
    CHECK(mi->provenance.as_of == "2026-05-20");
}

TEST_CASE("shipped catalogue: the 8x MI300X build's figures follow from the sources its note names") {
    const Build* b = shipped().find_build("oam-mi300x-8gpu-2025");
    REQUIRE(b != nullptr);
    CHECK(b->gpu == "mi300x");
    CHECK(b->gpu_count == 8);
    // The Epoch AI dataset's per-chip price of the 8-OAM baseboard listing: 25,733.71; the board 8 x 25,733.71 =
    // 205,869.68, the system with the Thinkmate host part 205,869.68 + 97,000 = 302,869.68.
    REQUIRE(b->gpu_price_usd.has_value());
    CHECK(b->gpu_price_usd.value() == Approx(25733.71));
    CHECK(8.0 * b->gpu_price_usd.value() + b->base_price_usd == Approx(302869.68));
    // 8 x 750 W + 4,600 W = 10.6 kW at most; colocation $184.06 x 10.6 = $1,951.04 a month.
    const Gpu* gpu = shipped().find_gpu("mi300x");
    REQUIRE(gpu != nullptr);
    CHECK(b->base_load_w + 8.0 * gpu->tdp_w == Approx(10600.0));
    const auto& facility = b->assumptions.get(AssumptionKey::facility_usd_per_month);
    REQUIRE(facility);
    CHECK(std::get<double>(*facility) == Approx(184.06 * 10.6).margin(0.005));
    // Its own shape is rentable: DigitalOcean's MI300X8 Droplet, Azure's ND96isr MI300X v5, Oracle's BM.GPU.MI300X.8.
    const std::vector<std::string> ids = like_for_like_offers(*b);
    for (const char* id : {"digitalocean-gpu-droplet-mi300x8-global", "azure-standard-nd96isr-mi300x-v5-eastus2",
                           "oracle-bm.gpu.mi300x.8-global"})
        CHECK(std::find(ids.begin(), ids.end(), id) != ids.end());
}

TEST_CASE("shipped catalogue: Vultr's 8-GPU AMD machines are 8 x the list's per-GPU prices") {
    // vultr.com/pricing as harvested 2025-08-19: MI300X $3.990 and MI325X $4.615 per GPU-hour on demand, 8 GPUs each:
    // 8 x 3.990 = 31.92, 8 x 4.615 = 36.92; MI325X 36-month prepaid from $2.000: 8 x 2.000 = 16.00, 1 - 16 / 36.92 =
    // 0.567 off; 2,048 GB of GPU memory over 8 GPUs = 256 GB each, the mi325x entry's.
    const CloudOffer* mi300x = shipped().find_offer("vultr-8x-mi300x-global");
    const CloudOffer* mi325x = shipped().find_offer("vultr-8x-mi325x-global");
    REQUIRE(mi300x != nullptr);
    REQUIRE(mi325x != nullptr);
    CHECK(mi300x->gpu_count == 8);
    CHECK(mi300x->price(Pricing::on_demand).value_or(0.0) == Approx(8.0 * 3.990));
    CHECK_FALSE(mi300x->price(Pricing::reserved_3y));  // the 24-month prepaid price has no 1- or 3-year term
    CHECK(mi325x->price(Pricing::on_demand).value_or(0.0) == Approx(8.0 * 4.615));
    CHECK(mi325x->price(Pricing::reserved_3y).value_or(0.0) == Approx(16.0));
    CHECK(1.0 - 16.0 / mi325x->price(Pricing::on_demand).value_or(1.0) == Approx(0.567).margin(0.001));
    const Gpu* gpu = shipped().find_gpu("mi325x");
    REQUIRE(gpu != nullptr);
    CHECK(gpu->vram_gb == Approx(2048.0 / 8.0));
    CHECK(mi325x->provenance.as_of == "2025-08-19");
}

TEST_CASE("shipped catalogue: Oracle's 8-GPU AMD shapes are 8 x the Cost Estimator's per-GPU prices") {
    // Oracle Cost Estimator, 2026-09-18: MI355X (part B111758) $8.60 and MI300X (B109485) $6.00 per GPU-hour, 8 GPUs a
    // shape: 8 x 8.60 = 68.80, 8 x 6.00 = 48.00; 128 and 112 OCPUs x 2 = 256 and 224 vCPUs.
    const CloudOffer* mi355x = shipped().find_offer("oracle-bm.gpu.mi355x.8-global");
    const CloudOffer* mi300x = shipped().find_offer("oracle-bm.gpu.mi300x.8-global");
    REQUIRE(mi355x != nullptr);
    REQUIRE(mi300x != nullptr);
    CHECK(mi355x->gpu == "mi355x");
    CHECK(mi355x->price(Pricing::on_demand).value_or(0.0) == Approx(8.0 * 8.60));
    CHECK(mi300x->price(Pricing::on_demand).value_or(0.0) == Approx(8.0 * 6.00));
    CHECK_FALSE(mi355x->price(Pricing::spot));  // the shape is not preemptible in the list
    CHECK(mi355x->vcpus.value_or(0) == 2 * 128);
    CHECK(mi300x->vcpus.value_or(0) == 2 * 112);
    // The MI355X: 288 GB (Oracle's shape list and AMD's table agree), 1,400 W; BF16 2,400 MHz x 512 FMA x 2 x 1,024
    // Matrix Cores / 1e6 = 2,516.6 TFLOPS; Infinity Fabric 7 links x 153.6 GB/s = 1,075.2 GB/s.
    const Gpu* gpu = shipped().find_gpu("mi355x");
    REQUIRE(gpu != nullptr);
    CHECK(gpu->vram_gb == Approx(288.0));
    CHECK(gpu->tdp_w == Approx(1400.0));
    CHECK(gpu->bf16_tflops.value_or(0.0) == Approx(2400.0 * 512.0 * 2.0 * 1024.0 / 1e6).epsilon(1e-4));
    CHECK(gpu->nvlink_gbs.value_or(0.0) == Approx(7.0 * 153.6));
    CHECK_FALSE(gpu->price_usd);  // no purchase price found
    // The same lists' NVIDIA shapes: H100 $10, A100 80GB $4, A100 40GB $3.05, B300 $15, RTX PRO 6000 $4.50 a GPU-hour.
    const std::vector<std::pair<const char*, double>> nvidia = {{"oracle-bm.gpu.h100.8-global", 8.0 * 10.0},
                                                                {"oracle-bm.gpu.a100-v2.8-global", 8.0 * 4.0},
                                                                {"oracle-bm.gpu4.8-global", 8.0 * 3.05},
                                                                {"oracle-bm.gpu.b300.8-global", 8.0 * 15.0},
                                                                {"oracle-bm.gpu.rtxpro.8-global", 8.0 * 4.5}};
    for (const auto& [id, usd] : nvidia) {
        INFO(id);
        const CloudOffer* o = shipped().find_offer(id);
        REQUIRE(o != nullptr);
        CHECK(o->gpu_count == 8);
        CHECK(o->price(Pricing::on_demand).value_or(0.0) == Approx(usd));
    }
}
