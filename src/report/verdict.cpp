#include "gpucost/report/verdict.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <string>
#include <string_view>
#include <system_error>

#include "gpucost/engine/availability.hpp"
#include "gpucost/engine/finance_flow.hpp"
#include "gpucost/model/assumption_rules.hpp"

namespace gpucost {
namespace {

// A value tried in place of `value`: three significant digits (so the report shows exactly the value evaluated),
// kept inside the assumption's range, and whole for whole numbers.
double within_range(const AssumptionInfo& i, double tried) {
    // Printed with three significant digits and read back, correctly rounded both ways (ties to even, as fmt's
    // "{:.3g}" rounds: the same double over every k x 2^e of four digits, e in [-20, 20], at half and one and a half
    // times), without the string a format call allocated for each try (issue 21's start-up).
    std::array<char, 32> text{};
    const auto printed = std::to_chars(text.data(), text.data() + text.size(), tried, std::chars_format::general, 3);
    double read = tried;
    if (std::from_chars(text.data(), printed.ptr, read).ec != std::errc())
        read = std::stod(std::string(text.data(), printed.ptr));
    double v = std::clamp(read, i.min, i.max);
    if (i.max_exclusive && v >= i.max) v = std::nextafter(i.max, i.min);
    if (i.min_exclusive && v <= i.min) v = std::nextafter(i.min, i.max);
    if (i.kind == AssumptionKind::whole_number) v = std::round(v);
    return v;
}

constexpr std::string_view k_estimate_word = "estimate";

constexpr char ascii_lower(char ch) noexcept { return ch >= 'A' && ch <= 'Z' ? static_cast<char>(ch - 'A' + 'a') : ch; }

// How far a window of the word's length may move when its last byte is `b`: the distance from that byte's last
// place in the word (before the end, in either case) to the end; the whole length for a byte not in it.
constexpr std::array<unsigned char, 256> k_estimate_shift = [] {
    std::array<unsigned char, 256> table{};
    table.fill(static_cast<unsigned char>(k_estimate_word.size()));
    for (std::size_t j = 0; j + 1 < k_estimate_word.size(); ++j) {
        const auto distance = static_cast<unsigned char>(k_estimate_word.size() - 1 - j);
        table[static_cast<unsigned char>(k_estimate_word[j])] = distance;
        table[static_cast<unsigned char>(k_estimate_word[j] - 'a' + 'A')] = distance;
    }
    return table;
}();

}  // namespace

bool is_estimate_source(const std::string& source) {
    // Horspool's search, ASCII case folded: every comparison asks this of every assumption's source (most of them
    // long texts without the word), and the byte under a window's end says how far the window may move, about six
    // bytes on English text, where a byte-by-byte scan was a twelfth of `compare`'s added start-up (issue 21).
    constexpr std::string_view word = k_estimate_word;
    for (std::size_t i = 0; i + word.size() <= source.size();) {
        const char last = source[i + word.size() - 1];
        if (ascii_lower(last) == word.back()) {
            std::size_t k = 0;
            while (k + 1 < word.size() && ascii_lower(source[i + k]) == word[k]) ++k;
            if (k + 1 == word.size()) return true;
        }
        i += k_estimate_shift[static_cast<unsigned char>(last)];
    }
    return false;
}

std::optional<SpotReading> read_spot(std::int64_t gpus, std::int64_t instances, const Assumptions& a) {
    if (a.pricing != Pricing::spot) return std::nullopt;
    SpotReading s;
    s.instances = instances;
    const auto n = static_cast<double>(instances);
    s.job_stops_per_month = n * a.spot_interruptions_per_instance_month * a.hours_per_week / k_hours_per_week;
    s.interruption_overhead =
        spot_interruption_overhead(n, a.spot_interruptions_per_instance_month, a.spot_restart_hours);
    s.spot_overhead = a.spot_overhead;
    s.round_the_clock_multi_gpu = a.hours_per_week >= k_hours_per_week && gpus > 1;
    return s;
}

const char* to_string(BreakEvenKind kind) noexcept {
    switch (kind) {
        case BreakEvenKind::owning_vs_commitment: return "owning_vs_commitment";
        case BreakEvenKind::owning_vs_monthly_rental: return "owning_vs_monthly_rental";
        case BreakEvenKind::owning_vs_pay_per_use: break;
    }
    return "owning_vs_pay_per_use";
}

std::optional<CommitmentReading> read_commitment(const BuildSpec& build, const CloudSpec& committed,
                                                 const std::optional<CloudSpec>& on_demand, const Assumptions& a) {
    if (a.pricing != Pricing::reserved_1y && a.pricing != Pricing::reserved_3y) return std::nullopt;
    CommitmentReading c;
    c.pricing = a.pricing;
    if (!on_demand) return c;
    c.has_on_demand_price = true;
    Assumptions od = a;
    od.pricing = Pricing::on_demand;
    c.on_demand_cloud_total_usd = cloud_total_usd(build, *on_demand, od);
    // Both cloud totals are affine in the hours of use (the commitment's is flat but for nothing), so their
    // difference, on demand minus committed, is the line through its values at 0 and 168 h/week.
    const auto gap = [&](double hours) {
        Assumptions x = a;
        x.hours_per_week = hours;
        od.hours_per_week = hours;
        return cloud_total_usd(build, *on_demand, od) - cloud_total_usd(build, committed, x);
    };
    const double low = gap(0.0);
    const double high = gap(k_hours_per_week);
    if (low < 0.0 && high > 0.0)
        c.beats_on_demand_above = k_hours_per_week * low / (low - high);
    else
        c.on_demand_cheaper_at_every_use = high <= 0.0;
    return c;
}

VerdictReading read_verdict(const BuildSpec& build, const CloudSpec& cloud, const ResolvedAssumptions& r,
                            const Evaluation& e, bool trials) {
    VerdictReading v;
    const Pricing pricing = r.values.pricing;
    if (cloud.billed_monthly())
        v.break_even_kind = BreakEvenKind::owning_vs_monthly_rental;
    else if (pricing == Pricing::reserved_1y || pricing == Pricing::reserved_3y)
        v.break_even_kind = BreakEvenKind::owning_vs_commitment;
    const double build_without_resale = e.build.total_usd - e.build.resale_usd;
    v.cheaper_without_resale = build_without_resale < e.cloud.total_usd ? Side::build : Side::cloud;
    v.savings_without_resale_usd = std::fabs(build_without_resale - e.cloud.total_usd);
    v.pre_tax = read_pre_tax(e, r.values);
    if (!trials) return v;
    for (const AssumptionInfo& i : assumption_infos()) {
        const std::size_t k = static_cast<std::size_t>(i.key);
        if (i.kind != AssumptionKind::number && i.kind != AssumptionKind::whole_number) continue;
        if (!is_estimate_source(r.sources[k]) || !finance_assumption_read(i.key, r.values)) continue;
        // The per-GPU failure rate acts only through failures_per_machine_year, which is read and tried itself.
        if (i.key == AssumptionKey::failures_per_gpu_year) continue;
        v.estimated.emplace_back(i.name);
        const double value = std::get<double>(get_value(r.values, i.key));
        for (const double factor : {0.5, 1.5}) {
            const double tried = within_range(i, value * factor);
            if (tried == value) continue;
            Assumptions a = r.values;
            set_value(a, i.key, AssumptionValue{tried});
            if (a.lead_time_months >= a.months) continue;
            const Side cheaper = evaluate_totals(build, cloud, a).cheaper;  // no paybacks: only the side is read
            if (cheaper == e.cheaper) continue;
            v.deciding.push_back({i.key, value, tried, cheaper});
            break;
        }
    }
    return v;
}

std::optional<PreTaxReading> read_pre_tax(const Evaluation& e, const Assumptions& a) noexcept {
    if (!(a.tax_rate > 0.0)) return std::nullopt;
    PreTaxReading p;
    p.build_total_usd = pre_tax_total_usd(e, Side::build);
    p.cloud_total_usd = pre_tax_total_usd(e, Side::cloud);
    p.cheaper = p.build_total_usd < p.cloud_total_usd ? Side::build : Side::cloud;
    p.savings_usd = std::fabs(p.build_total_usd - p.cloud_total_usd);
    return p;
}

}  // namespace gpucost
