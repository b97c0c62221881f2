#include "gpucost/report/uncertainty.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A range's problem, where the user must mend it: the file and JSON path, or the flag.
[[noreturn]] void range_error(const RangeEntry& e, const std::string& message) {
    if (e.file.empty()) throw DataError(fmt::format("--range {}: {}", e.address_text, message));
    throw ValidationError(e.file, {{e.pointer, message}});
}

// Every id a range names must exist: a range on a typo would silently vary nothing.
void check_id(const Catalog& catalog, const RangeEntry& e) {
    const Address& a = e.address;
    if (a.kind == AddressKind::assumption) return;
    const auto [found, section, what] =
        a.kind == AddressKind::gpu ? std::tuple{catalog.find_gpu(a.id) != nullptr, CatalogSection::gpus, "GPU"}
        : a.kind == AddressKind::build
            ? std::tuple{catalog.find_build(a.id) != nullptr, CatalogSection::builds, "build"}
            : std::tuple{catalog.find_offer(a.id) != nullptr, CatalogSection::cloud, "cloud offer"};
    if (!found)
        range_error(e,
                    fmt::format("unknown {} {}{}", what, quote_value(a.id), did_you_mean(a.id, catalog.ids(section))));
}

Slot slot_of_field(std::string_view field) {
    if (field == "price_usd" || field == "gpu_price_usd") return {SlotKind::gpu_price_usd, {}};
    if (field == "tdp_w") return {SlotKind::gpu_tdp_w, {}};
    if (field == "idle_w") return {SlotKind::gpu_idle_w, {}};
    if (field == "base_price_usd") return {SlotKind::base_price_usd, {}};
    if (field == "base_load_w") return {SlotKind::base_load_w, {}};
    if (field == "base_idle_w") return {SlotKind::base_idle_w, {}};
    if (field == "setup_usd") return {SlotKind::setup_usd, {}};
    return {SlotKind::usd_per_hour, {}};
}

// The slot a range varies in this comparison, if it applies to it at all.
std::optional<Slot> slot_in(const Catalog& catalog, const Comparison& c, const Address& a) {
    switch (a.kind) {
        case AddressKind::assumption: return Slot{SlotKind::assumption, a.key};
        case AddressKind::gpu: {
            if (a.id != c.build.gpu_id) return std::nullopt;
            // A build with its own quote does not pay the GPU's catalogue price.
            const Build* build = catalog.find_build(c.build.id);
            if (a.field == "price_usd" && build != nullptr && build->gpu_price_usd) return std::nullopt;
            return slot_of_field(a.field);
        }
        case AddressKind::build:
            if (a.id != c.build.id) return std::nullopt;
            return slot_of_field(a.field);
        case AddressKind::cloud:
            if (a.id != c.offer.id || a.pricing != c.assumptions.values.pricing) return std::nullopt;
            return Slot{SlotKind::usd_per_hour, {}};
    }
    return std::nullopt;
}

std::vector<AppliedRange> applied_ranges(const Catalog& catalog, const Comparison& c,
                                         const std::vector<RangeEntry>& ranges) {
    const Case point = case_of(c);
    std::vector<AppliedRange> applied;
    for (std::size_t index = 0; index < ranges.size(); ++index) {
        const RangeEntry& e = ranges[index];
        auto slot = slot_in(catalog, c, e.address);
        if (!slot) continue;
        AppliedRange a;
        a.address = e.address_text;
        Range range = e.range;
        if (slot->kind == SlotKind::assumption && slot->key == AssumptionKey::failures_per_gpu_year) {
            // The per-GPU rate moves the machine's, scaled by its GPUs, where it sets it; elsewhere it varies nothing.
            if (!failures_scaled_by_gpus(c.assumptions)) continue;
            const auto g = static_cast<double>(c.build.gpu_count);
            *slot = Slot{SlotKind::assumption, AssumptionKey::failures_per_machine_year};
            range = {range.low * g, range.high * g, range.mode ? std::optional(*range.mode * g) : std::nullopt,
                     range.dist};
            a.address = fmt::format("{} x {}", e.address_text, count_text(c.build.gpu_count, "GPU"));
        }
        a.point = read_slot(point, *slot);
        a.input = {*slot,      range.low,  std::clamp(range.mode.value_or(a.point), range.low, range.high),
                   range.high, range.dist, static_cast<std::uint32_t>(index)};
        // A build's own range on its GPU price is more specific than its GPU's.
        const auto same = std::find_if(applied.begin(), applied.end(),
                                       [&](const AppliedRange& other) { return other.input.slot == *slot; });
        if (same == applied.end())
            applied.push_back(std::move(a));
        else if (e.address.kind != AddressKind::gpu)
            *same = std::move(a);
    }
    return applied;
}

