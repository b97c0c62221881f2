// The contract of CSV import, checked by the fuzz_import harness and by tests/io/test_fuzz_regressions.cpp from this
// one definition, so the fuzzer and the ordinary test suite cannot drift apart (review D-14): any bytes either import
// into offers that gpucost itself reads back as a catalogue overlay, or fail with a gpucost::Error. Any other
// exception escapes to the caller (a crash for libFuzzer, a failure for Catch2).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/catalog.hpp"

namespace gpucost::fuzz {

// What each step made of one input: the text "accepted", or the message of the gpucost::Error it threw.
struct ImportOutcome {
    std::string csv;                  // parse_csv(text, "fuzz.csv")
    std::string skypilot;             // import_offers as a SkyPilot price list (provider "AWS"), then the overlay read
    std::string gpuhunt;              // import_offers as a gpuhunt price list, then the overlay read back
    std::vector<std::string> broken;  // the contract broken: an import whose overlay does not load, or a CSV read in
                                      // small chunks that differs from the whole; empty when kept
};

// Runs parse_csv (and CsvReader on 1- and 7-byte chunks of `text`, which must agree) and, for both price-list formats,
// import_offers, import_summary and parse_catalog_overlay on `text`, with the source file "fuzz.csv", as_of 2026-11-30
// and the overlay named "import.json".
ImportOutcome check_import_contract(std::string_view text, const Catalog& catalog);

}  // namespace gpucost::fuzz
