#include "gpucost/io/import_csv.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>

#include "gpucost/io/catalog_json_write.hpp"
#include "gpucost/io/csv_reader.hpp"
#include "gpucost/io/json_reader.hpp"
#include "gpucost/model/offer_id.hpp"
#include "gpucost/util/text.hpp"
#include "import_variant.hpp"

namespace gpucost {
namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// gpuhunt's provider keys as the catalogue writes the providers' names; others are kept as written.
std::string provider_name(const std::string& key) {
    static const std::map<std::string, std::string> k_names = {
        {"aws", "AWS"},       {"gcp", "Google Cloud"},  {"azure", "Azure"},          {"lambdalabs", "Lambda"},
        {"runpod", "RunPod"}, {"vastai", "Vast.ai"},    {"nebius", "Nebius"},        {"datacrunch", "DataCrunch"},
        {"oci", "OCI"},       {"cudo", "Cudo Compute"}, {"tensordock", "TensorDock"}};
    const auto it = k_names.find(lower(key));
    return it != k_names.end() ? it->second : key;
}

struct Columns {
    std::size_t instance, region, gpu_name, gpu_count, price;
    std::optional<std::size_t> spot_price;  // SkyPilot SpotPrice
    std::optional<std::size_t> spot_flag;   // gpuhunt spot
    std::optional<std::size_t> gpu_memory;  // gpuhunt gpu_memory (GB per GPU)
    std::optional<std::size_t> gpu_info;    // SkyPilot GpuInfo (or GPUInfo): a Python dict with the memory
    std::optional<std::size_t> ram;         // SkyPilot MemoryGiB: the machine's, which some lists repeat in GpuInfo
    std::optional<std::size_t> zone;        // SkyPilot AvailabilityZone, absent from some providers' lists
    std::optional<std::size_t> provider;    // gpuhunt provider
};

Columns find_columns(const CsvTable& t, ImportFormat format) {
    std::vector<std::string> missing;
    const auto need = [&](const char* name) -> std::size_t {
        const auto c = t.column(name);
        if (!c) missing.emplace_back(name);
        return c.value_or(0);
    };
    Columns c{};
    if (format == ImportFormat::skypilot) {
        c.instance = need("InstanceType");
        c.gpu_name = need("AcceleratorName");
        c.gpu_count = need("AcceleratorCount");
        c.price = need("Price");
        c.region = need("Region");
        c.spot_price = t.column("SpotPrice");
        if (!c.spot_price) missing.emplace_back("SpotPrice");
        c.gpu_info = t.column("GpuInfo");
        if (!c.gpu_info) c.gpu_info = t.column("GPUInfo");
        c.ram = t.column("MemoryGiB");
        c.zone = t.column("AvailabilityZone");
    } else {
        c.instance = need("instance_name");
        c.region = need("location");
        c.price = need("price");
        c.gpu_count = need("gpu_count");
        c.gpu_name = need("gpu_name");
        c.spot_flag = t.column("spot");
        if (!c.spot_flag) missing.emplace_back("spot");
        c.gpu_memory = t.column("gpu_memory");
        c.provider = t.column("provider");
    }
    if (!missing.empty())
        throw DataError(fmt::format(
            "{}: line 1: missing column{} {}; a {} price list has {}", t.file, missing.size() == 1 ? "" : "s",
            fmt::join(missing, ", "), format == ImportFormat::skypilot ? "SkyPilot" : "gpuhunt",
            format == ImportFormat::skypilot
                ? "InstanceType, AcceleratorName, AcceleratorCount, Price, SpotPrice and Region "
                  "(GpuInfo, MemoryGiB and AvailabilityZone when present)"
                : "instance_name, location, price, cpu, memory, gpu_count, gpu_name, "
                  "gpu_memory, spot[, provider]"));
    return c;
}

// Hourly prices above this are a unit mistake (cents, a month), not an instance.
constexpr double k_max_import_usd_per_hour = 1e5;

// A price cell: empty is "no price"; anything else must be a number in [0, 1e5].
std::optional<double> price_cell(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string& text = row.cells[column];
    if (text.empty()) return std::nullopt;
    const auto v = parse_number(text);
    if (!v)
        throw DataError(fmt::format("{}: line {}: column {}: must be a price in USD per hour, got {}", t.file, row.line,
                                    t.header[column], quote_value(text)));
    if (*v < 0 || *v > k_max_import_usd_per_hour)
        throw DataError(fmt::format("{}: line {}: column {}: must be in [0, {}] USD per hour, got {}", t.file, row.line,
                                    t.header[column], exact_number(k_max_import_usd_per_hour), quote_value(text)));
    return *v;
}

// A GPU count: empty or 0 means no GPU; SkyPilot writes "8.0".
std::optional<double> count_cell(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string& text = row.cells[column];
    if (text.empty()) return std::nullopt;
    const auto v = parse_number(text);
    if (!v || *v < 0 || *v > static_cast<double>(k_max_gpu_count))
        throw DataError(fmt::format("{}: line {}: column {}: must be a GPU count in [0, {}], got {}", t.file, row.line,
                                    t.header[column], k_max_gpu_count, quote_value(text)));
    return *v;
}

bool spot_flag(const CsvTable& t, const CsvRow& row, std::size_t column) {
    const std::string v = lower(row.cells[column]);
    if (v == "true" || v == "1") return true;
    if (v == "false" || v == "0" || v.empty()) return false;
    throw DataError(fmt::format("{}: line {}: column {}: must be true or false, got {}", t.file, row.line,
                                t.header[column], quote_value(row.cells[column])));
}

// One offer being assembled from its rows: one instance in one region, a row per zone or per listing.
struct Pending {
    CloudOffer offer;
    std::size_t rows = 0;
    std::set<std::string> zones;  // distinct AvailabilityZone cells: the rows are zone prices when each has its own
    double od_min = 0, od_max = 0;
    std::size_t od_count = 0;
    double spot_min = 0, spot_max = 0;
    std::size_t spot_count = 0;
};

void take(std::optional<double>& slot, double& lo, double& hi, std::size_t& count, double value) {
    if (count == 0) lo = hi = value;
    lo = std::min(lo, value);
    hi = std::max(hi, value);
    ++count;
    slot = lo;
}

std::string range_note(const char* what, double lo, double hi, std::size_t count, bool zones) {
    if (count < 2 || lo == hi) return {};
    return fmt::format(" {} is the lowest of {} {} (${} to ${} per hour).", what, count,
                       zones ? "zone prices" : "prices listed for it", exact_number(lo), exact_number(hi));
}

// A row's two prices, USD per hour; a zero price is a placeholder in these lists, never a real rental. (Plain
// doubles, not optionals: g++ 12 misreads optionals here as maybe-uninitialized.)
struct RowPrices {
    double on_demand_usd = 0.0;
    double spot_usd = 0.0;
    bool has_on_demand() const { return on_demand_usd > 0; }
    bool has_spot() const { return spot_usd > 0; }
};

// Both prices of a row, checked even on rows left out so a broken file never imports quietly. SkyPilot has a
// Price and a SpotPrice column; gpuhunt a price and a spot flag saying which pricing the price is.
RowPrices row_prices(const CsvTable& t, const CsvRow& row, const Columns& col, bool skypilot) {
    const auto first_price = price_cell(t, row, col.price);
    const auto second_price = col.spot_price ? price_cell(t, row, *col.spot_price) : std::nullopt;
    const bool is_spot_row = col.spot_flag && spot_flag(t, row, *col.spot_flag);
    const std::optional<double>& od_cell = skypilot || !is_spot_row ? first_price : second_price;
    const std::optional<double>& spot_cell = skypilot ? second_price : (is_spot_row ? first_price : second_price);
    return {od_cell.value_or(0.0), spot_cell.value_or(0.0)};
}

// The per-GPU memory sizes (GiB) a row allows: gpuhunt's gpu_memory, or SkyPilot's GpuInfo unless it merely
// repeats the machine's memory (MemoryGiB).
std::vector<double> row_memory(const CsvRow& row, const Columns& col, double count) {
    if (col.gpu_memory) {
        const auto memory = parse_number(row.cells[*col.gpu_memory]);
        return memory && *memory > 0 ? std::vector<double>{*memory} : std::vector<double>{};
    }
    if (!col.gpu_info) return {};
    std::vector<double> memory = gpu_info_memory_gib(row.cells[*col.gpu_info], count);
    // Nebius's lists give the machine's memory, or its share per GPU, as the GPU's: no evidence either way.
    const auto ram = col.ram ? parse_number(row.cells[*col.ram]) : std::nullopt;
    if (ram && !memory.empty() &&
        (std::fabs(memory.front() - *ram) < 0.5 || std::fabs(memory.front() - *ram / count) < 0.5))
        return {};
    return memory;
}

template <typename Named>
std::size_t rows_of(const std::vector<Named>& names) {
    std::size_t rows = 0;
    for (const Named& n : names) rows += n.rows;
    return rows;
}

// Rows in, offers out: each GPU row joins the offer of its (provider, instance, region), and every row is counted.
class OfferCollector {
public:
    OfferCollector(const CsvTable& t, const Columns& col, const ImportRequest& request, const Catalog& catalog)
        : m_t(t),
          m_col(col),
          m_request(request),
          m_catalog(catalog),
          m_skypilot(request.format == ImportFormat::skypilot) {}