std::vector<RangeEntry> catalogue_ranges(const Catalog& catalog) {
    std::vector<RangeEntry> all = catalog.assumption_ranges;
    for (const Gpu& g : catalog.gpus) all.insert(all.end(), g.ranges.begin(), g.ranges.end());
    for (const Build& b : catalog.builds) all.insert(all.end(), b.ranges.begin(), b.ranges.end());
    for (const CloudOffer& o : catalog.cloud) all.insert(all.end(), o.ranges.begin(), o.ranges.end());
    return all;
}

ComparisonLabel label_of(const Comparison& c) {
    return {c.build, c.offer, c.result.cloud.total_usd - c.result.build.total_usd, c.result.cheaper};
}

std::string no_range_warning(const Comparison& c) {
    return fmt::format("{} vs {}: no range applies; its figures are the point values", c.build.id, c.offer.id);
}

std::vector<RangedInput> inputs_of(const std::vector<AppliedRange>& applied) {
    std::vector<RangedInput> inputs;
    for (const AppliedRange& a : applied) inputs.push_back(a.input);
    return inputs;
}

}  // namespace

Case case_of(const Comparison& c) { return {c.build_spec, c.rental, c.assumptions.values}; }

ResolvedRanges resolve_ranges(const Catalog& catalog, const Report& report, const RangeRequest& request) {
    const std::vector<RangeEntry> from_catalogue = catalogue_ranges(catalog);
    const std::vector<RangeEntry> merged =
        merge_ranges({&from_catalogue, &request.comparison.scenario_ranges, &request.flag_ranges});
    ResolvedRanges r;
    for (const RangeEntry& e : merged) {
        check_id(catalog, e);
        r.rows.push_back({e.address_text, e.range, e.origin});
    }
    for (const Comparison& c : report.comparisons) r.per_comparison.push_back(applied_ranges(catalog, c, merged));
    return r;
}

SensitivityReport sensitivity_report(const Catalog& catalog, const RangeRequest& request) {
    const Report report = build_report(catalog, request.comparison);
    const ResolvedRanges ranges = resolve_ranges(catalog, report, request);
    SensitivityReport s;
    s.header = report.header;
    s.header.command = "sensitivity";
    s.ranges = ranges.rows;
    s.excluded = report.excluded;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        const std::vector<AppliedRange>& applied = ranges.per_comparison[i];
        if (applied.empty()) s.header.warnings.push_back(no_range_warning(c));
        const std::vector<RangedInput> inputs = inputs_of(applied);
        SensitivityComparison out{label_of(c), {}};
        for (const TornadoBar& bar : tornado(case_of(c), inputs)) {
            const AppliedRange& a = applied[bar.input];
            out.rows.push_back({a.address, a.input.low, a.input.high, a.point, bar.saves_at_low_usd,
                                bar.saves_at_high_usd, bar.swing_usd, bar.flips});
        }
        s.comparisons.push_back(std::move(out));
    }
    return s;
}

namespace {

// The grid of one --vary, checked against the field's valid values.
std::vector<double> grid_of(const SweepVary& v, const Address& address) {
    if (v.step > 0.0 && (v.stop - v.start) / v.step >= static_cast<double>(k_max_sweep_points))
        throw UsageError(fmt::format("--vary {}: the grid has more than {} points; use a larger STEP", v.address,
                                     k_max_sweep_points));
    const std::vector<double> values = grid_values(v.start, v.stop, v.step);
    if (values.empty())
        throw UsageError(
            fmt::format("--vary {}: expected START:STOP:STEP with STEP > 0 and STOP >= START, got {}:{}:{}", v.address,
                        exact_number(v.start), exact_number(v.stop), exact_number(v.step)));
    Range span;
    span.low = values.front();
    span.high = values.back();
    if (const std::string problem = range_problem(address, span); !problem.empty())
        throw UsageError(fmt::format("--vary {}: {}", v.address, problem));
    return values;
}

}  // namespace

