// The catalogue snapshot: the model's fields listed once (`fields` below), written and read by one generic walker
// each. Loading the shipped catalogue this way costs a copy of its strings instead of a JSON parse, a walk of the
// document and a check of every string (issue 21's start-up; docs/performance.md).
#include "gpucost/io/catalog_snapshot.hpp"

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "gpucost/util/error.hpp"

namespace gpucost {
namespace {

// ---- What a snapshot holds: every field of every model struct, in declaration order. ----------------------------
// A field added to a struct must be added here too. Three checks hold that: the sizes below (the build fails), the
// round trip of the shipped catalogue through a snapshot (tests/io/test_catalog_snapshot.cpp compares with the
// structs' defaulted operator==, which sees every field), and the embedded snapshot against the embedded JSON.

template <typename T, typename U>
concept is = std::same_as<std::remove_const_t<T>, U>;

template <typename F, is<Problem> T>
void fields(F& f, T& p) {
    f(p.path, p.message);
}
template <typename F, is<Provenance> T>
void fields(F& f, T& p) {
    f(p.source, p.as_of, p.confidence, p.note);
}
template <typename F, is<Range> T>
void fields(F& f, T& r) {
    f(r.low, r.high, r.mode, r.dist);
}
template <typename F, is<Address> T>
void fields(F& f, T& a) {
    f(a.kind, a.key, a.id, a.field, a.pricing);
}
template <typename F, is<RangeEntry> T>
void fields(F& f, T& r) {
    f(r.address_text, r.address, r.range, r.origin, r.file, r.pointer);
}
// An AssumptionLayer (origin, values, sources, origins, sourced) is walked by the writer's put_layer and the
// reader's get_layer: sparse, for a build's layer sets a few of its 50 keys.
template <typename F, is<Gpu> T>
void fields(F& f, T& g) {
    f(g.id, g.name, g.vendor, g.vram_gb, g.tdp_w, g.idle_w, g.price_usd, g.bf16_tflops, g.fp64_tflops, g.mem_bw_gbs,
      g.aliases, g.form_factor, g.nvlink_gbs, g.provenance, g.ranges);
}
template <typename F, is<Build> T>
void fields(F& f, T& b) {
    f(b.id, b.name, b.gpu, b.gpu_count, b.gpu_price_usd, b.base_price_usd, b.base_load_w, b.base_idle_w, b.setup_usd,
      b.interconnect, b.gpus_per_node, b.require, b.assumptions, b.provenance, b.ranges);
}
template <typename F, is<OfferCompliance> T>
void fields(F& f, T& c) {
    f(c.attributes, c.source, c.as_of);
}
template <typename F, is<MonthlyBilling> T>
void fields(F& f, T& m) {
    f(m.usd_per_month, m.setup_fee_usd, m.min_term_months);
}
template <typename F, is<CloudOffer> T>
void fields(F& f, T& o) {
    f(o.id, o.provider, o.instance, o.region, o.gpu, o.gpu_count, o.usd_per_hour, o.interconnect, o.tier, o.vcpus,
      o.ram_gib, o.local_disk_tb, o.storage_usd_per_tb_month, o.compliance, o.monthly, o.provenance, o.ranges);
}
template <typename F, is<WorkloadFigure> T>
void fields(F& f, T& w) {
    f(w.gpu, w.throughput);
}
template <typename F, is<Workload> T>
void fields(F& f, T& w) {
    f(w.id, w.name, w.unit, w.per_gpu, w.memory_gb_per_instance, w.max_gpus_per_instance, w.model,
      w.input_tokens_per_output_token, w.provenance);
}
template <typename F, is<ApiOffer> T>
void fields(F& f, T& a) {
    f(a.id, a.provider, a.model, a.api_model, a.usd_per_million_input_tokens, a.usd_per_million_output_tokens,
      a.compliance, a.provenance);
}
template <typename F, is<Catalog> T>
void fields(F& f, T& c) {
    f(c.schema_version, c.as_of, c.currency, c.origin, c.assumptions, c.assumption_ranges, c.gpus, c.builds, c.cloud,
      c.workloads, c.api_offers, c.warnings);
}

#if defined(__GLIBCXX__) && defined(__x86_64__)
// The structs' sizes when `fields` was last brought up to date (libstdc++, x86-64). A new field almost always changes
// its struct's size (one that fits in padding is left to the tests): list it in `fields` above, then the size here.
static_assert(sizeof(Problem) == 64 && sizeof(Provenance) == 96 && sizeof(Range) == 40 && sizeof(Address) == 80);
static_assert(sizeof(RangeEntry) == 248 && sizeof(AssumptionLayer) == 3568 && sizeof(Gpu) == 344);
static_assert(sizeof(Build) == 3872 && sizeof(OfferCompliance) == 56 && sizeof(CloudOffer) == 536);
static_assert(sizeof(MonthlyBilling) == 32);
static_assert(sizeof(WorkloadFigure) == 40 && sizeof(Workload) == 288 && sizeof(Catalog) == 3840);
static_assert(sizeof(ApiOffer) == 304);
#endif

// ---- The walkers. -----------------------------------------------------------------------------------------------

template <typename T>
inline constexpr bool is_optional = false;
template <typename T>
inline constexpr bool is_optional<std::optional<T>> = true;
template <typename T>
inline constexpr bool is_vector = false;
template <typename T>
inline constexpr bool is_vector<std::vector<T>> = true;
template <typename T>
inline constexpr bool is_array = false;
template <typename T, std::size_t N>
inline constexpr bool is_array<std::array<T, N>> = true;
template <typename T>
inline constexpr bool is_variant = false;
template <typename... T>
inline constexpr bool is_variant<std::variant<T...>> = true;

// Sizes travel as 32 bits: no catalogue section or string comes near 4 G.
using Size = std::uint32_t;
constexpr std::string_view k_magic = "gpucost-catalogue-snapshot-4";
constexpr Size k_new_text = 0xFFFFFFFF;  // a shared text's first copy follows

class Writer {
public:
    template <typename... T>
    void operator()(const T&... values) {
        (put(values), ...);
    }
    std::string bytes;

private:
    template <typename T>
    void put(const T& v) {
        if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
            bytes.append(reinterpret_cast<const char*>(&v), sizeof v);
        } else if constexpr (std::is_same_v<T, std::string>) {
            put(static_cast<Size>(v.size()));
            bytes.append(v);
        } else if constexpr (std::is_same_v<T, SharedText>) {
            put_shared(v);
        } else if constexpr (std::is_same_v<T, AssumptionLayer>) {
            put_layer(v);
        } else if constexpr (is_optional<T>) {
            put(v.has_value());
            if (v) put(*v);
        } else if constexpr (is_vector<T>) {
            put(static_cast<Size>(v.size()));
            for (const auto& x : v) put(x);
        } else if constexpr (is_array<T>) {
            for (const auto& x : v) put(x);
        } else if constexpr (is_variant<T>) {
            put(static_cast<std::uint8_t>(v.index()));
            std::visit([&](const auto& x) { put(x); }, v);
        } else {
            fields(*this, v);
        }
    }
    // A shared text is written once: later copies are its number (a catalogue's sources repeat across its offers),
    // so a reader makes one buffer for each distinct text, or none for a snapshot in static storage. 0 is the empty
    // text, k_new_text a new one: its size and characters, then a NUL.
    void put_shared(const SharedText& v) {
        if (v.empty()) return put(Size{0});
        const auto [at, added] = m_shared.try_emplace(v.str(), static_cast<Size>(m_shared.size() + 1));
        if (!added) return put(at->second);
        put(k_new_text);
        put(v.str());
        bytes.push_back('\0');  // so that a reader can use the text where it lies (SharedText::in_static_storage)
    }
    // The origin and `sourced`, the number of keys given, then each key given (a value, a source or an origin of its
    // own) with the three.
    void put_layer(const AssumptionLayer& l) {
        put(l.origin);
        put(l.sourced);
        const auto given = [&l](std::size_t k) {
            return l.values[k] || !l.sources[k].empty() || !l.origins[k].empty();
        };
        Size count = 0;
        for (std::size_t k = 0; k < k_assumption_count; ++k) count += given(k) ? 1U : 0U;
        put(count);
        for (std::size_t k = 0; k < k_assumption_count; ++k)
            if (given(k)) (put(static_cast<Size>(k)), put(l.values[k]), put(l.sources[k]), put(l.origins[k]));
    }
    std::unordered_map<std::string, Size> m_shared;
};

class Reader {
public:
    Reader(std::string_view bytes, SnapshotStorage storage)
        : m_bytes(bytes),
          m_static(storage == SnapshotStorage::static_storage) {}
    template <typename... T>
    void operator()(T&... values) {
        (get(values), ...);
    }
    // The bytes not read yet.
    std::size_t left() const noexcept { return m_bytes.size() - m_at; }
    const char* take(std::size_t n) {
        if (n > left()) fail();
        const char* p = m_bytes.data() + m_at;
        m_at += n;
        return p;
    }
    [[noreturn]] static void fail() { throw DataError("the embedded catalogue snapshot is damaged (rebuild gpucost)"); }

private:
    template <typename T>
    void get(T& v) {
        if constexpr (std::is_arithmetic_v<T> || std::is_enum_v<T>) {
            std::memcpy(&v, take(sizeof v), sizeof v);
        } else if constexpr (std::is_same_v<T, std::string>) {
            Size n = 0;
            get(n);
            const char* text = take(n);
            v = std::string(text, n);  // a fresh string is built faster than assign() rewrites one
        } else if constexpr (std::is_same_v<T, SharedText>) {
            get_shared(v);
        } else if constexpr (std::is_same_v<T, AssumptionLayer>) {
            get_layer(v);
        } else if constexpr (is_optional<T>) {
            bool has = false;
            get(has);
            if (has)
                get(v.emplace());
            else
                v.reset();
        } else if constexpr (is_vector<T>) {
            Size n = 0;
            get(n);
            if (n > left()) fail();  // every element takes at least a byte: a damaged size cannot allocate wildly
            v.clear();
            v.resize(n);
            for (auto& x : v) get(x);
        } else if constexpr (is_array<T>) {
            for (auto& x : v) get(x);
        } else if constexpr (is_variant<T>) {
            std::uint8_t index = 0;
            get(index);
            get_alternative(v, index, std::make_index_sequence<std::variant_size_v<T>>{});
        } else {
            fields(*this, v);
        }
    }
    // Into a layer as made (every key empty): what put_layer wrote.
    void get_layer(AssumptionLayer& l) {
        get(l.origin);
        get(l.sourced);
        Size count = 0;
        get(count);
        if (count > k_assumption_count) fail();
        for (Size i = 0; i < count; ++i) {
            Size k = 0;
            get(k);
            if (k >= k_assumption_count) fail();
            get(l.values[k]);
            get(l.sources[k]);
            get(l.origins[k]);
        }
    }
    void get_shared(SharedText& v) {
        Size n = 0;
        get(n);
        if (n == k_new_text) {
            Size size = 0;
            get(size);
            const char* text = take(size);
            if (*take(1) != '\0') fail();
            v = m_shared.emplace_back(m_static ? SharedText::in_static_storage(text)
                                               : SharedText(std::string_view(text, size)));
        } else if (n == 0) {
            v = SharedText();
        } else {
            if (n > m_shared.size()) fail();
            v = m_shared[n - 1];
        }
    }
    template <typename V, std::size_t... I>
    void get_alternative(V& v, std::size_t index, std::index_sequence<I...>) {
        const bool found = ((index == I ? (get(v.template emplace<I>()), true) : false) || ...);
        if (!found) fail();
    }

    std::string_view m_bytes;
    bool m_static = false;  // the bytes last as long as the program: shared texts are read where they lie
    std::size_t m_at = 0;
    std::vector<SharedText> m_shared;  // the distinct shared texts read so far, in the order written
};

}  // namespace

std::string write_catalog_snapshot(const Catalog& catalog) {
    Writer w;
    w.bytes.append(k_magic);
    w(catalog);
    return std::move(w.bytes);
}

Catalog read_catalog_snapshot(std::string_view bytes, SnapshotStorage storage) {
    Reader r(bytes, storage);
    if (std::string_view(r.take(k_magic.size()), k_magic.size()) != k_magic) Reader::fail();
    Catalog c;
    r(c);
    if (r.left() != 0) Reader::fail();
    return c;
}

}  // namespace gpucost