    void add(const CsvRow& row) {
        ++m_result.rows;
        // These cells become an offer's names, shown on terminals and in CSV cells: no ESC, CR or bidi override.
        for (const std::optional<std::size_t> c :
             {std::optional<std::size_t>(m_col.instance), std::optional<std::size_t>(m_col.region),
              std::optional<std::size_t>(m_col.gpu_name), m_col.provider})
            if (const auto bad = c ? forbidden_character(row.cells[*c]) : std::nullopt)
                throw DataError(fmt::format("{}: line {}: column {}: {}", m_t.file, row.line, m_t.header[*c],
                                            forbidden_character_message(*bad)));
        const std::string& accelerator = row.cells[m_col.gpu_name];
        const auto count = count_cell(m_t, row, m_col.gpu_count);
        const RowPrices prices = row_prices(m_t, row, m_col, m_skypilot);
        if (accelerator.empty() || !count || *count == 0) {
            ++m_result.rows_without_gpu;
            return;
        }
        if (*count != std::floor(*count)) {
            ++m_result.rows_fractional;
            return;
        }
        const VariantChoice choice =
            choose_variant(m_catalog, accelerator, row.cells[m_col.instance], row_memory(row, m_col, *count));
        if (!choice.conflict.empty()) {
            auto& [reason, rows] = m_contradicted[{accelerator, row.cells[m_col.instance]}];
            reason = choice.conflict;
            ++rows;
            return;
        }
        if (choice.gpu == nullptr) {
            ++m_unmapped[accelerator];
            return;
        }
        const Gpu* gpu = choice.gpu;
        if (!prices.has_on_demand() && !prices.has_spot()) {
            ++m_result.rows_without_price;
            return;
        }
        Pending& p = offer_of(row, *gpu, *count);
        ++p.rows;
        if (m_col.zone) p.zones.insert(row.cells[*m_col.zone]);
        ++m_result.rows_used;
        auto& usd_per_hour = p.offer.usd_per_hour;
        if (prices.has_on_demand())
            take(usd_per_hour[static_cast<std::size_t>(Pricing::on_demand)], p.od_min, p.od_max, p.od_count,
                 prices.on_demand_usd);
        if (prices.has_spot())
            take(usd_per_hour[static_cast<std::size_t>(Pricing::spot)], p.spot_min, p.spot_max, p.spot_count,
                 prices.spot_usd);
    }

