// SkyPilot's Kubernetes pricing, from the owned machine's rate. The layout: SkyPilot's documentation, "Configuring
// Pricing" (https://docs.skypilot.co/en/latest/reference/kubernetes/kubernetes-pricing.html): kubernetes.pricing.
// accelerators maps an accelerator name to US dollars per accelerator-hour, all-in (CPU and memory included).
#include <fmt/format.h>

#include "gpucost/render/export_rates.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

// A YAML plain scalar for a key, or a double-quoted one when the name holds anything but letters, digits, '-', '_'
// and '.' (a space, a colon, a '#').
std::string yaml_key(const std::string& name) {
    const bool plain = !name.empty() && name.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                                               "0123456789-_.") == std::string::npos;
    if (plain) return name;
    std::string quoted = "\"";
    for (const char c : name) {
        if (c == '"' || c == '\\') quoted += '\\';
        quoted += c;
    }
    return quoted + "\"";
}

// A comment line never holds a line break, whatever a catalogue's name holds.
std::string one_line(std::string text) {
    for (char& c : text)
        if (c == '\n' || c == '\r') c = ' ';
    return text;
}

}  // namespace

std::string skypilot_pricing_yaml(const RateExport& r) {
    return fmt::format("# gpucost export-rates: {} ({} x {}) fully loaded at {} h/week over {} months:\n"
                       "# its whole cost over the horizon (USD {}) over its {} GPU-hours of use.\n"
                       "kubernetes:\n"
                       "  pricing:\n"
                       "    accelerators:\n"
                       "      {}: {}  # USD per accelerator-hour, all-in\n",
                       one_line(r.build.id), r.build.gpu_count, one_line(r.build.gpu_id),
                       exact_number(r.hours_per_week), r.months, exact_number(r.build_total_usd),
                       exact_number(r.used_gpu_hours), yaml_key(r.accelerator),
                       exact_number(r.usd_per_gpu_hour.value()));
}

}  // namespace gpucost
