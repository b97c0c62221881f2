#include "import_variant.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <optional>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A memory size matches a GPU's within this share: lists give GiB (79.6 for an 80 GB H100), catalogues GB.
constexpr double k_memory_tolerance = 0.1;
// A memory figure this far above every variant of a family is no GPU's (some lists give the machine's RAM there).
constexpr double k_implausible_memory_factor = 1.5;

enum class Form { none, pcie, sxm, nvl };

const char* form_name(Form form) {
    switch (form) {
        case Form::pcie: return "PCIe";
        case Form::sxm: return "SXM";
        case Form::nvl: return "NVL";
        default: return "";
    }
}

// The lower-case runs of letters and digits of a name: "gpu_1x_h100_pcie" -> gpu, 1x, h100, pcie.
std::vector<std::string> tokens(std::string_view text) {
    std::vector<std::string> out(1);
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        if (std::isalnum(c) != 0) {
            out.back() += static_cast<char>(std::tolower(c));
        } else if (!out.back().empty()) {
            out.emplace_back();
        }
    }
    if (out.back().empty()) out.pop_back();
    return out;
}

// The form factor a name states: a token pcie, sxm/sxm2..sxm6 or nvl. ("NVLink" is a bridge, not a form.)
Form form_of(std::string_view name) {
    Form form = Form::none;
    for (const std::string& t : tokens(name)) {
        if (t == "pcie")
            form = Form::pcie;
        else if (t.rfind("sxm", 0) == 0 && t.size() <= 4)
            form = Form::sxm;
        else if (t == "nvl")
            form = Form::nvl;
    }
    return form;
}

// The memory a name states, GB: a token "80gb" or "80g" ("A100-80G-PCIe", "A100-SXM4-40GB").
std::optional<double> memory_of(std::string_view name) {
    for (const std::string& t : tokens(name)) {
        const std::size_t digits = t.find_first_not_of("0123456789");
        if (digits == 0 || digits == std::string::npos) continue;
        const std::string_view unit = std::string_view(t).substr(digits);
        if (unit == "gb" || unit == "g") return parse_number(t.substr(0, digits));
    }
    return std::nullopt;
}

// A GPU's family: its id up to and including the first part with a digit ("a100-sxm-80gb" -> "a100",
// "rtx-pro-6000" -> "rtx-pro-6000", "l40s" -> "l40s").
std::string family_of(const std::string& id) {
    std::size_t end = 0;
    while (end <= id.size()) {
        const std::size_t dash = std::min(id.find('-', end), id.size());
        const std::string_view part = std::string_view(id).substr(end, dash - end);
        if (part.find_first_of("0123456789") != std::string_view::npos) return id.substr(0, dash);
        end = dash + 1;
    }
    return id;
}

bool same_memory(double gib, double vram_gb) { return std::fabs(gib - vram_gb) <= k_memory_tolerance * vram_gb; }

std::string folded(std::string_view name) {
    std::string out;
    for (const char ch : name)
        if (ch != ' ' && ch != '-' && ch != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return out;
}

std::string memory_text(const std::vector<double>& gib) {
    std::vector<std::string> parts;
    for (const double g : gib) parts.push_back(fmt::format("{:.0f} GiB", g));
    return fmt::format("{}", fmt::join(parts, " or "));
}

}  // namespace

const Gpu* gpu_for_accelerator_name(const Catalog& catalog, std::string_view name) {
    const std::string wanted = folded(name);
    if (wanted.empty()) return nullptr;
    for (const Gpu& g : catalog.gpus) {
        if (folded(g.id) == wanted) return &g;
        for (const std::string& alias : g.aliases)
            if (folded(alias) == wanted) return &g;
    }
    return nullptr;
}

