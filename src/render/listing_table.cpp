// `catalog list` and `show` for a terminal: rounded money, grouped numbers, "-" for not applicable.
#include <fmt/format.h>

#include "gpucost/render/listing.hpp"
#include "gpucost/render/money.hpp"
#include "gpucost/render/text_table.hpp"

namespace gpucost {
namespace {

// The table's short mark: blank for sourced, like the "*" of compare for the rest.
const std::string& confidence_mark(const Provenance& p) { return p.confidence; }

std::string optional_usd(const std::optional<double>& v) { return v ? format_usd(*v) : "-"; }
std::string optional_number(const std::optional<double>& v, int decimals) {
    return v ? format_grouped(*v, decimals) : "-";
}

template <typename Enum>
std::string name_or_dash(const std::optional<Enum>& v) {
    return v ? std::string(to_string(*v)) : "-";
}

std::string gpus_table(const Listing& l) {
    TextTable t({Align::left, Align::left, Align::left, Align::left, Align::right, Align::right, Align::right,
                 Align::right, Align::left, Align::left});
    t.add({"id", "name", "vendor", "form", "vram_gb", "tdp_w", "bf16_tflops", "price", "as_of", "confidence"});
    for (const Gpu& g : l.gpus)
        t.add({g.id, g.name, g.vendor, name_or_dash(g.form_factor), format_grouped(g.vram_gb, 0),
               format_grouped(g.tdp_w, 0), optional_number(g.bf16_tflops, 0), optional_usd(g.price_usd),
               g.provenance.as_of, confidence_mark(g.provenance)});
    return t.str();
}

std::string builds_table(const Listing& l) {
    TextTable t(
        {Align::left, Align::left, Align::left, Align::right, Align::right, Align::right, Align::left, Align::left});
    t.add({"id", "gpus", "link", "hardware", "load_w", "idle_w", "as_of", "confidence"});
    for (const BuildRow& r : l.builds)
        t.add({r.build.id, fmt::format("{} x {}", r.build.gpu_count, r.build.gpu), name_or_dash(r.build.interconnect),
               format_usd(r.hardware_usd), format_grouped(r.load_w, 0), format_grouped(r.idle_w, 0),
               r.build.provenance.as_of, confidence_mark(r.build.provenance)});
    return t.str();
}

std::string cloud_table(const Listing& l) {
    TextTable t({Align::left, Align::left, Align::left, Align::left, Align::left, Align::left, Align::right,
                 Align::right, Align::right, Align::right, Align::right, Align::left, Align::left});
    t.add({"id", "provider", "region", "tier", "gpus", "link", k_pricing_names[0], k_pricing_names[1],
           k_pricing_names[2], k_pricing_names[3], fmt::format("per_gpu_hour ({})", to_string(l.pricing)), "as_of",
           "confidence"});
    for (const OfferRow& r : l.cloud) {
        const CloudOffer& o = r.offer;
        t.add({o.id, o.provider, o.region, name_or_dash(o.tier), fmt::format("{} x {}", o.gpu_count, o.gpu),
               name_or_dash(o.interconnect), format_optional_rate(o.price(Pricing::on_demand)),
               format_optional_rate(o.price(Pricing::spot)), format_optional_rate(o.price(Pricing::reserved_1y)),
               format_optional_rate(o.price(Pricing::reserved_3y)), format_optional_rate(r.per_gpu_hour(l.pricing)),
               o.provenance.as_of, confidence_mark(o.provenance)});
    }
    return t.str();
}

// One row per GPU a workload measures; the name, source and note are in `catalog list workloads --format json`.
std::string workloads_table(const Listing& l) {
    TextTable t({Align::left, Align::left, Align::right, Align::left, Align::left, Align::left});
    t.add({"id", "gpu", "per_gpu", "unit", "as_of", "confidence"});
    for (const Workload& w : l.workloads)
        for (const WorkloadFigure& f : w.per_gpu)
            t.add({w.id, f.gpu, format_grouped(f.throughput, f.throughput < 100 ? 2 : 0), w.unit, w.provenance.as_of,
                   confidence_mark(w.provenance)});
    return t.str();
}

}  // namespace

std::string render_listing_table(const Listing& l) {
    std::vector<std::string> parts;
    const auto section = [&](const char* title, std::size_t count, const auto& table) {
        parts.push_back(fmt::format("{} ({})\n{}", title, count, count == 0 ? "  (none match)\n" : table(l)));
    };
    if (l.sections.gpus) section("GPUs", l.gpus.size(), gpus_table);
    if (l.sections.builds) section("Builds", l.builds.size(), builds_table);
    if (l.sections.cloud) section("Cloud offers", l.cloud.size(), cloud_table);
    if (l.sections.workloads) section("Workloads", l.workloads.size(), workloads_table);
    std::string out = fmt::format("{}", fmt::join(parts, "\n"));
    out += fmt::format("\nCatalogue: {} (as of {}). Prices in USD; per-instance hourly prices; "
                       "`gpucost catalog show ID` gives an entry's source and note.\n",
                       l.header.catalog_source, l.header.catalog_as_of);
    return out;
}

std::string render_entry_table(const CatalogEntry& entry) {
    TextTable t({Align::left, Align::left});
    for (const EntryField& f : entry_fields(entry)) {
        if (f.key == "today") continue;  // said with the age instead
        std::string text = f.text.value_or("-");
        if (f.key == "age_days" && entry.age_days)
            text = fmt::format("{} days (on {})", *entry.age_days, to_string(entry.today));
        t.add({f.key + ":", std::move(text)});
    }
    return t.str();
}

}  // namespace gpucost