SweepReport sweep_report(const Catalog& catalog, const RangeRequest& request, const std::vector<SweepVary>& vary) {
    if (vary.empty() || vary.size() > 2) throw UsageError("sweep needs one or two --vary ADDRESS=START:STOP:STEP");
    SweepReport s;
    std::vector<RangeEntry> entries;
    std::size_t points = 1;
    for (const SweepVary& v : vary) {
        const ParsedAddress parsed = parse_address(v.address);
        if (!parsed.address) throw UsageError(fmt::format("--vary: {}", parsed.reason));
        RangeEntry e;
        e.address_text = v.address;
        e.address = *parsed.address;
        check_id(catalog, e);
        if (!s.addresses.empty() && *parsed.address == entries.front().address)
            throw UsageError(fmt::format("--vary {}: given twice; vary two different inputs", v.address));
        entries.push_back(e);
        s.addresses.push_back(v.address);
        s.values.push_back(grid_of(v, *parsed.address));
        points *= s.values.back().size();
        if (points > k_max_sweep_points)
            throw UsageError(
                fmt::format("--vary: the grid has more than {} points; use a larger STEP", k_max_sweep_points));
    }
    const Report report = build_report(catalog, request.comparison);
    s.header = report.header;
    s.header.command = "sweep";
    s.excluded = report.excluded;
    // Each comparison the grid applies to, with its axes: counted before any point is evaluated, so a grid too
    // large across the builds is refused before the work and the memory it would take.
    // Slots only: the grid's values are copied into one comparison's axes at a time, as it is swept.
    std::vector<std::pair<const Comparison*, std::vector<Slot>>> swept;
    for (const Comparison& c : report.comparisons) {
        std::vector<Slot> slots;
        for (std::size_t i = 0; i < entries.size(); ++i)
            if (const auto slot = slot_in(catalog, c, entries[i].address)) slots.push_back(*slot);
        if (slots.size() != entries.size()) {
            s.header.warnings.push_back(fmt::format("{} vs {} skipped: --vary {} does not apply to it", c.build.id,
                                                    c.offer.id, fmt::join(s.addresses, ", ")));
            continue;
        }
        swept.emplace_back(&c, std::move(slots));
    }
    if (const std::size_t total = points * swept.size(); total > k_max_sweep_total_points)
        throw UsageError(fmt::format("--vary: {} points x {} comparisons = {} grid points in all, more than the {} "
                                     "one sweep evaluates; use a larger STEP or name one build (--build ID)",
                                     points, swept.size(), total, k_max_sweep_total_points));
    for (const auto& [c, slots] : swept) {
        std::vector<SweepAxis> axes;
        for (std::size_t i = 0; i < slots.size(); ++i) axes.push_back({slots[i], s.values[i]});
        s.comparisons.push_back({label_of(*c), sweep(case_of(*c), axes)});
    }
    if (s.comparisons.empty())
        throw DataError(fmt::format("--vary {}: applies to no comparison (a gpu:, build: or cloud: address varies only "
                                    "the comparisons that use that entry at that pricing)",
                                    fmt::join(s.addresses, ", ")));
    return s;
}

SimulationReport simulation_report(const Catalog& catalog, const RangeRequest& request,
                                   const SimulationOptions& options) {
    const Report report = build_report(catalog, request.comparison);
    const ResolvedRanges ranges = resolve_ranges(catalog, report, request);
    SimulationReport s;
    s.header = report.header;
    s.header.command = "simulate";
    s.draws = options.draws;
    s.seed = options.seed;
    s.ranges = ranges.rows;
    s.excluded = report.excluded;
    for (std::size_t i = 0; i < report.comparisons.size(); ++i) {
        const Comparison& c = report.comparisons[i];
        const std::vector<AppliedRange>& applied = ranges.per_comparison[i];
        if (applied.empty()) s.added_warnings.push_back(no_range_warning(c));
        SimulationComparison out{label_of(c), {}, {}};
        for (const AppliedRange& a : applied) out.ranged.push_back(a.address);
        // Every comparison draws from the same seed: inputs they share get the same draws (common random numbers).
        out.result = simulate(case_of(c), inputs_of(applied), options);
        s.comparisons.push_back(std::move(out));
    }
    s.header.warnings.insert(s.header.warnings.end(), s.added_warnings.begin(), s.added_warnings.end());
    return s;
}

}  // namespace gpucost