    // The offers with their provenance, sorted by id; throws DataError when no row gave one.
    ImportResult finish() {
        assign_ids();
        const char* format_name = m_skypilot ? "SkyPilot catalogue" : "gpuhunt catalogue";
        for (auto& [key, p] : m_pending) {
            p.offer.provenance.source =
                fmt::format("{} {}, imported with gpucost catalog import", format_name, m_request.source_file);
            p.offer.provenance.as_of = m_request.as_of;
            // Zone prices only when every row of the offer is a zone of its own.
            const bool zones = p.zones.size() == p.rows && p.rows > 1;
            std::string note = fmt::format("Imported from {} row{}.", p.rows, p.rows == 1 ? "" : "s");
            note += range_note("on-demand", p.od_min, p.od_max, p.od_count, zones);
            note += range_note("spot", p.spot_min, p.spot_max, p.spot_count, zones);
            p.offer.provenance.note = note;
            if (m_catalog.find_offer(p.offer.id) != nullptr) ++m_result.replaced;
            m_result.offers.push_back(std::move(p.offer));
        }
        std::sort(m_result.offers.begin(), m_result.offers.end(),
                  [](const CloudOffer& a, const CloudOffer& b) { return a.id < b.id; });
        for (const auto& [name, rows] : m_unmapped) m_result.unmapped.push_back({name, rows});
        for (const auto& [key, value] : m_contradicted)
            m_result.contradicted.push_back({key.first, key.second, value.first, value.second});
        const ImportResult& r = m_result;
        if (r.offers.empty()) {
            std::string message = fmt::format(
                "{}: no row became an offer ({} rows: {} without a GPU, {} with an accelerator no catalogue GPU lists "
                "among its aliases, {} whose GPU the row contradicts, {} without a price); nothing to import",
                m_t.file, r.rows, r.rows_without_gpu, rows_of(r.unmapped), rows_of(r.contradicted),
                r.rows_without_price);
            for (const std::string& line : left_out_lines(r)) message += "\n" + line;
            throw DataError(message);
        }
        return std::move(m_result);
    }

private:
    // The provider: --provider, else the row's provider column as the catalogue names it.
    std::string provider_of(const CsvRow& row) const {
        std::string provider = m_request.provider;
        if (provider.empty() && m_col.provider) provider = provider_name(row.cells[*m_col.provider]);
        if (provider.empty())
            throw DataError(fmt::format("{}: line {}: no provider: the row's provider cell is empty and --provider "
                                        "was not given",
                                        m_t.file, row.line));
        return provider;
    }

