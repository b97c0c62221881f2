// Issue 20: a build's failure rate scaled by its GPUs (failures_per_gpu_year), so a small box is not charged an
// 8-GPU server's failures, and a machine rate given at a later layer stands.
#include <catch2/catch.hpp>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/build_resolver.hpp"

using namespace gpucost;

namespace {

constexpr auto k_machine = AssumptionKey::failures_per_machine_year;
constexpr auto k_per_gpu = AssumptionKey::failures_per_gpu_year;

AssumptionLayer layer(const char* origin) {
    AssumptionLayer l;
    l.origin = origin;
    return l;
}

}  // namespace

TEST_CASE("resolve_for_build: the per-GPU rate times the build's GPUs", "[failures]") {
    AssumptionLayer catalogue = layer("catalogue");
    catalogue.set(k_machine, 1.38);
    catalogue.set(k_per_gpu, 0.1725);
    const AssumptionLayer build = layer("build b");
    const ResolvedAssumptions two = resolve_for_build({&catalogue, &build}, 2);
    CHECK(two.values.failures_per_machine_year == Approx(0.345));  // 0.1725 x 2
    CHECK(two.origins[static_cast<std::size_t>(k_machine)] == "failures_per_gpu_year x 2 GPUs (catalogue)");
    CHECK(failures_scaled_by_gpus(two));
    // An 8-GPU server keeps the 1.38 a year the per-server figure gives: 0.1725 x 8 = 1.38.
    CHECK(resolve_for_build({&catalogue, &build}, 8).values.failures_per_machine_year == Approx(1.38));
    // resolve() alone leaves the catalogue's machine rate.
    CHECK(resolve({&catalogue, &build}).values.failures_per_machine_year == 1.38);
    CHECK_FALSE(failures_scaled_by_gpus(resolve({&catalogue, &build})));
}

TEST_CASE("resolve_for_build: a machine rate given at a later layer stands, a later per-GPU rate wins again",
          "[failures]") {
    AssumptionLayer catalogue = layer("catalogue");
    catalogue.set(k_machine, 1.38);
    catalogue.set(k_per_gpu, 0.1725);
    AssumptionLayer build = layer("build b");
    build.set(k_machine, 0.5);
    AssumptionLayer flags = layer("flag");
    const ResolvedAssumptions own = resolve_for_build({&catalogue, &build, &flags}, 4);
    CHECK(own.values.failures_per_machine_year == 0.5);
    CHECK(own.origins[static_cast<std::size_t>(k_machine)] == "build b");
    CHECK_FALSE(failures_scaled_by_gpus(own));
    flags.set(k_per_gpu, 0.25);
    CHECK(resolve_for_build({&catalogue, &build, &flags}, 4).values.failures_per_machine_year == 1.0);  // 0.25 x 4
}

TEST_CASE("resolve_for_build: no per-GPU rate, or a zero one, leaves the machine rate as given", "[failures]") {
    AssumptionLayer catalogue = layer("catalogue");
    catalogue.set(k_machine, 1.38);
    CHECK(resolve_for_build({&catalogue}, 2).values.failures_per_machine_year == 1.38);
    catalogue.set(k_per_gpu, 0.0);
    CHECK(resolve_for_build({&catalogue}, 2).values.failures_per_machine_year == 1.38);
}

TEST_CASE("BuildResolver: each build's resolution is resolve_for_build's, texts and sources included", "[failures]") {
    AssumptionLayer catalogue = layer("catalogue");
    catalogue.sourced = true;
    catalogue.set(k_machine, 1.38);
    catalogue.set(k_per_gpu, 0.1725);
    catalogue.set(AssumptionKey::pue, 1.3);  // sourced, without a source: "no source given"
    catalogue.sources[static_cast<std::size_t>(k_per_gpu)] = "vendor field data";
    AssumptionLayer scenario = layer("scenario s.json");
    scenario.set(AssumptionKey::hours_per_week, 20.0);
    AssumptionLayer flags = layer("flag");
    flags.set(AssumptionKey::pue, 1.1);
    AssumptionLayer plain = layer("build a-long-build-name");
    AssumptionLayer own = layer("build b-long-build-name");
    own.set(k_machine, 0.5);
    own.set(AssumptionKey::pue, 1.2);
    own.set(AssumptionKey::electricity_usd_per_kwh, 0.2);
    BuildResolver resolver({&catalogue}, {&scenario, &flags});
    // Two builds of 2 GPUs share the scaled texts; the one with its own machine rate keeps it.
    for (const auto& [build, gpus] : {std::pair{&plain, 2}, {&own, 2}, {&plain, 2}, {&plain, 8}}) {
        const ResolvedAssumptions want = resolve_for_build({&catalogue, build, &scenario, &flags}, gpus);
        const ResolvedAssumptions got = resolver.resolve(*build, gpus);
        for (const AssumptionInfo& i : assumption_infos()) {
            INFO(i.name);
            CHECK(get_value(got.values, i.key) == get_value(want.values, i.key));
        }
        CHECK(got.origins == want.origins);
        CHECK(got.sources == want.sources);
    }
}
