#include "gpucost/model/source_rule.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

#include "gpucost/util/text.hpp"

namespace gpucost {
namespace {

constexpr const char* k_cite_instead = "cite the URL, named document or repository (with path and commit) behind it";

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

std::string lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

// The word of `s` that starts at `at`, up to the next space, ';', ',' or closing bracket.
std::string_view word_at(std::string_view s, std::size_t at) {
    std::size_t end = at;
    while (end < s.size() && !is_space(s[end]) && s[end] != ';' && s[end] != ',' && s[end] != ')' && s[end] != ']')
        ++end;
    return s.substr(at, end - at);
}

// A path inside the project: "shared/..." at the start of a word (also "../shared/..." and "./shared/..."), or
// "/work/...". Part of a URL ("https://x.org/shared/...") does not count.
std::optional<std::string_view> project_path(std::string_view s) {
    for (const std::string_view prefix : {std::string_view("shared/"), std::string_view("/work/")}) {
        for (std::size_t at = s.find(prefix); at != std::string_view::npos; at = s.find(prefix, at + 1)) {
            std::size_t start = at;
            while (start > 0 && (s[start - 1] == '.' || s[start - 1] == '/')) --start;
            const bool word_start = start == 0 || is_space(s[start - 1]) || s[start - 1] == '(' ||
                                    s[start - 1] == '`' || s[start - 1] == '"' || s[start - 1] == '\'';
            if (word_start) return word_at(s, start);
        }
    }
    return std::nullopt;
}

// "index file id 123", "index file ids 1, 2", "index id 123": a search index's number, which no reader can look up.
std::optional<std::string_view> index_number(std::string_view s) {
    const std::string low = lower(s);
    for (const std::string_view phrase : {std::string_view("index file id"), std::string_view("index id")}) {
        const std::size_t at = low.find(phrase);
        if (at == std::string::npos) continue;
        std::size_t digit = at + phrase.size();
        while (digit < s.size() && (is_space(s[digit]) || s[digit] == 's' || s[digit] == ':' || s[digit] == '#'))
            ++digit;
        if (digit < s.size() && is_digit(s[digit])) {
            std::size_t end = digit;
            while (end < s.size() && is_digit(s[end])) ++end;
            return s.substr(at, end - at);
        }
    }
    return std::nullopt;
}

// A single word with a '/' and no host: "reference/cloud.csv" (a host has a dot in its first segment).
bool is_lone_relative_path(std::string_view s) {
    if (std::any_of(s.begin(), s.end(), is_space) || s.find("://") != std::string_view::npos) return false;
    const std::size_t slash = s.find('/');
    if (slash == std::string_view::npos) return false;
    return s.substr(0, slash).find('.') == std::string_view::npos || s.substr(0, slash) == "..";
}

}  // namespace

std::optional<std::string> unfollowable_source(std::string_view source) {
    const std::string_view s = trimmed(source);
    if (const auto path = project_path(s))
        return fmt::format("cites {}, a path inside the gpucost project that a reader outside it cannot open; {}",
                           quote_value(*path), k_cite_instead);
    if (const auto number = index_number(s))
        return fmt::format("cites {}, a search index's number that a reader cannot look up; {}", quote_value(*number),
                           k_cite_instead);
    if (!s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return is_digit(c) || c == '#'; }))
        return fmt::format("is a bare number, {}; {}", quote_value(s), k_cite_instead);
    if (is_lone_relative_path(s))
        return fmt::format("is a bare path, {}, with no host a reader can open; {}", quote_value(s), k_cite_instead);
    return std::nullopt;
}

namespace {

template <class Entry>
void check_section(const std::vector<Entry>& entries, const char* section, std::vector<Problem>& out) {
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (const auto why = unfollowable_source(entries[i].provenance.source.view()))
            out.push_back({fmt::format("/{}/{}/source", section, i), *why});
}

}  // namespace

std::vector<Problem> unfollowable_sources(const Catalog& catalog) {
    std::vector<Problem> out;
    for (const AssumptionInfo& i : assumption_infos())
        if (const auto why = unfollowable_source(catalog.assumptions.sources[static_cast<std::size_t>(i.key)]))
            out.push_back({fmt::format("/assumptions/sources/{}", i.name), *why});
    check_section(catalog.gpus, "gpus", out);
    check_section(catalog.builds, "builds", out);
    check_section(catalog.cloud, "cloud", out);
    check_section(catalog.workloads, "workloads", out);
    check_section(catalog.api_offers, "api_offers", out);
    for (std::size_t i = 0; i < catalog.cloud.size(); ++i)
        if (const auto& c = catalog.cloud[i].compliance)
            if (const auto why = unfollowable_source(c->source))
                out.push_back({fmt::format("/cloud/{}/compliance/source", i), *why});
    for (std::size_t i = 0; i < catalog.api_offers.size(); ++i)
        if (const auto& c = catalog.api_offers[i].compliance)
            if (const auto why = unfollowable_source(c->source))
                out.push_back({fmt::format("/api_offers/{}/compliance/source", i), *why});
    return out;
}

}  // namespace gpucost
