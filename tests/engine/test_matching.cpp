// Offer selection (include/gpucost/engine/matching.hpp) on hand-built offers, with the arithmetic beside each case,
// and a differential check against the report's own choice (and its reasons) over seeded random catalogues.
#include <cctype>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "gpucost/engine/matching.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"
#include "test_support.hpp"

using namespace gpucost;
using gpucost::test::test_path;

namespace {

CloudOffer offer(std::string id, std::string gpu, std::int64_t gpus, std::optional<double> on_demand,
                 std::string provider = "P", std::string region = "r1", std::optional<double> spot = std::nullopt) {
    CloudOffer o;
    o.id = std::move(id);
    o.gpu = std::move(gpu);
    o.gpu_count = gpus;
    o.provider = std::move(provider);
    o.region = std::move(region);
    o.usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)] = on_demand;
    o.usd_per_hour[static_cast<std::size_t>(Pricing::spot)] = spot;
    return o;
}

BuildSpec gpus(std::int64_t count) {
    BuildSpec b;
    b.gpu_count = count;
    b.gpu_price_usd = 10'000;
    return b;
}

// 168 h a week (730 billed hours a month) for 10 months, nothing but compute: a total is 7,300 x instances x price.
Assumptions plain() {
    Assumptions a;
    a.hours_per_week = 168;
    a.months = 10;
    return a;
}

}  // namespace

