// Properties of the shipped catalogue's data (data/catalog.json) that issue 11 depends on: commitment prices that a
// 24/7 buyer compares against, and their internal consistency. These read the real figures, so a transcription
// slip in the data (a 3-year rate above the 1-year one, a commitment above on-demand) fails here.
#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/report.hpp"

using namespace gpucost;

namespace {

// A data-centre build pays colocation: its own assumptions set facility_usd_per_month above 0.
bool is_data_centre(const Build& b) {
    const auto& facility = b.assumptions.get(AssumptionKey::facility_usd_per_month);
    return facility && std::get<double>(*facility) > 0.0;
}

}  // namespace

TEST_CASE("shipped catalogue (v2data): a 24/7 reserved-3y comparison covers every data-centre build") {
    const Catalog catalog = load_embedded_catalog();
    std::set<std::string> data_centre;
    for (const Build& b : catalog.builds)
        if (is_data_centre(b)) data_centre.insert(b.id);
    // The eight servers of data/README.md section 3 (A100 40/80 GB, H100, H200, and the DGX B200 and 8x MI300X since
    // 2026-12-02).
    REQUIRE(data_centre.size() == 8);
    // The one exception: no MI300X offer publishes a commitment price (data/README.md 4a), so its server has nothing
    // to be compared with at reserved-3y. Held here: the day an MI300X offer gains one, the server joins the rule.
    for (const CloudOffer& o : catalog.cloud)
        if (o.gpu == "mi300x") CHECK_FALSE(o.price(Pricing::reserved_3y));
    REQUIRE(data_centre.erase("oam-mi300x-8gpu-2025") == 1);

    ComparisonRequest request;
    request.flags.origin = "flag";
    request.flags.set(AssumptionKey::hours_per_week, 168.0);
    request.flags.set(AssumptionKey::pricing, Pricing::reserved_3y);
    const Report report = build_report(catalog, request);

    std::set<std::string> compared;
    for (const Comparison& c : report.comparisons) {
        compared.insert(c.build.id);
        INFO("build " << c.build.id << " against " << c.offer.id);
        // The matched offer really publishes a 3-year price, and the report prices the cloud side with it.
        const auto offer = std::find_if(catalog.cloud.begin(), catalog.cloud.end(),
                                        [&](const CloudOffer& o) { return o.id == c.offer.id; });
        REQUIRE(offer != catalog.cloud.end());
        REQUIRE(offer->price(Pricing::reserved_3y));
        CHECK(c.cloud_spec.usd_per_hour == *offer->price(Pricing::reserved_3y));
    }
    for (const std::string& id : data_centre) {
        INFO("data-centre build " << id);
        CHECK(compared.count(id) == 1);
    }
}

TEST_CASE("shipped catalogue (v2data): commitment prices undercut on-demand, and 3 years undercut 1 year") {
    const Catalog catalog = load_embedded_catalog();
    int reserved_3y = 0;
    for (const CloudOffer& o : catalog.cloud) {
        INFO("offer " << o.id);
        const auto& od = o.price(Pricing::on_demand);
        const auto& r1 = o.price(Pricing::reserved_1y);
        const auto& r3 = o.price(Pricing::reserved_3y);
        if (r3) ++reserved_3y;
        // Every offer with a commitment also publishes on-demand, so the discount can be read (data/README.md 4a).
        if (r1 || r3) REQUIRE(od);
        if (r1) CHECK(*r1 < *od);
        if (r3) CHECK(*r3 < *od);
        if (r1 && r3) CHECK(*r3 < *r1);
        // No published commitment is deeper than the largest ceiling any provider states (AWS EC2 Instance
        // Savings Plans, up to 72%; commitments.csv): a rate below 28% of on-demand would be a slip.
        if (r1) CHECK(*r1 >= 0.28 * *od);
        if (r3) CHECK(*r3 >= 0.28 * *od);
    }
    // AWS 12 (p4d in us-west-2 lost its 2025 3-year rate on 2026-12-01; p5en and p6-b200 in us-east-1 gained Savings
    // Plans), GCP 9 (the four G4 RTX PRO 6000 shapes since 2026-12-02), Azure 5, CoreWeave 4, Hyperstack 8, Civo 2,
    // Gcore 2, Vultr 1 (the 8x MI325X's 36-month prepaid floor since 2026-12-02) (data/README.md section 4a).
    CHECK(reserved_3y == 43);
}

TEST_CASE("shipped catalogue (v2data): model v2's inputs follow each build's class") {
    const Catalog catalog = load_embedded_catalog();
    REQUIRE(catalog.schema_version == 2);
    const auto number = [](const AssumptionLayer& layer, AssumptionKey key) -> std::optional<double> {
        const auto& v = layer.get(key);
        if (!v) return std::nullopt;
        return std::get<double>(*v);
    };
    const double dc_decline = *number(catalog.assumptions, AssumptionKey::resale_decline_per_year);
    for (const Build& b : catalog.builds) {
        INFO("build " << b.id);
        const auto lead = number(b.assumptions, AssumptionKey::lead_time_months);
        const auto disk = number(b.assumptions, AssumptionKey::storage_tb);
        const auto decline = number(b.assumptions, AssumptionKey::resale_decline_per_year);
        if (is_data_centre(b)) {
            // An HGX/DGX order waits for delivery, and its local data NVMe is what the cloud side must hold instead.
            REQUIRE(lead);
            CHECK(*lead >= 2.0);
            CHECK(*lead <= 12.0);
            REQUIRE(disk);
            CHECK(*disk > 1.0);
            CHECK_FALSE(decline);  // the catalogue's data-centre decline
        } else {
            // An office or workstation box is bought from stock: no lead time of a whole month.
            CHECK_FALSE(lead);
            // Consumer-card boxes, and only they, lose value more slowly than data-centre parts.
            const bool consumer = b.gpu.rfind("rtx-", 0) == 0 && b.gpu != "rtx-pro-6000" && b.gpu != "rtx-6000-ada";
            CHECK(decline.has_value() == consumer);
            if (decline) CHECK(*decline < dc_decline);
        }
    }
}
