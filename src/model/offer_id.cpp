#include "gpucost/model/offer_id.hpp"

#include <array>
#include <cstdint>

#include <fmt/format.h>

namespace gpucost {
namespace {

// U+00C0 to U+00FF without their accents (× and ÷ separate, as punctuation does).
constexpr std::array<const char*, 64> k_latin1 = {
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // U+00C0
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "ss",  // U+00D0
    "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i",  "i",   // U+00E0
    "d", "n", "o", "o", "o", "o", "o",  "",  "o", "u", "u", "u", "u", "y", "th", "y"};  // U+00F0

std::size_t sequence_length(unsigned char lead) {
    if (lead < 0x80) return 1;
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    return 2;
}

std::uint32_t fnv1a(std::string_view provider, std::string_view instance, std::string_view region) {
    std::uint32_t hash = 2166136261u;
    const auto mix = [&hash](std::string_view text) {
        for (const char c : text) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 16777619u;
        }
        hash ^= 0x1Fu;  // a separator no name holds, so ("ab", "c") and ("a", "bc") differ
        hash *= 16777619u;
    };
    mix(provider);
    mix(instance);
    mix(region);
    return hash;
}

}  // namespace

std::string offer_id_part(std::string_view text) {
    std::string out;
    const auto separate = [&out] {
        if (!out.empty() && out.back() != '-') out += '-';
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const std::size_t length = sequence_length(byte);
        if (length == 1) {
            const char c = static_cast<char>(byte >= 'A' && byte <= 'Z' ? byte - 'A' + 'a' : byte);
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.')
                out += c;
            else
                separate();
        } else if (byte == 0xC3 && i + 1 < text.size()) {
            const auto second = static_cast<unsigned char>(text[i + 1]);
            const std::string_view plain = k_latin1[static_cast<std::size_t>(second & 0x3F)];
            if (plain.empty())
                separate();
            else
                out += plain;
        } else {
            separate();
        }
        i += length;
    }
    while (!out.empty() && out.back() == '-') out.pop_back();
    return out;
}

std::string provider_id_part(std::string_view provider) {
    const std::string part = offer_id_part(provider);
    if (part == "google-cloud") return "gcp";
    if (part == "vast.ai") return "vast";
    if (part == "together-ai") return "together";
    return part;
}

std::string offer_id(std::string_view provider, std::string_view instance, std::string_view region) {
    const std::string p = provider_id_part(provider);
    const std::string i = offer_id_part(instance);
    const std::string r = offer_id_part(region);
    std::string id = fmt::format("{}-{}-{}", p, i, r);
    if (p.empty() || i.empty() || r.empty() || id.size() > k_max_offer_id_length)
        return hashed_offer_id(provider, instance, region);
    return id;
}

std::string hashed_offer_id(std::string_view provider, std::string_view instance, std::string_view region) {
    const std::string hash = fmt::format("{:06x}", fnv1a(provider, instance, region) & 0xFFFFFFu);
    std::string p = provider_id_part(provider);
    std::string i = offer_id_part(instance);
    std::string r = offer_id_part(region);
    if (p.empty()) p = "offer";
    // The region stays whole; the instance gives way (then, for absurd names, the provider and the region).
    const auto length = [&] { return p.size() + (i.empty() ? 0 : i.size() + 1) + 1 + hash.size() + 1 + r.size(); };
    const auto trim = [](std::string& part, std::size_t excess) {
        part.resize(part.size() > excess ? part.size() - excess : 0);
        while (!part.empty() && part.back() == '-') part.pop_back();
    };
    if (length() > k_max_offer_id_length) trim(i, length() - k_max_offer_id_length);
    if (length() > k_max_offer_id_length) trim(p, length() - k_max_offer_id_length);
    if (length() > k_max_offer_id_length) trim(r, length() - k_max_offer_id_length);
    std::string id = p;
    if (!i.empty()) id += "-" + i;
    id += "-" + hash;
    if (!r.empty()) id += "-" + r;
    return id;
}

}  // namespace gpucost
