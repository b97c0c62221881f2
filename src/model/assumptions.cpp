// Lookups and the one value parser over the assumption table (assumption_table.cpp); the layers are resolved in
// resolution.cpp.
#include "gpucost/model/assumptions.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"
#include "gpucost/util/typed_number.hpp"

namespace gpucost {
namespace {

using Kind = AssumptionKind;

// Every pricing, in Pricing order (the names are k_pricing_names).
constexpr std::array<Pricing, k_pricing_count> k_pricings = [] {
    std::array<Pricing, k_pricing_count> all{};
    for (std::size_t p = 0; p < all.size(); ++p) all[p] = static_cast<Pricing>(p);
    return all;
}();
constexpr std::array<IdlePolicy, 2> k_idle_policies = {IdlePolicy::always_on, IdlePolicy::off};
constexpr std::array<ResaleModel, 3> k_resale_models = {ResaleModel::straight_line, ResaleModel::curve,
                                                        ResaleModel::none};
constexpr std::array<DowntimePolicy, 2> k_downtime_policies = {DowntimePolicy::cover, DowntimePolicy::lost};
constexpr std::array<DiscountConvention, 2> k_discount_conventions = {DiscountConvention::monthly,
                                                                      DiscountConvention::annual};
constexpr std::array<Financing, 3> k_financings = {Financing::cash, Financing::loan, Financing::lease};
constexpr std::array<LeaseEnd, 3> k_lease_ends = {LeaseEnd::return_equipment, LeaseEnd::fair_market_value,
                                                  LeaseEnd::one_dollar};
constexpr std::array<Depreciation, 3> k_depreciations = {Depreciation::none, Depreciation::straight_line,
                                                         Depreciation::macrs_5};
constexpr std::array<TaxTiming, 2> k_tax_timings = {TaxTiming::month, TaxTiming::year_end};

// The choice of `choices` spelled `text`, if any.
template <typename Choices>
auto find_choice(const Choices& choices, std::string_view text) noexcept
    -> std::optional<typename Choices::value_type> {
    for (const auto c : choices)
        if (text == to_string(c)) return c;
    return std::nullopt;
}

template <typename Choices>
std::string joined_names(const Choices& choices) {
    std::string out;
    for (const auto c : choices) out += (out.empty() ? "" : ", ") + std::string(to_string(c));
    return out;
}

ParsedAssumption invalid(std::string reason) { return {std::nullopt, std::move(reason)}; }

ParsedAssumption parse_choice(const AssumptionInfo& i, const AssumptionInput& input) {
    const auto* text = std::get_if<std::string_view>(&input);
    const std::string got = text ? quote_value(*text) : exact_number(std::get<double>(input));
    if (text != nullptr) {
        if (i.kind == Kind::pricing) {
            if (const auto p = parse_pricing(*text)) return {*p, {}};
        } else if (i.kind == Kind::resale) {
            if (const auto p = parse_resale(*text)) return {*p, {}};
        } else if (i.kind == Kind::downtime) {
            if (const auto p = parse_downtime(*text)) return {*p, {}};
        } else if (i.kind == Kind::discounting) {
            if (const auto p = parse_discounting(*text)) return {*p, {}};
        } else if (i.kind == Kind::financing) {
            if (const auto p = parse_financing(*text)) return {*p, {}};
        } else if (i.kind == Kind::lease_end) {
            if (const auto p = parse_lease_end(*text)) return {*p, {}};
        } else if (i.kind == Kind::depreciation) {
            if (const auto p = parse_depreciation(*text)) return {*p, {}};
        } else if (i.kind == Kind::tax_timing) {
            if (const auto p = parse_tax_timing(*text)) return {*p, {}};
        } else if (const auto p = parse_idle(*text)) {
            return {*p, {}};
        }
    }
    return invalid(fmt::format("must be one of {}, got {}", choices_text(i.key), got));
}

ParsedAssumption parse_number_value(const AssumptionInfo& i, const AssumptionInput& input, RangeWording wording) {
    const std::string range = range_text(i, wording == RangeWording::with_unit);
    double value = 0.0;
    const auto* text = std::get_if<std::string_view>(&input);
    if (text != nullptr) {
        const auto number = parse_number(*text);
        if (!number) return invalid(fmt::format("must be a number in {}, got {}", range, quote_value(*text)));
        value = *number;
    } else {
        value = std::get<double>(input);
    }
    // A flag's number as typed ("0.5e0", not "0.5"); a JSON value's is mended by the reader, which has the text.
    const std::string got = text != nullptr ? typed_number_text(*text) : exact_number(value);
    const bool below = i.min_exclusive ? !(value > i.min) : !(value >= i.min);
    const bool above = i.max_exclusive ? !(value < i.max) : !(value <= i.max);
    if (!std::isfinite(value) || below || above) return invalid(fmt::format("must be in {}, got {}", range, got));
    // + 0.0 turns a typed -0 into 0, so no report ever shows "-0" (IEEE: -0 + 0 == +0).
    if (i.kind == Kind::number) return {value + 0.0, {}};
    if (i.kind == Kind::whole_number) {
        if (value != std::floor(value)) return invalid(fmt::format("must be a whole number in {}, got {}", range, got));
        return {value + 0.0, {}};
    }
    // The horizon: the engine works in whole months, so years are converted here, once.
    const int months = months_for_years(value);
    if (months < 1) return invalid(fmt::format("must be at least 1 month (1/12 year), got {}", got));
    return {static_cast<double>(months), {}};
}

}  // namespace

std::optional<AssumptionKey> find_assumption(std::string_view name) noexcept {
    for (const AssumptionInfo& i : assumption_infos())
        if (i.name == name) return i.key;
    return std::nullopt;
}

std::vector<std::string> assumption_names() {
    std::vector<std::string> names;
    for (const AssumptionInfo& i : assumption_infos()) names.emplace_back(i.name);
    return names;
}

std::string flag_name(AssumptionKey key) {
    std::string flag = "--";
    flag += info(key).name;
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string range_text(const AssumptionInfo& i, bool with_unit) {
    std::string range = range_text(i.min, i.max, i.min_exclusive);
    if (i.max_exclusive) range.back() = ')';
    if (with_unit && !i.unit.empty()) range += fmt::format(" {}", i.unit);
    return range;
}

std::optional<Pricing> parse_pricing(std::string_view text) noexcept {
    for (const Pricing p : k_pricings)
        if (text == to_string(p)) return p;
    return std::nullopt;
}

std::optional<IdlePolicy> parse_idle(std::string_view text) noexcept {
    for (const IdlePolicy p : k_idle_policies)
        if (text == to_string(p)) return p;
    return std::nullopt;
}

std::optional<ResaleModel> parse_resale(std::string_view text) noexcept {
    for (const ResaleModel m : k_resale_models)
        if (text == to_string(m)) return m;
    return std::nullopt;
}

std::optional<DowntimePolicy> parse_downtime(std::string_view text) noexcept {
    for (const DowntimePolicy p : k_downtime_policies)
        if (text == to_string(p)) return p;
    return std::nullopt;
}

std::optional<DiscountConvention> parse_discounting(std::string_view text) noexcept {
    for (const DiscountConvention c : k_discount_conventions)
        if (text == to_string(c)) return c;
    return std::nullopt;
}

std::optional<Financing> parse_financing(std::string_view text) noexcept { return find_choice(k_financings, text); }

std::optional<LeaseEnd> parse_lease_end(std::string_view text) noexcept { return find_choice(k_lease_ends, text); }

std::optional<Depreciation> parse_depreciation(std::string_view text) noexcept {
    return find_choice(k_depreciations, text);
}

std::optional<TaxTiming> parse_tax_timing(std::string_view text) noexcept { return find_choice(k_tax_timings, text); }

bool is_choice(AssumptionKind kind) noexcept {
    return kind == Kind::pricing || kind == Kind::idle || kind == Kind::resale || kind == Kind::downtime ||
           kind == Kind::discounting || kind == Kind::financing || kind == Kind::lease_end ||
           kind == Kind::depreciation || kind == Kind::tax_timing;
}

std::string_view choice_word(const AssumptionValue& value) noexcept {
    if (const auto* p = std::get_if<Pricing>(&value)) return to_string(*p);
    if (const auto* idle = std::get_if<IdlePolicy>(&value)) return to_string(*idle);
    if (const auto* resale = std::get_if<ResaleModel>(&value)) return to_string(*resale);
    if (const auto* downtime = std::get_if<DowntimePolicy>(&value)) return to_string(*downtime);
    if (const auto* discounting = std::get_if<DiscountConvention>(&value)) return to_string(*discounting);
    if (const auto* financing = std::get_if<Financing>(&value)) return to_string(*financing);
    if (const auto* end = std::get_if<LeaseEnd>(&value)) return to_string(*end);
    if (const auto* depreciation = std::get_if<Depreciation>(&value)) return to_string(*depreciation);
    if (const auto* timing = std::get_if<TaxTiming>(&value)) return to_string(*timing);
    return {};
}

std::string pricing_choices() { return joined_names(k_pricings); }

std::string choices_text(AssumptionKey key) {
    switch (info(key).kind) {
        case Kind::pricing: return pricing_choices();
        case Kind::idle: return joined_names(k_idle_policies);
        case Kind::resale: return joined_names(k_resale_models);
        case Kind::downtime: return joined_names(k_downtime_policies);
        case Kind::discounting: return joined_names(k_discount_conventions);
        case Kind::financing: return joined_names(k_financings);
        case Kind::lease_end: return joined_names(k_lease_ends);
        case Kind::depreciation: return joined_names(k_depreciations);
        case Kind::tax_timing: return joined_names(k_tax_timings);
        case Kind::whole_number:
        case Kind::number:
        case Kind::years_in_months: break;
    }
    return "";
}

ParsedAssumption parse_assumption_value(AssumptionKey key, AssumptionInput input, RangeWording wording) {
    const AssumptionInfo& i = info(key);
    if (is_choice(i.kind)) return parse_choice(i, input);
    return parse_number_value(i, input, wording);
}

int months_for_years(double years) noexcept { return static_cast<int>(std::lround(years * k_months_per_year)); }

AssumptionValue input_value(AssumptionKey key, const AssumptionValue& held) noexcept {
    const auto* months = std::get_if<double>(&held);
    if (months != nullptr && info(key).kind == Kind::years_in_months) return *months / k_months_per_year;
    return held;
}

bool AssumptionLayer::empty() const {
    return std::none_of(values.begin(), values.end(), [](const auto& v) { return v.has_value(); });
}

void set_value(Assumptions& a, AssumptionKey key, const AssumptionValue& value) noexcept {
    info(key).access.set(a, value);
}

std::vector<Problem> strict_assumption_problems(const AssumptionLayer& catalogue, int schema_version) {
    std::vector<Problem> problems;
    for (const AssumptionInfo& i : assumption_infos()) {
        if (catalogue.get(i.key) || i.since_schema > schema_version) continue;
        const std::string expected = is_choice(i.kind) ? fmt::format("one of {}", choices_text(i.key))
                                                       : fmt::format("a number in {}", range_text(i, true));
        problems.push_back(
            {fmt::format("/assumptions/{}", i.name),
             fmt::format("missing (--strict); expected {}, and its source under \"sources\"", expected)});
    }
    // A source is asked for only beside a value given: a missing value's line already asks for both.
    for (const AssumptionInfo& i : assumption_infos()) {
        if (!catalogue.get(i.key) || !catalogue.sources[static_cast<std::size_t>(i.key)].empty()) continue;
        problems.push_back({fmt::format("/assumptions/sources/{}", i.name),
                            "missing (--strict); expected a non-empty string saying where the value comes from"});
    }
    return problems;
}

AssumptionValue get_value(const Assumptions& a, AssumptionKey key) noexcept { return info(key).access.get(a); }

std::string display_value(const Assumptions& a, AssumptionKey key) {
    const AssumptionValue v = input_value(key, get_value(a, key));
    if (const std::string_view word = choice_word(v); !word.empty()) return std::string(word);
    if (info(key).kind == Kind::years_in_months)
        return fmt::format("{} ({})", exact_number(std::get<double>(v)), count_text(a.months, "month"));
    return exact_number(std::get<double>(v));
}

const char* to_string(Pricing pricing) noexcept { return k_pricing_names[static_cast<std::size_t>(pricing)]; }

const char* to_string(IdlePolicy idle) noexcept { return idle == IdlePolicy::always_on ? "always-on" : "off"; }

const char* to_string(ResaleModel resale) noexcept {
    switch (resale) {
        case ResaleModel::straight_line: return "straight-line";
        case ResaleModel::curve: return "curve";
        case ResaleModel::none: return "none";
    }
    return "straight-line";
}

const char* to_string(DowntimePolicy downtime) noexcept { return downtime == DowntimePolicy::lost ? "lost" : "cover"; }

const char* to_string(DiscountConvention discounting) noexcept {
    return discounting == DiscountConvention::annual ? "annual" : "monthly";
}

const char* to_string(Financing financing) noexcept {
    switch (financing) {
        case Financing::cash: return "cash";
        case Financing::loan: return "loan";
        case Financing::lease: return "lease";
    }
    return "cash";
}

const char* to_string(LeaseEnd end) noexcept {
    switch (end) {
        case LeaseEnd::return_equipment: return "return";
        case LeaseEnd::fair_market_value: return "fmv";
        case LeaseEnd::one_dollar: return "one-dollar";
    }
    return "return";
}

const char* to_string(Depreciation depreciation) noexcept {
    switch (depreciation) {
        case Depreciation::none: return "none";
        case Depreciation::straight_line: return "straight-line";
        case Depreciation::macrs_5: return "macrs-5";
    }
    return "none";
}

const char* to_string(TaxTiming timing) noexcept { return timing == TaxTiming::year_end ? "year-end" : "month"; }

}  // namespace gpucost
