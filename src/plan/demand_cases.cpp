#include "gpucost/plan/demand_cases.hpp"

#include <charconv>

#include <fmt/format.h>

#include "gpucost/util/error.hpp"
#include "gpucost/util/text.hpp"

namespace gpucost::plan {

namespace {

constexpr const char* k_keys = "growth, gpus, hours-per-week, burst-gpus, burst-hours, steps=none, step=MONTH=GPUS";

std::optional<std::int64_t> whole(std::string_view text) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

bool valid_name(std::string_view name) {
    if (name.empty() || name.size() > 32) return false;
    for (const char c : name)
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
    return true;
}

// One KEY=VALUE item into the spec; `fail` throws with the item named.
template <typename Fail>
void read_item(DemandCaseSpec& spec, std::string_view item, int months, const Fail& fail) {
    const auto eq = item.find('=');
    if (eq == std::string_view::npos) fail(fmt::format("{}: expected KEY=VALUE ({})", quote_value(item), k_keys));
    const std::string_view key = item.substr(0, eq);
    const std::string_view value = item.substr(eq + 1);
    const auto number = [&]() {
        const auto n = parse_number(value);
        if (!n) fail(fmt::format("{}: {} must be a number, got {}", quote_value(item), key, quote_value(value)));
        return *n;
    };
    const auto count = [&]() {
        const auto n = whole(value);
        if (!n) fail(fmt::format("{}: {} must be a whole number, got {}", quote_value(item), key, quote_value(value)));
        return *n;
    };
    if (key == "growth") {
        spec.growth_per_year = number();
    } else if (key == "gpus") {
        spec.gpus = count();
    } else if (key == "hours-per-week") {
        spec.hours_per_week = number();
    } else if (key == "burst-gpus") {
        spec.burst_gpus = count();
    } else if (key == "burst-hours") {
        spec.burst_hours = number();
    } else if (key == "steps") {
        if (value != "none") fail(fmt::format("{}: steps takes only \"none\" (no step comes)", quote_value(item)));
        if (spec.steps && !spec.steps->empty()) fail("steps=none and step=MONTH=GPUS together");
        spec.steps.emplace();
    } else if (key == "step") {
        if (spec.steps && spec.steps->empty()) fail("steps=none and step=MONTH=GPUS together");
        if (!spec.steps) spec.steps.emplace();
        try {
            spec.steps->push_back(parse_step(value, months));
        } catch (const UsageError& e) {
            fail(e.what());
        }
    } else {
        fail(fmt::format("unknown key {} (valid: {})", quote_value(key), k_keys));
    }
}

}  // namespace

bool DemandCaseSpec::shapes_flags() const noexcept {
    return gpus || hours_per_week || steps || burst_gpus || burst_hours;
}

DemandCaseSpec parse_demand_case(std::string_view text, int months) {
    const auto fail = [&](const std::string& why) {
        throw UsageError(fmt::format("--demand-case {}: {}", quote_value(text), why));
    };
    const auto colon = text.find(':');
    if (colon == std::string_view::npos)
        fail(fmt::format("expected NAME:KEY=VALUE,..., such as no-step:steps=none ({})", k_keys));
    DemandCaseSpec spec;
    spec.name = std::string(text.substr(0, colon));
    spec.changes = std::string(text.substr(colon + 1));
    if (!valid_name(spec.name))
        fail(fmt::format("the name must be 1 to 32 lowercase letters, digits or '-', got {}", quote_value(spec.name)));
    std::string_view rest = text.substr(colon + 1);
    if (rest.empty()) fail("no change given: the case would be the base");
    while (!rest.empty()) {
        const auto comma = rest.find(',');
        read_item(spec, rest.substr(0, comma), months, fail);
        rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    return spec;
}

DemandFlags apply_case(const DemandFlags& base, const DemandCaseSpec& spec, int months) {
    DemandFlags f = base;
    if (spec.growth_per_year) f.growth_per_year = *spec.growth_per_year;
    if (spec.gpus) f.gpus = *spec.gpus;
    if (spec.hours_per_week) f.hours_per_week = *spec.hours_per_week;
    if (spec.steps) f.steps = *spec.steps;
    if (spec.burst_gpus) f.burst_gpus = *spec.burst_gpus;
    if (spec.burst_hours) f.burst_hours = *spec.burst_hours;
    try {
        (void)demand_from_flags(f, months);  // its checks, with the case named
    } catch (const UsageError& e) {
        throw UsageError(fmt::format("--demand-case {}: {}", quote_value(spec.name + ":" + spec.changes), e.what()));
    }
    return f;
}

}  // namespace gpucost::plan
