// simdjson's DOM behind gpucost's field readers: catalogues and overlays are read with it, every value seen as
// nlohmann's DOM would see it (the last of repeated keys wins; the key checks report keys in byte order), so
// messages do not change.
// Private to src/io/.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>
#include <simdjson.h>

#include "gpucost/io/json_reader.hpp"

namespace gpucost {

// A parsed document, holding its own copy of every string: the text is not needed once it is built.
// Throws DataError naming `file` on text that is not JSON (worded as parse_json_text words it).
class JsonDom {
public:
    // Parses `text` (copied into a padded buffer for the parse).
    JsonDom(std::string_view text, const std::string& file, std::string_view nesting_needed = k_catalogue_nesting);
    // Parses `text` in place when it has k_json_padding spare bytes of capacity (read_text_file's strings do), and
    // frees it as soon as it is parsed: a large file is not held twice, as text and as document.
    JsonDom(std::string&& text, const std::string& file, std::string_view nesting_needed = k_catalogue_nesting);
    // An empty document, for try_parse.
    JsonDom() = default;
    JsonDom(const JsonDom&) = delete;
    JsonDom& operator=(const JsonDom&) = delete;

    simdjson::dom::element root() const noexcept { return m_root; }
    // Parses `text` (with k_json_padding spare bytes of capacity), freeing it once parsed; false, with no message,
    // when simdjson rejects it (the caller reads the original text another way). Throws std::bad_alloc.
    bool try_parse(std::string&& text);

private:
    void parse(std::string_view text, bool padded, const std::string& file, std::string_view nesting_needed);

    simdjson::dom::document m_document;
    simdjson::dom::element m_root;
};

// "FILE: out of memory while reading its N bytes ...": a failed allocation while reading `file`, never a syntax
// error (exit 5).
OutOfMemoryError out_of_memory(const std::string& file, std::size_t bytes);
// The same for the file at `path`, its size read from the file system (left out when it cannot be).
OutOfMemoryError out_of_memory(const std::string& path);

// The value as the field readers see it.
JsonScalar scalar_of(simdjson::dom::element value);

// A value as a nlohmann document, for the few small objects read by nlohmann-based code (assumptions).
nlohmann::json to_nlohmann(simdjson::dom::element value);

// Two keys equal: the length and first byte decide most comparisons without a call to memcmp.
inline bool same_key(std::string_view a, std::string_view b) noexcept {
    return a.size() == b.size() && (a.empty() || (a[0] == b[0] && a.compare(b) == 0));
}

// An object's members as written; lookups see the last of repeated keys, as nlohmann's std::map-based DOM did.
// Empty for a value that is not an object. Not sorted: an entry is read by name, and the key checks sort only the
// keys they report (JsonReader::unknown_keys), so warnings still come in byte order.
class JsonObject {
public:
    JsonObject() = default;
    explicit JsonObject(simdjson::dom::element value) { assign(value); }

    // Reads `value`'s members, reusing this object's storage.
    void assign(simdjson::dom::element value);
    // The member `key` (its last value when repeated), or null.
    const simdjson::dom::element* find(std::string_view key) const noexcept;
    // The member `key` as a scalar, absent when missing.
    JsonScalar scalar(std::string_view key) const;
    // Every key as written, repeats included; valid until the next assign().
    std::span<const std::string_view> keys() const noexcept { return m_keys; }
    bool empty() const noexcept { return m_keys.empty(); }

private:
    std::vector<std::string_view> m_keys;
    std::vector<simdjson::dom::element> m_values;  // m_values[i] is m_keys[i]'s
    bool m_repeats = false;                        // some key is written twice: lookups scan for its last value
    // Where the next lookup starts: fields are mostly read in the order they are written, so a lookup usually
    // succeeds at its first comparison.
    mutable std::size_t m_next = 0;
};

// The list of non-empty strings at member `key` of `object` (`path` names the object); every bad item is reported to
// `r`. Empty when the member is missing or is not a list.
std::vector<std::string> read_strings(JsonReader& r, const JsonObject& object, const std::string& path,
                                      const char* key);

}  // namespace gpucost