    // The offer this row belongs to, begun by its first row; a later row must rent the same GPUs.
    Pending& offer_of(const CsvRow& row, const Gpu& gpu, double count) {
        const std::string provider = provider_of(row);
        const std::string& instance = row.cells[m_col.instance];
        const std::string& region = row.cells[m_col.region];
        if (instance.empty() || region.empty())
            throw DataError(fmt::format("{}: line {}: column {}: empty; every GPU row needs an instance and a region",
                                        m_t.file, row.line,
                                        instance.empty() ? m_t.header[m_col.instance] : m_t.header[m_col.region]));
        Pending& p = m_pending[{provider, instance, region}];
        if (p.rows == 0) {
            p.offer.provider = provider;
            p.offer.instance = instance;
            p.offer.region = region;
            p.offer.gpu = gpu.id;
            p.offer.gpu_count = static_cast<std::int64_t>(count);
        } else if (p.offer.gpu != gpu.id || p.offer.gpu_count != static_cast<std::int64_t>(count)) {
            throw DataError(fmt::format("{}: line {}: instance {} in region {} has {} x {} here but {} x {} on an "
                                        "earlier line; fix the file",
                                        m_t.file, row.line, quote_value(instance), quote_value(region),
                                        exact_number(count), gpu.id, p.offer.gpu_count, p.offer.gpu));
        }
        return p;
    }

    // The one id scheme (model/offer_id.hpp); names that fold to one id each get a hash instead.
    void assign_ids() {
        std::map<std::string, std::size_t> uses;
        for (auto& [key, p] : m_pending) {
            p.offer.id = offer_id(p.offer.provider, p.offer.instance, p.offer.region);
            ++uses[p.offer.id];
        }
        for (auto& [key, p] : m_pending)
            if (uses[p.offer.id] > 1) p.offer.id = hashed_offer_id(p.offer.provider, p.offer.instance, p.offer.region);
    }

    const CsvTable& m_t;
    const Columns& m_col;
    const ImportRequest& m_request;
    const Catalog& m_catalog;
    const bool m_skypilot;
    ImportResult m_result;
    // By (provider, instance, region) as written: only rows of one instance in one region collapse.
    std::map<std::tuple<std::string, std::string, std::string>, Pending> m_pending;
    std::map<std::string, std::size_t> m_unmapped;  // accelerator name -> rows
    // (accelerator, instance) -> why the row contradicts the accelerator's GPU, and how many rows do
    std::map<std::pair<std::string, std::string>, std::pair<std::string, std::size_t>> m_contradicted;
};

}  // namespace

const Gpu* gpu_for_accelerator(const Catalog& catalog, std::string_view name) {
    return gpu_for_accelerator_name(catalog, name);
}

namespace {

// One record at a time: a price list is never held whole, only its offers.
ImportResult import_records(CsvReader& reader, const ImportRequest& request, const Catalog& catalog) {
    const CsvTable& t = reader.table();
    const Columns col = find_columns(t, request.format);
    CsvRow row;
    if (!reader.next(row))
        throw DataError(
            fmt::format("{}: a header and no records; nothing to import (was the download cut short?)", t.file));
    if (request.format == ImportFormat::skypilot && request.provider.empty())
        throw UsageError("--provider: required with --from skypilot (a SkyPilot vms.csv lists one cloud and does not "
                         "name it); e.g. --provider AWS");
    if (const auto bad = forbidden_character(request.provider))
        throw UsageError(fmt::format("--provider: {}", forbidden_character_message(*bad)));
    OfferCollector collector(t, col, request, catalog);
    do collector.add(row);
    while (reader.next(row));
    return collector.finish();
}

}  // namespace

ImportResult import_offers(std::string_view csv_text, const ImportRequest& request, const Catalog& catalog) {
    CsvReader reader(csv_text_source(csv_text), request.source_file);
    return import_records(reader, request, catalog);
}

ImportResult import_offers_file(const ImportRequest& request, const Catalog& catalog) {
    CsvReader reader(text_file_chunks(request.source_file, k_max_price_list_bytes, "a price list"),
                     request.source_file);
    return import_records(reader, request, catalog);
}

}  // namespace gpucost
