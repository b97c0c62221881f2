#include "fuzz_support.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace gpucost::fuzz {

const std::string& mini_catalog_json() {
    static const std::string text = [] {
        std::ifstream in(GPUCOST_FUZZ_MINI_CATALOG, std::ios::binary);
        if (!in) fail("cannot read " GPUCOST_FUZZ_MINI_CATALOG);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }();
    return text;
}

void require_finite(double value, std::string_view what) {
    if (!std::isfinite(value)) fail(std::string(what) + " is not finite");
}

void check_report(const Report& report) {
    for (const Comparison& c : report.comparisons) {
        const Evaluation& e = c.result;
        for (const double v :
             {e.build.hardware_usd, e.build.setup_usd, e.build.power_usd, e.build.staff_usd, e.build.maintenance_usd,
              e.build.facility_usd, e.build.resale_usd, e.build.total_usd, e.cloud.compute_usd, e.cloud.storage_usd,
              e.cloud.egress_usd, e.cloud.staff_usd, e.cloud.total_usd, e.used_hours_per_month, e.savings_usd})
            require_finite(v, "a figure of " + c.build.id);
        for (const auto& v : {e.build_per_gpu_hour_usd, e.cloud_per_gpu_hour_usd, e.break_even_hours_per_week})
            if (v) require_finite(*v, "a per-hour or break-even figure of " + c.build.id);
    }
}

void fail(std::string_view message) {
    std::fprintf(stderr, "gpucost fuzz invariant broken: %.*s\n", static_cast<int>(message.size()), message.data());
    std::abort();
}

}  // namespace gpucost::fuzz
