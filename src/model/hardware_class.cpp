#include "gpucost/model/hardware_class.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

template <typename Enum, std::size_t N>
std::optional<Enum> find_name(const std::array<std::string_view, N>& names, std::string_view text) noexcept {
    for (std::size_t i = 0; i < N; ++i)
        if (names[i] == text) return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace

std::string_view to_string(FormFactor f) noexcept { return k_form_factor_names[static_cast<std::size_t>(f)]; }
std::string_view to_string(Interconnect i) noexcept { return k_interconnect_names[static_cast<std::size_t>(i)]; }
std::string_view to_string(OfferTier t) noexcept { return k_offer_tier_names[static_cast<std::size_t>(t)]; }
std::string_view to_string(Compliance c) noexcept { return k_compliance_names[static_cast<std::size_t>(c)]; }

std::string compliance_list_text(const ComplianceSet& set) {
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < k_compliance_count; ++i)
        if (set[i]) names.push_back(k_compliance_names[i]);
    return fmt::format("{}", fmt::join(names, ","));
}

std::string_view to_string(MatchLevel level) noexcept { return k_match_level_names[static_cast<std::size_t>(level)]; }

std::optional<MatchLevel> parse_match_level(std::string_view text) noexcept {
    for (std::size_t i = 0; i < k_match_level_names.size(); ++i)
        if (k_match_level_names[i] == text) return static_cast<MatchLevel>(i);
    return std::nullopt;
}

std::optional<FormFactor> parse_form_factor(std::string_view text) noexcept {
    return find_name<FormFactor>(k_form_factor_names, text);
}
std::optional<Interconnect> parse_interconnect(std::string_view text) noexcept {
    return find_name<Interconnect>(k_interconnect_names, text);
}
std::optional<OfferTier> parse_offer_tier(std::string_view text) noexcept {
    return find_name<OfferTier>(k_offer_tier_names, text);
}
std::optional<Compliance> parse_compliance(std::string_view text) noexcept {
    return find_name<Compliance>(k_compliance_names, text);
}

}  // namespace gpucost

namespace gpucost {

MatchRequest layered(const MatchRequest& below, const MatchRequest& above) {
    MatchRequest m = below;
    if (above.level) m.level = above.level;
    if (above.tiers) m.tiers = above.tiers;
    if (above.workload) m.workload = above.workload;
    const Requirements& r = above.requirements;
    if (r.min_vram_gb) m.requirements.min_vram_gb = r.min_vram_gb;
    if (r.min_fp64_tflops) m.requirements.min_fp64_tflops = r.min_fp64_tflops;
    if (r.min_interconnect) m.requirements.min_interconnect = r.min_interconnect;
    if (r.min_gpus_per_instance) m.requirements.min_gpus_per_instance = r.min_gpus_per_instance;
    // A compliance need never drops out by layering: a scenario's "require" and --require add up.
    for (std::size_t c = 0; c < k_compliance_count; ++c)
        m.requirements.compliance[c] = m.requirements.compliance[c] || r.compliance[c];
    return m;
}

}  // namespace gpucost

namespace gpucost {

std::optional<TierSet> parse_tier_list(std::string_view text, std::string& why) {
    TierSet tiers{};
    bool any = false;
    std::size_t start = 0;
    const std::vector<std::string> names(k_offer_tier_names.begin(), k_offer_tier_names.end());
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view name = text.substr(start, comma - start);
        const auto tier = parse_offer_tier(name);
        if (!tier) {
            why = fmt::format("must be tiers separated by commas, each one of {}, got {}{}",
                              fmt::join(k_offer_tier_names, ", "), quote_value(name), did_you_mean(name, names));
            return std::nullopt;
        }
        tiers[static_cast<std::size_t>(*tier)] = true;
        any = true;
        start = comma + 1;
    }
    if (!any) why = "must name at least one tier";
    return any ? std::optional<TierSet>(tiers) : std::nullopt;
}

std::string tier_list_text(const TierSet& tiers) {
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < tiers.size(); ++i)
        if (tiers[i]) names.push_back(k_offer_tier_names[i]);
    return fmt::format("{}", fmt::join(names, ","));
}

}  // namespace gpucost

namespace gpucost {

std::optional<ComplianceSet> parse_compliance_list(std::string_view text, std::string& why) {
    ComplianceSet set{};
    const std::vector<std::string> names(k_compliance_names.begin(), k_compliance_names.end());
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view name = text.substr(start, comma - start);
        const auto attribute = parse_compliance(name);
        if (!attribute) {
            why = fmt::format("must be compliance attributes separated by commas, each one of {}, got {}{}",
                              fmt::join(k_compliance_names, ", "), quote_value(name), did_you_mean(name, names));
            return std::nullopt;
        }
        set[static_cast<std::size_t>(*attribute)] = true;
        start = comma + 1;
    }
    return set;
}

}  // namespace gpucost
