// Ranges: how far an input may really lie from its point value, and the address of the input a range varies.
// The catalogue, scenario files and flags all give ranges in this one shape; the analysis layer draws from them.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpucost/model/assumptions.hpp"
#include "gpucost/model/values.hpp"

namespace gpucost {

// The shape of a range between its low and high: a triangle peaking at the mode (the default), flat, or PERT
// (a Beta scaled to [low, high], shape 4, peaking at the mode).
enum class RangeDist { triangular, uniform, pert };

// "triangular", "uniform", "pert".
const char* to_string(RangeDist dist) noexcept;
// Parses one of the three names; empty otherwise.
std::optional<RangeDist> parse_range_dist(std::string_view text) noexcept;
// "triangular, uniform, pert"
const char* range_dist_choices() noexcept;

// A range of one input, in the input's own unit (the horizon in years).
struct Range {
    double low = 0.0;
    double high = 0.0;
    std::optional<double> mode;  // empty: the input's point value in each comparison
    RangeDist dist = RangeDist::triangular;
    bool operator==(const Range&) const = default;
};

// What a range address names.
enum class AddressKind {
    assumption,  // "electricity_usd_per_kwh", "years"
    gpu,         // "gpu:ID/FIELD"
    build,       // "build:ID/FIELD"
    cloud,       // "cloud:ID/usd_per_hour/PRICING"
};

// The input a range varies.
struct Address {
    AddressKind kind = AddressKind::assumption;
    AssumptionKey key = AssumptionKey::hours_per_week;  // assumption only
    std::string id;                                     // gpu, build, cloud: the entry's id
    std::string field;                                  // gpu, build: the field; cloud: "usd_per_hour"
    Pricing pricing = Pricing::on_demand;               // cloud only
    bool operator==(const Address&) const = default;
};

// The address as written: "years", "gpu:h100-sxm/price_usd", "cloud:x/usd_per_hour/spot".
std::string to_string(const Address& address);

// What parse_address made of a text: the address, or why it is not one.
struct ParsedAddress {
    std::optional<Address> address;
    std::string reason;  // empty when `address` is set
};
// Reads an address. Assumption keys must be numeric (not pricing or idle); fields must be rangeable ones.
// Ids are not looked up here (the catalogue does that when the range is applied).
ParsedAddress parse_address(std::string_view text);

// The valid values of the input an address names, as its readers check them.
struct FieldBounds {
    double min = 0.0;
    double max = 0.0;
    bool min_exclusive = false;
    std::string_view unit;
};
FieldBounds field_bounds(const Address& address) noexcept;

// Why a range is not valid for its address ("low 5 must not exceed high 3"; "high: must be in [0, 168] h/week,
// got 200"), or empty when it is: every number finite, low <= mode <= high, all inside the field's bounds.
std::string range_problem(const Address& address, const Range& range);

// A range and where it came from, with its address already parsed.
struct RangeEntry {
    std::string address_text;  // as written
    Address address;
    Range range;
    std::string origin;   // "catalogue", "overlay FILE", "scenario FILE", "flag"
    std::string file;     // for messages: the file that gave it; empty for flags
    std::string pointer;  // for messages: its JSON path in that file

    bool operator==(const RangeEntry&) const = default;
};

// The rangeable fields of catalogue entries, in the order `catalog validate` and the docs list them.
const std::vector<std::string_view>& gpu_range_fields();
const std::vector<std::string_view>& build_range_fields();

// Parses "LOW:HIGH" or "LOW:HIGH:MODE" (the value of --range ADDRESS=...); empty with `reason` set when malformed.
std::optional<Range> parse_range_text(std::string_view text, std::string& reason);

// Ranges in precedence order (catalogue, then scenario, then flags): a later one for the same address replaces an
// earlier one in its place.
std::vector<RangeEntry> merge_ranges(const std::vector<const std::vector<RangeEntry>*>& layers);

}  // namespace gpucost
