// libFuzzer harness: CSV import (parse_csv, import_offers for both price-list formats), then the overlay the
// import writes is read back as `--add-catalog` would. Contract under test: any bytes either import into offers
// that gpucost itself accepts as a catalogue overlay, or throw gpucost::Error; nothing crashes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/import_csv.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/util/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const gpucost::Catalog catalog = gpucost::load_embedded_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        gpucost::parse_csv(text, "fuzz.csv");
    } catch (const gpucost::Error&) {
    }
    for (const gpucost::ImportFormat format : {gpucost::ImportFormat::skypilot, gpucost::ImportFormat::gpuhunt}) {
        gpucost::ImportRequest request;
        request.format = format;
        request.source_file = "fuzz.csv";
        request.as_of = "2026-11-30";
        request.provider = format == gpucost::ImportFormat::skypilot ? "AWS" : "";
        gpucost::ImportResult result;
        try {
            result = gpucost::import_offers(text, request, catalog);
        } catch (const gpucost::Error&) {
            continue;
        }
        gpucost::import_summary(result, request);
        const std::string overlay = gpucost::import_overlay_json(result, request);
        try {
            gpucost::parse_catalog_overlay(overlay, "import.json", catalog);
        } catch (const gpucost::Error& e) {
            gpucost::fuzz::fail(std::string("the overlay an import wrote does not load: ") + e.what());
        }
    }
    return 0;
}