TEST_CASE("cheapest_offer: by cloud total for the build, not by price per GPU-hour") {
    // An 8-GPU build. x1 at $1.90/GPU-h needs 8 instances: 8 x 1.90 x 7,300 = $110,960.
    // x8 at $2.00/GPU-h ($16/h) needs 1: 16 x 7,300 = $116,800. x3 at $1.80/GPU-h ($5.40/h) needs 3 (9 GPUs, one
    // unused): 3 x 5.40 x 7,300 = $118,260, the cheapest per GPU-hour and the dearest in total.
    const std::vector<CloudOffer> offers = {offer("x8", "h", 8, 16.0), offer("x1", "h", 1, 1.9),
                                            offer("x3", "h", 3, 5.4), offer("other", "a", 1, 0.01)};
    const OfferMatch m = cheapest_offer(offers, "h", gpus(8), plain());
    REQUIRE(m.outcome == MatchOutcome::chosen);
    REQUIRE(m.offer == &offers[1]);
    CHECK_THAT(m.cloud_total_usd, Catch::Matchers::WithinRel(110'960.0, 1e-12));
    CHECK(m.same_gpu == 3);
    CHECK(m.candidates == 3);
    CHECK(m.filtered_out == 0);
    CHECK(m.no_price == 0);
    // A 2-GPU build: x1 gives 2 x 1.90 x 7,300 = $27,740; x3 one instance 5.40 x 7,300 = $39,420; x8 $116,800.
    CHECK(cheapest_offer(offers, "h", gpus(2), plain()).offer == &offers[1]);
    // With x1 at $2.10/GPU-h, the 8-GPU build is cheaper on x8: 8 x 2.10 = $16.80/h > $16/h.
    std::vector<CloudOffer> dearer = offers;
    dearer[1].usd_per_hour[0] = 2.1;
    CHECK(cheapest_offer(dearer, "h", gpus(8), plain()).offer == &dearer[0]);
}

TEST_CASE("cheapest_offer: the total is cloud_total_usd, equal to evaluate()'s") {
    const std::vector<CloudOffer> offers = {offer("a", "h", 4, 7.0)};
    Assumptions a = plain();
    a.discount_rate = 0.07;
    a.cloud_storage_usd_per_month = 30;
    a.staff_salary_usd = 100'000;
    a.staff_fte_cloud = 0.2;
    const OfferMatch m = cheapest_offer(offers, "h", gpus(6), a);
    REQUIRE(m.offer == &offers[0]);
    CHECK(m.cloud_total_usd == evaluate(gpus(6), cloud_spec_of(offers[0], Pricing::on_demand), a).cloud.total_usd);
}

TEST_CASE("cheapest_offer: region and provider filters, ignoring case") {
    const std::vector<CloudOffer> offers = {offer("cheap", "h", 1, 1.0, "Acme", "us-east"),
                                            offer("mid", "h", 1, 2.0, "Acme", "EU-West"),
                                            offer("dear", "h", 1, 3.0, "Other", "eu-west")};
    SECTION("no filter: the cheapest anywhere") {
        CHECK(cheapest_offer(offers, "h", gpus(1), plain()).offer == &offers[0]);
    }
    SECTION("region, in another case") {
        const OfferMatch m = cheapest_offer(offers, "h", gpus(1), plain(), {"eu-WEST", std::nullopt});
        CHECK(m.offer == &offers[1]);
        CHECK(m.filtered_out == 1);
        CHECK(m.candidates == 2);
    }
    SECTION("region and provider") {
        const OfferMatch m = cheapest_offer(offers, "h", gpus(1), plain(), {"eu-west", "OTHER"});
        CHECK(m.offer == &offers[2]);
        CHECK(m.filtered_out == 2);
    }
    SECTION("a filter nothing passes: all filtered out") {
        const OfferMatch m = cheapest_offer(offers, "h", gpus(1), plain(), {std::nullopt, "nobody"});
        CHECK(m.offer == nullptr);
        CHECK(m.outcome == MatchOutcome::all_filtered_out);
        CHECK(m.same_gpu == 3);
        CHECK(m.filtered_out == 3);
    }
    SECTION("a prefix is not a match") {
        CHECK(cheapest_offer(offers, "h", gpus(1), plain(), {"eu", std::nullopt}).offer == nullptr);
    }
    SECTION("the GPU id itself is compared exactly") {
        CHECK(cheapest_offer(offers, "H", gpus(1), plain()).outcome == MatchOutcome::no_offer_for_gpu);
    }
    SECTION("offer_fit says where each offer stands") {
        const OfferFilters filters{"eu-west", std::nullopt};
        CHECK(offer_fit(offers[0], "h", Pricing::on_demand, filters) == OfferFit::filtered_out);
        CHECK(offer_fit(offers[1], "h", Pricing::on_demand, filters) == OfferFit::candidate);
        CHECK(offer_fit(offers[1], "h", Pricing::spot, filters) == OfferFit::no_price);
        CHECK(offer_fit(offers[1], "x", Pricing::on_demand, filters) == OfferFit::other_gpu);
    }
}

TEST_CASE("cheapest_offer: equal totals fall to the smaller id, then to the earlier offer") {
    // Both $2 for one GPU: the same total; "b-offer" < "c-offer" whatever the order.
    const std::vector<CloudOffer> offers = {offer("c-offer", "h", 1, 2.0), offer("b-offer", "h", 1, 2.0),
                                            offer("d-offer", "h", 1, 2.0)};
    CHECK(cheapest_offer(offers, "h", gpus(1), plain()).offer == &offers[1]);
    // One 2-GPU instance at $4 and two 1-GPU ones at $2 cost the same for 2 GPUs; "a2" < "b1".
    const std::vector<CloudOffer> shapes = {offer("b1", "h", 1, 2.0), offer("a2", "h", 2, 4.0)};
    CHECK(cheapest_offer(shapes, "h", gpus(2), plain()).offer == &shapes[1]);
    // Two offers with one id (a catalogue never has them): the first stays.
    const std::vector<CloudOffer> twins = {offer("same", "h", 1, 2.0), offer("same", "h", 1, 2.0)};
    CHECK(cheapest_offer(twins, "h", gpus(1), plain()).offer == &twins[0]);
}

TEST_CASE("cheapest_offer: reasons when nothing is chosen") {
    const std::vector<CloudOffer> offers = {offer("od-only", "h", 1, 1.0, "P", "r1"),
                                            offer("spot-far", "h", 1, std::nullopt, "P", "r2", 0.5),
                                            offer("other-gpu", "a", 1, 1.0, "P", "r1", 0.2)};
    Assumptions spot = plain();
    spot.pricing = Pricing::spot;
    SECTION("no offer for the GPU at all") {
        const OfferMatch m = cheapest_offer(offers, "zz", gpus(1), plain());
        CHECK(m.outcome == MatchOutcome::no_offer_for_gpu);
        CHECK(m.same_gpu == 0);
        CHECK(m.offer == nullptr);
    }
    SECTION("no offer at the pricing inside the filters, one elsewhere") {
        const OfferMatch m = cheapest_offer(offers, "h", gpus(1), spot, {"r1", std::nullopt});
        CHECK(m.outcome == MatchOutcome::no_price);
        CHECK(m.no_price == 1);
        CHECK(m.filtered_out == 1);
        CHECK(m.candidates == 0);
    }
    SECTION("no offer with that pricing") {
        const std::vector<CloudOffer> od = {offers[0]};
        const OfferMatch m = cheapest_offer(od, "h", gpus(1), spot);
        CHECK(m.outcome == MatchOutcome::no_price);
        CHECK(m.no_price == 1);
    }
    SECTION("the only offer at the pricing") {
        const OfferMatch m = cheapest_offer(offers, "h", gpus(1), spot);
        CHECK(m.outcome == MatchOutcome::chosen);
        CHECK(m.offer == &offers[1]);
        CHECK(m.candidates == 1);
        CHECK(m.no_price == 1);
    }
    SECTION("an empty catalogue") {
        CHECK(cheapest_offer({}, "h", gpus(1), plain()).outcome == MatchOutcome::no_offer_for_gpu);
    }
}

namespace {

// Seeded draws for the differential test: raw 64-bit output, which the standard fixes for mt19937_64.
class Pick {
public:
    explicit Pick(std::uint64_t seed)
        : m_rng(seed) {}
    std::uint64_t operator()(std::uint64_t n) { return m_rng() % n; }

private:
    std::mt19937_64 m_rng;
};

// Up to six offers of gpu-a (sometimes gpu-b), with prices on a coarse grid so that equal totals happen, some
// pricings missing, and regions and providers in mixed case.
std::vector<CloudOffer> random_offers(Pick& pick) {
    const std::vector<std::string> regions = {"r1", "R1", "r2", "eu"};
    const std::vector<std::string> providers = {"CloudOne", "cloudone", "CloudTwo"};
    std::vector<CloudOffer> offers;
    const std::uint64_t n = pick(7);
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::int64_t gpus_each = std::int64_t{1} << pick(4);  // 1, 2, 4, 8
        const auto price = [&]() -> std::optional<double> {
            if (pick(4) == 0) return std::nullopt;
            return static_cast<double>(gpus_each) * (1.0 + static_cast<double>(pick(3)));
        };
        const std::string id = "o" + std::to_string(pick(50)) + "-" + std::to_string(i);
        const std::string gpu = pick(5) == 0 ? "gpu-b" : "gpu-a";
        const std::optional<double> on_demand = price();
        const std::string& provider = providers[pick(3)];
        const std::string& region = regions[pick(4)];
        offers.push_back(offer(id, gpu, gpus_each, on_demand, provider, region, price()));
    }
    return offers;
}

// box-a4 at on-demand or spot, sometimes filtered by region and provider in another case than the catalogue's.
ComparisonRequest random_request(Pick& pick) {
    ComparisonRequest request;
    request.build_id = "box-a4";
    request.flags.origin = "flag";
    if (pick(2) == 0) request.flags.set(AssumptionKey::pricing, Pricing::spot);
    if (pick(3) == 0) request.region = pick(2) == 0 ? "r1" : "EU";
    if (pick(3) == 0) request.provider = pick(2) == 0 ? "CLOUDONE" : "cloudtwo";
    return request;
}

// How many candidates cost exactly `total`: more than one means the choice was a tie-break.
std::size_t candidates_costing(double total, const std::vector<CloudOffer>& offers, const Build& build,
                               const BuildSpec& spec, const Assumptions& a, const OfferFilters& filters) {
    std::size_t n = 0;
    for (const CloudOffer& o : offers)
        if (offer_fit(o, build.gpu, a.pricing, filters) == OfferFit::candidate &&
            cloud_total_usd(spec, cloud_spec_of(o, a.pricing), a) == total)
            ++n;
    return n;
}

// The search written the plain way, as the old report.cpp cheapest_match did it (fully evaluating every offer of the
// build's GPU that passes the filters and has the price, keeping the lowest cloud total, equal totals to the smaller
// id): the reference the engine's search and the report built on it must agree with.
const CloudOffer* reference_choice(const std::vector<CloudOffer>& offers, const Build& build, const BuildSpec& spec,
                                   const Assumptions& a, const ComparisonRequest& request) {
    const auto same = [](const std::string& x, const std::string& y) {
        if (x.size() != y.size()) return false;
        for (std::size_t i = 0; i < x.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(x[i])) != std::tolower(static_cast<unsigned char>(y[i])))
                return false;
        return true;
    };
    const CloudOffer* best = nullptr;
    double best_total = 0.0;
    for (const CloudOffer& o : offers) {
        if (o.gpu != build.gpu || !o.price(a.pricing)) continue;
        if ((request.region && !same(o.region, *request.region)) ||
            (request.provider && !same(o.provider, *request.provider)))
            continue;
        const double total = evaluate(spec, CloudSpec{o.gpu_count, *o.price(a.pricing)}, a).cloud.total_usd;
        if (best == nullptr || total < best_total || (total == best_total && o.id < best->id)) {
            best = &o;
            best_total = total;
        }
    }
    return best;
}

}  // namespace

