// The shipped catalogue (data/catalog.json) against the like-for-like rules of issue 12: every entry says how it
// is built and linked, every multi-GPU build can be rented like for like, and the workload tables are usable.
#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/matching.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"

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
    CHECK(nvswitch_builds == 6);  // the DGX/HGX A100, H100 and H200 builds
}

TEST_CASE("shipped catalogue: each workload measures at least two GPUs, each figure positive") {
    REQUIRE(shipped().workloads.size() >= 5);
    for (const Workload& w : shipped().workloads) {
        INFO(w.id);
        CHECK(w.per_gpu.size() >= 2);  // one GPU alone gives no ratio
        for (const WorkloadFigure& f : w.per_gpu) CHECK(f.throughput > 0.0);
    }
}
