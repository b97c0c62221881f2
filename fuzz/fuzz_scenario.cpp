// libFuzzer harness: scenario files (parse_scenario), then a report over the mini catalogue with whatever
// validated. Contract under test: any bytes either give a scenario whose comparisons are all finite, or throw
// gpucost::Error; nothing else escapes, nothing crashes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/scenario_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/model/scenario.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const gpucost::Catalog catalog = gpucost::parse_catalog(gpucost::fuzz::mini_catalog_json(), "mini");
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const gpucost::Scenario scenario = gpucost::parse_scenario(text, "fuzz.json");
        gpucost::ComparisonRequest request;
        request.scenario = scenario.assumptions;
        request.build_id = scenario.build_id;
        request.cloud_id = scenario.cloud_id;
        if (scenario.build_id) request.build_id_file = "fuzz.json";  // unknown ids: errors at /build, /cloud
        if (scenario.cloud_id) request.cloud_id_file = "fuzz.json";
        gpucost::fuzz::check_report(gpucost::build_report(catalog, request));
    } catch (const gpucost::Error&) {
    }
    return 0;
}