// Over seeded random offers with ties, missing pricings and mixed-case filters: the engine's search picks what the
// plain reference search picks, build_report reports that offer, and the match's outcome and counts are the ones the
// report's prose states.
TEST_CASE("cheapest_offer chooses what the plain search chooses, and build_report reports it") {
    const Catalog base = load_catalog_file(test_path("data/mini_catalog.json"));
    Pick pick(20261201);
    int chosen = 0, none = 0, ties = 0;
    for (int round = 0; round < 300; ++round) {
        Catalog catalog = base;
        catalog.cloud = random_offers(pick);
        const ComparisonRequest request = random_request(pick);
        const Build& build = *catalog.find_build("box-a4");
        const BuildSpec spec = build_spec_for(build, *catalog.find_gpu(build.gpu));
        const Assumptions a = resolve({&catalog.assumptions, &build.assumptions, &request.flags}).values;
        const OfferFilters filters{request.region, request.provider};
        const OfferMatch m = cheapest_offer(catalog.cloud, build.gpu, spec, a, filters);
        const CloudOffer* expected = reference_choice(catalog.cloud, build, spec, a, request);
        CAPTURE(round, catalog.cloud.size());
        CHECK((m.offer == nullptr) == (expected == nullptr));
        if (m.offer != nullptr && expected != nullptr) CHECK(m.offer->id == expected->id);
        if (candidates_costing(m.cloud_total_usd, catalog.cloud, build, spec, a, filters) > 1) ++ties;
        try {
            const Report report = build_report(catalog, request);
            const Comparison& c = report.comparisons.front();
            REQUIRE(m.outcome == MatchOutcome::chosen);
            CHECK(m.offer->id == c.offer.id);
            CHECK(m.cloud_total_usd == c.result.cloud.total_usd);
            CHECK((c.offer_choice.rfind("the only ", 0) == 0) == (m.candidates == 1));
            if (m.candidates > 1)
                CHECK(c.offer_choice.find("cheapest of " + std::to_string(m.candidates) + " ") != std::string::npos);
            ++chosen;
        } catch (const DataError& error) {
            const std::string why = error.what();
            CAPTURE(why);
            if (why.find("are elsewhere") != std::string::npos) {
                CHECK(m.outcome == MatchOutcome::all_filtered_out);
                CHECK(why.find("the " + std::to_string(m.filtered_out) + " offers") != std::string::npos);
            } else if (why.find("no cloud offer in the catalogue has GPU") != std::string::npos) {
                CHECK(m.outcome == MatchOutcome::no_offer_for_gpu);
            } else {
                CHECK(m.outcome == MatchOutcome::no_price);
                CHECK(why.find("among the " + std::to_string(m.no_price) + " offers") != std::string::npos);
            }
            ++none;
        }
    }
    // Every path was exercised.
    CHECK(chosen > 50);
    CHECK(none > 20);
    CHECK(ties > 10);
}