// long: the rules of a variant choice (stated form, stated memory, the row's memory, then the family), in order
VariantChoice choose_variant(const Catalog& catalog, std::string_view accelerator, std::string_view instance,
                             const std::vector<double>& memory_gib) {
    const Gpu* alias = gpu_for_accelerator_name(catalog, accelerator);
    if (alias == nullptr) return {};
    const std::string family = family_of(alias->id);
    std::vector<const Gpu*> members;
    for (const Gpu& g : catalog.gpus)
        if (family_of(g.id) == family) members.push_back(&g);
    const auto fail = [](std::string why) { return VariantChoice{nullptr, std::move(why)}; };

    const Form named_form = form_of(accelerator);
    const Form instance_form = form_of(instance);
    if (named_form != Form::none && instance_form != Form::none && named_form != instance_form)
        return fail(fmt::format("the instance name says {} but the accelerator name says {}", form_name(instance_form),
                                form_name(named_form)));
    const Form form = named_form != Form::none ? named_form : instance_form;

    // The row's memory: the readings some variant of the family has; none fits and none is absurd: a variant
    // the catalogue lacks.
    std::vector<double> memory;
    double largest = 0.0;
    for (const Gpu* g : members) largest = std::max(largest, g->vram_gb);
    for (const double gib : memory_gib)
        if (std::any_of(members.begin(), members.end(), [&](const Gpu* g) { return same_memory(gib, g->vram_gb); }))
            memory.push_back(gib);
    const bool absurd = std::all_of(memory_gib.begin(), memory_gib.end(),
                                    [&](double gib) { return gib > k_implausible_memory_factor * largest; });
    if (!memory_gib.empty() && memory.empty() && !absurd)
        return fail(fmt::format("the row gives {} per GPU, and no catalogue GPU like {} has that memory",
                                memory_text(memory_gib), alias->id));
    if (const auto stated = memory_of(accelerator)) {
        if (!memory.empty() &&
            std::none_of(memory.begin(), memory.end(), [&](double gib) { return same_memory(gib, *stated); }))
            return fail(fmt::format("the row gives {} per GPU but the accelerator name says {} GB", memory_text(memory),
                                    exact_number(*stated)));
        memory = {*stated};
    }

    const auto fits = [&](const Gpu* g) {
        const Form own = form_of(g->id);
        if (form != Form::none && own != Form::none && own != form) return false;
        return memory.empty() ||
               std::any_of(memory.begin(), memory.end(), [&](double gib) { return same_memory(gib, g->vram_gb); });
    };
    if (fits(alias)) return {alias, {}};
    std::vector<const Gpu*> candidates;
    std::copy_if(members.begin(), members.end(), std::back_inserter(candidates), fits);
    const std::string said =
        fmt::format("{}{}{}", form != Form::none ? form_name(form) : "",
                    form != Form::none && !memory.empty() ? ", " : "", memory.empty() ? "" : memory_text(memory));
    if (named_form != Form::none || memory_of(accelerator))
        return fail(fmt::format("the row says {}, which contradicts the accelerator name's {}", said, alias->id));
    if (candidates.size() == 1) return {candidates.front(), {}};
    if (candidates.empty())
        return fail(fmt::format("the row says {}, and no catalogue GPU like {} is that", said, alias->id));
    // Two variants fit (an A100 of 80 GB, PCIe or SXM): the one an alias names with the memory, else none.
    if (memory.size() == 1)
        if (const Gpu* g = gpu_for_accelerator_name(
                catalog, fmt::format("{}-{}GB", accelerator, exact_number(std::round(memory[0])))))
            if (std::find(candidates.begin(), candidates.end(), g) != candidates.end()) return {g, {}};
    std::vector<std::string> ids;
    for (const Gpu* g : candidates) ids.push_back(g->id);
    return fail(
        fmt::format("the row says {}, which fits {}; name the variant in an alias", said, fmt::join(ids, " and ")));
}

std::vector<double> gpu_info_memory_gib(std::string_view gpu_info, double gpu_count) {
    const auto number_after = [&](std::string_view key) -> std::optional<double> {
        const std::size_t at = gpu_info.find(key);
        if (at == std::string_view::npos) return std::nullopt;
        std::size_t start = gpu_info.find_first_of("0123456789", at + key.size());
        if (start == std::string_view::npos) return std::nullopt;
        const std::size_t end = gpu_info.find_first_not_of("0123456789.", start);
        return parse_number(gpu_info.substr(start, end - start));
    };
    const auto size = number_after("'SizeInMiB'");
    if (!size || *size <= 0) return {};
    const double each = *size / 1024.0;
    const auto total = number_after("'TotalGpuMemoryInMiB'");
    if (gpu_count <= 1) return {each};
    // A total of count x size settles it: the size is per GPU (AWS's lists).
    if (total && std::fabs(*total - *size * gpu_count) < 1.0) return {each};
    return {each, each / gpu_count};
}

}  // namespace gpucost
