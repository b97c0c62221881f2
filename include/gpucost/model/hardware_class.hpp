// The classes that make a comparison like for like (issue 12): a GPU's form factor, the interconnect inside one
// machine, and the tier of a cloud offer. Each enum's names are the catalogue's spelling.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gpucost {

// How a GPU is built: a PCIe card, an SXM or OAM module, NVIDIA's NVL pair, or a consumer (gaming) card.
enum class FormFactor { pcie, sxm, oam, nvl, consumer };
inline constexpr std::array<std::string_view, 5> k_form_factor_names = {"pcie", "sxm", "oam", "nvl", "consumer"};

// How the GPUs of one machine talk to each other, ordered weakest first: PCIe, NVLink bridges, an NVSwitch fabric.
enum class Interconnect { pcie, nvlink, nvswitch };
inline constexpr std::array<std::string_view, 3> k_interconnect_names = {"pcie", "nvlink", "nvswitch"};
// A catalogue entry that does not say has the weakest: nothing more is assumed of a machine than PCIe.
inline constexpr Interconnect k_default_interconnect = Interconnect::pcie;

// Who rents the offer: peer hosts (Vast.ai, RunPod Community), dedicated GPU clouds and secure tiers (Lambda,
// CoreWeave, RunPod Secure, ...), or the hyperscalers (AWS, Google Cloud, Azure).
enum class OfferTier { marketplace, gpu_cloud, hyperscaler };
inline constexpr std::size_t k_offer_tier_count = 3;
inline constexpr std::array<std::string_view, k_offer_tier_count> k_offer_tier_names = {"marketplace", "gpu-cloud",
                                                                                        "hyperscaler"};

// What a provider attests for an offer on its own pages, in the catalogue's spelling: it signs a HIPAA business
// associate agreement (hipaa-baa), holds a SOC 2 Type II report (soc2), an ISO/IEC 27001 certificate (iso27001).
enum class Compliance { hipaa_baa, soc2, iso27001 };
inline constexpr std::size_t k_compliance_count = 3;
inline constexpr std::array<std::string_view, k_compliance_count> k_compliance_names = {"hipaa-baa", "soc2",
                                                                                        "iso27001"};
// A set of attributes, by Compliance.
using ComplianceSet = std::array<bool, k_compliance_count>;

// A build that does not say needs all its GPUs in one machine, up to this many (an 8-GPU node is the largest
// machine sold; a bigger cluster is made of such nodes).
inline constexpr std::int64_t k_max_default_gpus_per_node = 8;

// How alike an offer must be to the build.
enum class MatchLevel {
    like_for_like,  // the build's GPU model, at least its GPUs per node in one instance, at least its interconnect
    gpu,            // the build's GPU model, any instance (gpucost 1's rule)
    any,            // any GPU model the workload measures, enough instances for the same work; interconnect kept
};
inline constexpr std::array<std::string_view, 3> k_match_level_names = {"like-for-like", "gpu", "any"};
std::string_view to_string(MatchLevel level) noexcept;
std::optional<MatchLevel> parse_match_level(std::string_view text) noexcept;

// What the work needs, applied to builds and offers alike; an empty field asks nothing.
struct Requirements {
    std::optional<double> min_vram_gb;                  // per GPU
    std::optional<double> min_fp64_tflops;              // per GPU; a GPU without a figure fails it
    std::optional<Interconnect> min_interconnect;       // within one machine
    std::optional<std::int64_t> min_gpus_per_instance;  // a build's gpus_per_node, an offer's gpu_count
    ComplianceSet compliance{};                         // offers only: each attribute set must be attested

    bool empty() const noexcept {
        return !min_vram_gb && !min_fp64_tflops && !min_interconnect && !min_gpus_per_instance && !any_compliance();
    }
    bool any_compliance() const noexcept {
        for (const bool c : compliance)
            if (c) return true;
        return false;
    }
};

// The tiers --tier keeps, by OfferTier; an offer without a tier is kept only when no --tier is given.
using TierSet = std::array<bool, k_offer_tier_count>;

// What a command asks of matching, as flags and scenario keys give it; a field is empty when not given.
struct MatchRequest {
    std::optional<MatchLevel> level;  // empty: like-for-like
    std::optional<TierSet> tiers;     // empty: every offer
    Requirements requirements;
    std::optional<std::string> workload;  // a workload id (--workload)
    bool hourly_only = false;             // no flag: `plan` rents by the hour, so it leaves monthly rentals out
};

// `above` over `below`, field by field (flags over a scenario file).
MatchRequest layered(const MatchRequest& below, const MatchRequest& above);

// --tier's list: tier names separated by commas ("gpu-cloud,hyperscaler"). Empty with `why` set (the reason, with
// the valid names) when a name is unknown or the list is empty.
std::optional<TierSet> parse_tier_list(std::string_view text, std::string& why);
// --require's list: compliance attribute names separated by commas ("hipaa-baa,soc2"). Empty with `why` set (the
// reason, with the known attributes) when a name is unknown or the list is empty.
std::optional<ComplianceSet> parse_compliance_list(std::string_view text, std::string& why);
// The tiers of a set, by name, joined with commas.
std::string tier_list_text(const TierSet& tiers);

std::string_view to_string(FormFactor f) noexcept;
std::string_view to_string(Interconnect i) noexcept;
std::string_view to_string(OfferTier t) noexcept;
std::string_view to_string(Compliance c) noexcept;
// The attributes of a set, by name, joined with commas ("" for none).
std::string compliance_list_text(const ComplianceSet& set);

// The enum named `text` (the catalogue's spelling, exactly); empty for any other text.
std::optional<FormFactor> parse_form_factor(std::string_view text) noexcept;
std::optional<Interconnect> parse_interconnect(std::string_view text) noexcept;
std::optional<OfferTier> parse_offer_tier(std::string_view text) noexcept;
std::optional<Compliance> parse_compliance(std::string_view text) noexcept;

}  // namespace gpucost
