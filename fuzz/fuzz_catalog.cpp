// libFuzzer harness: catalogue parsing and validation (parse_catalog, parse_catalog_overlay, merge_catalog),
// then a report over whatever validated. Contract under test: any bytes either parse into a catalogue whose
// every comparison is finite, or throw gpucost::Error; nothing else escapes, nothing crashes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/report.hpp"
#include "gpucost/util/error.hpp"

namespace {

// Every comparison of a validated catalogue must come out finite: validation is what the engine relies on.
void check_report(const gpucost::Catalog& catalog) {
    gpucost::Report report;
    try {
        report = gpucost::build_report(catalog, gpucost::ComparisonRequest{});
    } catch (const gpucost::Error&) {
        return;  // e.g. a build with no offer for its GPU: a data error, not a bug
    }
    gpucost::fuzz::check_report(report);
}

const gpucost::Catalog& base_catalog() {
    static const gpucost::Catalog base = gpucost::parse_catalog(gpucost::fuzz::mini_catalog_json(), "mini");
    return base;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const gpucost::Catalog catalog = gpucost::parse_catalog(text, "fuzz.json");
        check_report(catalog);
    } catch (const gpucost::Error&) {
    }
    try {
        gpucost::Catalog merged = base_catalog();
        gpucost::merge_catalog(merged, gpucost::parse_catalog_overlay(text, "overlay.json", merged));
        check_report(merged);
    } catch (const gpucost::Error&) {
    }
    return 0;
}
