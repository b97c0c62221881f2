// The layers of assumptions resolved over the code defaults, later layers winning key by key.
#include <fmt/format.h>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/build_resolver.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// The table's source texts, made once per process so that every resolution shares them.
const std::array<SharedText, k_assumption_count>& default_sources() {
    static const std::array<SharedText, k_assumption_count> sources = [] {
        std::array<SharedText, k_assumption_count> out{};
        for (const AssumptionInfo& i : assumption_infos())
            out[static_cast<std::size_t>(i.key)] = SharedText(i.default_source);
        return out;
    }();
    return sources;
}

const SharedText& no_source_given() {
    static const SharedText text{k_no_source_given};
    return text;
}

const std::string& default_origin() {
    static const std::string text{k_default_origin};
    return text;
}

// What `layer` says of key `i` over what the layers below it said: its value, its origin and, where it names one
// (or is a catalogue's, which documents its values), its source. False when it says nothing of the key.
// Origins are pointed at, to be copied once: a string's copy is cheaper than its assignment from a view.
bool overlay_key(const AssumptionLayer& layer, const AssumptionInfo& i, Assumptions& values, const std::string*& origin,
                 const SharedText*& source) {
    const auto k = static_cast<std::size_t>(i.key);
    if (!layer.values[k]) return false;
    set_value(values, i.key, *layer.values[k]);
    origin = layer.origins[k].empty() ? &layer.origin : &layer.origins[k];
    if (!layer.sources[k].empty())
        source = &layer.sources[k];
    else if (layer.sourced)
        source = &no_source_given();
    return true;
}

// The origin of a machine rate scaled from the per-GPU rate; failures_scaled_by_gpus() looks for it.
constexpr std::string_view k_scaled_origin = "failures_per_gpu_year x ";

// The index in `layers` of the last layer that gives `key`; -1 when none does (the code default).
int last_layer_giving(const std::vector<const AssumptionLayer*>& layers, AssumptionKey key) {
    int last = -1;
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (layers[i]->get(key)) last = static_cast<int>(i);
    return last;
}

// Issue 20: a small box is not charged an 8-GPU server's failures; the per-GPU rate scales with its GPUs where it is
// above 0 and given at the same layer as the machine rate or a later one.
bool scales_failures(const ResolvedAssumptions& r, const std::vector<const AssumptionLayer*>& layers,
                     std::int64_t gpus) {
    const int per_gpu = last_layer_giving(layers, AssumptionKey::failures_per_gpu_year);
    if (per_gpu < 0 || r.values.failures_per_gpu_year <= 0.0 || gpus <= 0) return false;
    return last_layer_giving(layers, AssumptionKey::failures_per_machine_year) <= per_gpu;
}

constexpr auto k_machine = static_cast<std::size_t>(AssumptionKey::failures_per_machine_year);
constexpr auto k_per_gpu = static_cast<std::size_t>(AssumptionKey::failures_per_gpu_year);

// The origin and source of a machine rate scaled from `r`'s per-GPU rate for `gpus` GPUs.
ScaledFailures scaled_failures(const ResolvedAssumptions& r, std::int64_t gpus) {
    const double per_gpu = r.values.failures_per_gpu_year;
    ScaledFailures s{gpus, per_gpu, r.origins[k_per_gpu], r.sources[k_per_gpu], {}, {}};
    s.origin = fmt::format("{}{} GPUs ({})", k_scaled_origin, gpus, r.origins[k_per_gpu]);
    s.source = SharedText(fmt::format("failures_per_gpu_year {} x {} GPUs; {}", exact_number(per_gpu), gpus,
                                      r.sources[k_per_gpu].view()));
    return s;
}

void set_scaled(ResolvedAssumptions& r, const ScaledFailures& s) {
    r.values.failures_per_machine_year = r.values.failures_per_gpu_year * static_cast<double>(s.gpus);
    r.origins[k_machine] = s.origin;
    r.sources[k_machine] = s.source;
}

}  // namespace

ResolvedAssumptions resolve(const std::vector<const AssumptionLayer*>& layers) {
    ResolvedAssumptions r;
    for (const AssumptionInfo& i : assumption_infos()) {
        const auto k = static_cast<std::size_t>(i.key);
        set_value(r.values, i.key, i.default_value);
        // Each text is found first and copied once (issue 21's start-up); a source is shared, not copied.
        // The table's sources are made only when a key falls to its default: a complete catalogue (the shipped one)
        // leaves none, and their 49 texts were 49 allocations and 19 K instructions of every `compare`.
        const std::string* origin = &default_origin();
        const SharedText* source = nullptr;
        for (const AssumptionLayer* layer : layers) overlay_key(*layer, i, r.values, origin, source);
        r.origins[k] = *origin;
        r.sources[k] = source != nullptr ? *source : default_sources()[k];
    }
    return r;
}

ResolvedAssumptions resolve_for_build(const std::vector<const AssumptionLayer*>& layers, std::int64_t gpus) {
    ResolvedAssumptions r = resolve(layers);
    if (scales_failures(r, layers, gpus)) set_scaled(r, scaled_failures(r, gpus));
    return r;
}

bool failures_scaled_by_gpus(const ResolvedAssumptions& r) {
    return r.origins[static_cast<std::size_t>(AssumptionKey::failures_per_machine_year)].starts_with(k_scaled_origin);
}

BuildResolver::BuildResolver(const std::vector<const AssumptionLayer*>& below,
                             const std::vector<const AssumptionLayer*>& above)
    : m_below(gpucost::resolve(below)),
      m_all(below),
      m_own(below.size()) {
    m_above.push_back(nullptr);
    m_above.insert(m_above.end(), above.begin(), above.end());
    m_all.insert(m_all.end(), m_above.begin(), m_above.end());
}

// Resolution key by key is a fold over the layers in order, so folding the layers from the build's own up over the
// fold of those below gives what folding them all gives; keys no layer from the build's own up names are left as
// the layers below resolved them.
ResolvedAssumptions BuildResolver::resolve(const AssumptionLayer& build, std::int64_t gpus) {
    ResolvedAssumptions r;
    resolve_into(build, gpus, r);
    return r;
}

void BuildResolver::resolve_into(const AssumptionLayer& build, std::int64_t gpus, ResolvedAssumptions& r) {
    m_above.front() = &build;
    m_all[m_own] = &build;
    r.values = m_below.values;
    for (const AssumptionInfo& i : assumption_infos()) {
        const auto k = static_cast<std::size_t>(i.key);
        const std::string* origin = &m_below.origins[k];
        const SharedText* source = &m_below.sources[k];
        for (const AssumptionLayer* layer : m_above) overlay_key(*layer, i, r.values, origin, source);
        r.origins[k] = *origin;
        r.sources[k] = *source;
    }
    if (scales_failures(r, m_all, gpus)) set_scaled(r, scaled_for(r, gpus));
}

// Builds of one GPU count share the texts of their scaled failure rate: two formats and a new source text per build
// were 60,000 instructions of the shipped catalogue's 16.
const ScaledFailures& BuildResolver::scaled_for(const ResolvedAssumptions& r, std::int64_t gpus) {
    for (const ScaledFailures& s : m_scaled)
        if (s.gpus == gpus && s.per_gpu == r.values.failures_per_gpu_year && s.per_gpu_origin == r.origins[k_per_gpu] &&
            s.per_gpu_source == r.sources[k_per_gpu])
            return s;
    return m_scaled.emplace_back(scaled_failures(r, gpus));
}

}  // namespace gpucost
