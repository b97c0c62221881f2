// libFuzzer harness: CSV import (parse_csv, import_offers for both price-list formats), then the overlay the
// import writes is read back as `--add-catalog` would. Contract under test (import_contract.hpp, shared with
// tests/io/test_fuzz_regressions.cpp): any bytes either import into offers that gpucost itself accepts as a
// catalogue overlay, or throw gpucost::Error; nothing crashes.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.hpp"
#include "gpucost/io/catalog_json.hpp"
#include "gpucost/model/catalog.hpp"
#include "import_contract.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const gpucost::Catalog catalog = gpucost::load_embedded_catalog();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const gpucost::fuzz::ImportOutcome outcome = gpucost::fuzz::check_import_contract(text, catalog);
    if (!outcome.broken.empty()) gpucost::fuzz::fail(outcome.broken.front());
    return 0;
}
