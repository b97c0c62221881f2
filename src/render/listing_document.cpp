// `catalog list` and `show` for people: one outline each, written by the generic writers as a terminal table,
// markdown or an HTML page, money in the output currency.
#include <fmt/format.h>

#include "gpucost/render/listing.hpp"

namespace gpucost {
namespace {

template <typename Enum>
Cell name_or_dash(const std::optional<Enum>& v) {
    return v ? Cell(std::string(to_string(*v))) : Cell("-");
}

// A narrow terminal leaves out each table's columns in its drop order (least important first), never the id. The
// confidence column is the figure's mark as given: blank for sourced, like the "*" of compare for the rest.
Table gpus_table(const Listing& l) {
    Table t = make_table({"id", "name", "vendor", "form", numeric("vram_gb"), numeric("tdp_w"), numeric("bf16_tflops"),
                          numeric("price"), "as_of", "confidence"},
                         {3, 5, 6, 8, 2, 9, 1, 4}, false);
    for (const Gpu& g : l.gpus)
        t.rows.push_back(
            {{g.id, g.name, g.vendor, name_or_dash(g.form_factor), cell::number(g.vram_gb, 0), cell::number(g.tdp_w, 0),
              cell::number(g.bf16_tflops, 0), cell::money(g.price_usd), g.provenance.as_of, g.provenance.confidence}});
    return t;
}

Table builds_table(const Listing& l) {
    Table t = make_table(
        {"id", "gpus", "link", numeric("hardware"), numeric("load_w"), numeric("idle_w"), "as_of", "confidence"},
        {5, 2, 4, 6, 7, 1, 3}, false);
    for (const BuildRow& r : l.builds)
        t.rows.push_back({{r.build.id, fmt::format("{} x {}", r.build.gpu_count, r.build.gpu),
                           name_or_dash(r.build.interconnect), cell::money(r.hardware_usd), cell::number(r.load_w, 0),
                           cell::number(r.idle_w, 0), r.build.provenance.as_of, r.build.provenance.confidence}});
    return t;
}

// The cloud table's drop order: the link, the prices at other pricings, the dates and marks, then where and what
// is rented; the price per GPU-hour and the instance's price at the pricing in force (columns 6 to 9) go last.
std::vector<std::size_t> cloud_drop_order(Pricing pricing) {
    const std::size_t in_force = 6 + static_cast<std::size_t>(pricing);
    std::vector<std::size_t> order = {5};
    for (std::size_t i = 9; i >= 6; --i)
        if (i != in_force) order.push_back(i);
    order.insert(order.end(), {11, 12, 3, 2, 1, 4, 10, in_force});
    return order;
}

Table cloud_table(const Listing& l) {
    Table t =
        make_table({"id", "provider", "region", "tier", "gpus", "link", numeric("on-demand"), numeric("spot"),
                    numeric("reserved-1y"), numeric("reserved-3y"),
                    numeric(words(fmt::format("per_gpu_hour ({})", to_string(l.pricing)))), "as_of", "confidence"},
                   cloud_drop_order(l.pricing), false);
    for (const OfferRow& r : l.cloud) {
        const CloudOffer& o = r.offer;
        t.rows.push_back({{o.id, o.provider, o.region, name_or_dash(o.tier), fmt::format("{} x {}", o.gpu_count, o.gpu),
                           name_or_dash(o.interconnect), cell::money_rate(o.price(Pricing::on_demand)),
                           cell::money_rate(o.price(Pricing::spot)), cell::money_rate(o.price(Pricing::reserved_1y)),
                           cell::money_rate(o.price(Pricing::reserved_3y)), cell::money_rate(r.per_gpu_hour(l.pricing)),
                           o.provenance.as_of, o.provenance.confidence}});
    }
    return t;
}

// One row per GPU a workload measures; the name, source and note are in `catalog list workloads --format json`.
Table workloads_table(const Listing& l) {
    Table t = make_table({"id", "gpu", numeric("per_gpu"), "unit", "as_of", "confidence"}, {4, 5, 3}, false);
    for (const Workload& w : l.workloads)
        for (const WorkloadFigure& f : w.per_gpu)
            t.rows.push_back({{w.id, f.gpu, cell::number(f.throughput, f.throughput < 100 ? 2 : 0), w.unit,
                               w.provenance.as_of, w.provenance.confidence}});
    return t;
}

}  // namespace

Document document_of(const Listing& l) {
    Document d{"gpucost: catalogue " + l.header.catalog_source, {}};
    d.section("", {}, k_html_only).add(Heading{words("Catalogue: " + l.header.catalog_source)});
    const auto section = [&](const char* id, const char* title, std::size_t count, Table (*make)(const Listing&)) {
        Section& s = d.section(id, {title, " (", cell::count(static_cast<long long>(count)), ")"});
        if (count == 0)
            s.add(Paragraph{words("(none match)")});
        else
            s.add(make(l));
    };
    if (l.sections.gpus) section("gpus", "GPUs", l.gpus.size(), gpus_table);
    if (l.sections.builds) section("builds", "Builds", l.builds.size(), builds_table);
    if (l.sections.cloud) section("cloud", "Cloud offers", l.cloud.size(), cloud_table);
    if (l.sections.workloads) section("workloads", "Workloads", l.workloads.size(), workloads_table);
    d.section("catalogue")
        .add(Paragraph{
            {fmt::format("Catalogue: {} (as of {}). Prices in ", l.header.catalog_source, l.header.catalog_as_of),
             cell::currency_code(),
             "; per-instance hourly prices; `gpucost catalog show ID` gives an entry's source and note."}})
        .add(CurrencyNote{});
    return d;
}

Document document_of(const CatalogEntry& entry) {
    const std::vector<EntryField> fields = entry_fields(entry);
    const std::string id = fields.size() > 1 ? fields[1].text.value_or("") : "";
    Document d{"gpucost: catalog show " + id, {}};
    Facts facts;
    for (const EntryField& f : fields) {
        if (f.key == "today") continue;  // said with the age instead
        std::string text = f.text.value_or("-");
        if (f.key == "age_days" && entry.age_days)
            text = fmt::format("{} days (on {})", *entry.age_days, to_string(entry.today));
        facts.facts.emplace_back(f.key, std::move(text));
    }
    d.section().add(Heading{words(id)}, k_not_text).add(std::move(facts));
    return d;
}

}  // namespace gpucost
