// What every format of `catalog list` and `show` shares: the entry's flattened fields, and the dispatcher's
// instantiations.
#include "gpucost/render/listing.hpp"

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

using Text = std::optional<std::string>;

Text number(double v) { return exact_number(v); }
Text number(const std::optional<double>& v) { return v ? Text(exact_number(*v)) : std::nullopt; }
// Counts are written as the JSON number they are, so table, CSV and JSON read alike.
Text count(std::int64_t v) { return exact_number(static_cast<double>(v)); }
Text count(const std::optional<std::int64_t>& v) { return v ? count(*v) : std::nullopt; }

std::string setting_text(const AssumptionSetting& s) {
    if (const auto* text = std::get_if<std::string>(&s.value)) return *text;
    return exact_number(std::get<double>(s.value));
}

void add_provenance(std::vector<EntryField>& f, const Provenance& p) {
    f.push_back({"source", p.source});
    f.push_back({"as_of", p.as_of});
    f.push_back({"confidence", p.confidence.empty() ? "sourced" : p.confidence});
    f.push_back({"note", p.note});
}

void add_gpu(std::vector<EntryField>& f, const Gpu& g) {
    f.insert(f.end(), {{"id", g.id},
                       {"name", g.name},
                       {"vendor", g.vendor},
                       {"vram_gb", number(g.vram_gb)},
                       {"tdp_w", number(g.tdp_w)},
                       {"idle_w", number(g.idle_w)},
                       {"price_usd", number(g.price_usd)},
                       {"bf16_tflops", number(g.bf16_tflops)},
                       {"fp64_tflops", number(g.fp64_tflops)},
                       {"mem_bw_gbs", number(g.mem_bw_gbs)},
                       {"aliases", fmt::format("{}", fmt::join(g.aliases, ", "))},
                       {"form_factor", enum_name(g.form_factor)},
                       {"nvlink_gbs", number(g.nvlink_gbs)}});
    add_provenance(f, g.provenance);
}

void add_build(std::vector<EntryField>& f, const BuildRow& row) {
    const Build& b = row.build;
    f.insert(f.end(), {{"id", b.id},
                       {"name", b.name},
                       {"gpu", b.gpu},
                       {"gpu_count", count(b.gpu_count)},
                       {"gpu_price_usd", number(b.gpu_price_usd)},
                       {"base_price_usd", number(b.base_price_usd)},
                       {"base_load_w", number(b.base_load_w)},
                       {"base_idle_w", number(b.base_idle_w)},
                       {"setup_usd", number(b.setup_usd)},
                       {"interconnect", enum_name(b.interconnect)},
                       {"gpus_per_node", count(b.gpus_per_node)},
                       {"hardware_usd", number(row.hardware_usd)}});
    for (const AssumptionSetting& s : row.assumptions) f.push_back({"assumptions." + s.name, setting_text(s)});
    if (row.assumptions.empty()) f.push_back({"assumptions", std::nullopt});
    add_provenance(f, b.provenance);
}

void add_offer(std::vector<EntryField>& f, const OfferRow& row) {
    const CloudOffer& o = row.offer;
    f.insert(f.end(), {{"id", o.id},
                       {"provider", o.provider},
                       {"instance", o.instance},
                       {"region", o.region},
                       {"gpu", o.gpu},
                       {"gpu_count", count(o.gpu_count)}});
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        f.push_back({fmt::format("usd_per_hour.{}", to_string(static_cast<Pricing>(p))), number(o.usd_per_hour[p])});
    for (std::size_t p = 0; p < k_pricing_count; ++p)
        f.push_back(
            {fmt::format("usd_per_gpu_hour.{}", to_string(static_cast<Pricing>(p))), number(row.usd_per_gpu_hour[p])});
    f.insert(f.end(), {{"interconnect", enum_name(o.interconnect)},
                       {"tier", enum_name(o.tier)},
                       {"vcpus", count(o.vcpus)},
                       {"ram_gib", number(o.ram_gib)},
                       {"local_disk_tb", number(o.local_disk_tb)}});
    add_provenance(f, o.provenance);
}

}  // namespace

std::vector<EntryField> entry_fields(const CatalogEntry& e) {
    std::vector<EntryField> f = {{"section", to_string(e.section())}};
    if (const auto* g = std::get_if<Gpu>(&e.entry)) add_gpu(f, *g);
    if (const auto* b = std::get_if<BuildRow>(&e.entry)) add_build(f, *b);
    if (const auto* o = std::get_if<OfferRow>(&e.entry)) add_offer(f, *o);
    f.push_back({"age_days", e.age_days ? count(*e.age_days) : std::nullopt});
    f.push_back({"today", to_string(e.today)});
    f.push_back({"catalog_source", e.header.catalog_source});
    return f;
}

template std::string render(const Listing&, Format, const RenderOptions&);
template std::string render(const CatalogEntry&, Format, const RenderOptions&);

}  // namespace gpucost
