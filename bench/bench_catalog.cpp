// Catalogue loading benchmarks: the embedded catalogue (what every run pays), and a generated catalogue of
// 100,000 cloud offers (the goal: under half a second; its memory is measured by catalog_memory.cpp).
#include <cstddef>
#include <string>

#include <benchmark/benchmark.h>

#include "gpucost/io/catalog_json.hpp"
#include "gpucost/io/embedded_catalog.hpp"
#include "gpucost/model/catalog.hpp"
#include "gpucost/report/report.hpp"
#include "synthetic_catalog.hpp"

namespace {

// The shipped catalogue as a run loads it: its build-time snapshot read back (issue 21's start-up).
void BM_load_embedded_catalog(benchmark::State& state) {
    for (auto _ : state) {
        gpucost::Catalog c = gpucost::load_embedded_catalog();
        benchmark::DoNotOptimize(c);
    }
    state.SetBytesProcessed(state.iterations() *
                            static_cast<std::int64_t>(gpucost::embedded_catalog_snapshot().size()));
}
BENCHMARK(BM_load_embedded_catalog)->Unit(benchmark::kMicrosecond);

// The same catalogue parsed and validated from its JSON, as the snapshot's generator and --catalog FILE do.
void BM_parse_embedded_catalog_json(benchmark::State& state) {
    for (auto _ : state) {
        gpucost::Catalog c = gpucost::parse_embedded_catalog(gpucost::embedded_catalog_json());
        benchmark::DoNotOptimize(c);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(gpucost::embedded_catalog_json().size()));
}
BENCHMARK(BM_parse_embedded_catalog_json)->Unit(benchmark::kMicrosecond);

const std::string& synthetic_text(std::size_t offers) {
    static std::size_t cached_offers = 0;
    static std::string text;
    if (cached_offers != offers) {
        text = gpucost::bench::synthetic_catalog_json(offers);
        cached_offers = offers;
    }
    return text;
}

// Parse and validate a generated catalogue of N cloud offers (generated once, outside the timing).
void BM_parse_synthetic_catalog(benchmark::State& state) {
    const std::string& text = synthetic_text(static_cast<std::size_t>(state.range(0)));
    for (auto _ : state) {
        gpucost::Catalog c = gpucost::parse_catalog(text, "synthetic");
        benchmark::DoNotOptimize(c);
    }
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(text.size()));
    state.counters["offers"] = static_cast<double>(state.range(0));
}
BENCHMARK(BM_parse_synthetic_catalog)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Rank every build of the 100,000-offer catalogue against its cheapest offer: the report on top of the parse.
void BM_report_synthetic_catalog(benchmark::State& state) {
    const gpucost::Catalog catalog =
        gpucost::parse_catalog(synthetic_text(static_cast<std::size_t>(state.range(0))), "synthetic");
    for (auto _ : state) {
        gpucost::Report r = gpucost::build_report(catalog, gpucost::ComparisonRequest{});
        benchmark::DoNotOptimize(r);
    }
}
BENCHMARK(BM_report_synthetic_catalog)->Arg(100000)->Unit(benchmark::kMillisecond);

}  // namespace
