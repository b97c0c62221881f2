// Which catalogue GPU a price-list row rents: the accelerator name's alias, checked and refined by what the row also
// says (the instance name's PCIe/SXM/NVL, the per-GPU memory). Private to the import.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/catalog.hpp"

namespace gpucost {

// The GPU a row rents, or why it is left out.
struct VariantChoice {
    const Gpu* gpu = nullptr;  // null: unmapped (no alias names it) or contradicted (`conflict` says how)
    std::string conflict;      // "": none; else a clause: "the instance name says PCIe but ..."
};

// The catalogue GPU an accelerator name stands for, ignoring case, spaces, '-' and '_' ("A100_PCIE" is
// "A100 PCIe"); null when no GPU's id or alias is that name.
const Gpu* gpu_for_accelerator_name(const Catalog& catalog, std::string_view name);

// Chooses the variant of `accelerator` that `instance` and `memory_gib` (the possible per-GPU memory sizes, GiB;
// empty when the row gives none) describe. A generic name ("H100", "A100") takes the one variant of its family
// that fits them; a name that states a variant keeps it when they agree. When they contradict the name, or no
// single variant fits, the choice is empty with a conflict: never a guess.
VariantChoice choose_variant(const Catalog& catalog, std::string_view accelerator, std::string_view instance,
                             const std::vector<double>& memory_gib);

// The per-GPU memory sizes, GiB, a SkyPilot GpuInfo cell allows ("{'Gpus': [{'Name': 'H100', 'Count': 2,
// 'MemoryInfo': {'SizeInMiB': 163118}}], 'TotalGpuMemoryInMiB': 163118}"). Lists disagree on whether SizeInMiB is
// per GPU (AWS, Lambda) or for all of them (Vast), so both readings are kept unless the total settles it.
std::vector<double> gpu_info_memory_gib(std::string_view gpu_info, double gpu_count);

}  // namespace gpucost
