// Reading user-written JSON with every problem reported at its JSON Pointer path.
// Private to the library: only the files that read or write JSON include nlohmann.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpucost/util/error.hpp"
#include "gpucost/util/shared_text.hpp"

namespace gpucost {

// Real catalogues nest four levels deep; the limit only stops hostile input early.
inline constexpr int k_max_json_depth = 64;
// Spare bytes read_text_file leaves after the text, so a SIMD parser can read past the end without a copy
// (simdjson's SIMDJSON_PADDING; json_dom.cpp checks the two agree).
inline constexpr std::size_t k_json_padding = 64;

// Parses JSON text; throws DataError naming `file`, the line and the column on malformed input,
// on a byte-order mark, and on nesting deeper than any catalogue needs.
// `nesting_needed` ends the too-deep message: how deep the document kind really nests.
inline constexpr std::string_view k_catalogue_nesting = "a catalogue needs 4";
nlohmann::json parse_json_text(std::string_view text, const std::string& file,
                               std::string_view nesting_needed = k_catalogue_nesting);

// Throws DataError for text that is empty or starts with a byte-order mark; returns otherwise.
void check_json_start(std::string_view text, const std::string& file);

// Throws DataError when `text` nests deeper than k_max_json_depth, naming the line and column where it does.
void check_json_depth(std::string_view text, const std::string& file, std::string_view nesting_needed);

// Throws the DataError that says why `text`, which some parser rejected, is not JSON gpucost reads: too deep,
// or (located by nlohmann's SAX parser) the line, column and reason of its first syntax error. Returns normally
// only when the text is valid JSON after all (a parser stricter than nlohmann's rejected it).
void throw_json_error(std::string_view text, const std::string& file,
                      std::string_view nesting_needed = k_catalogue_nesting);

// The largest file of each kind gpucost reads: far above any real one, so that /dev/zero or a wrong file fails fast.
inline constexpr std::size_t k_max_catalogue_bytes = 512u << 20;   // an 85 MB price-list overlay is real
inline constexpr std::size_t k_max_price_list_bytes = 256u << 20;  // SkyPilot's largest vms.csv is ~20 MB
inline constexpr std::size_t k_max_scenario_bytes = 1u << 20;      // a scenario is a screen of keys

// Reads a whole file, with k_json_padding bytes of spare capacity after it, never holding more than `max_bytes`
// (plus one read's chunk) even when its size is unknown (/dev/zero, a pipe); throws DataError when it is missing,
// a directory, unreadable or larger than `max_bytes` (named in the message, with `kind`: "a scenario file").
std::string read_text_file(const std::string& path, std::size_t max_bytes = k_max_catalogue_bytes,
                           std::string_view kind = "a catalogue file");
// The same file read a chunk at a time, for readers that stream (the price-list import): each call returns the
// next chunk (valid until the next call), empty at the end. Throws DataError as read_text_file does: when opened
// (missing, a directory, unreadable, a size over `max_bytes`) and from a call (a read error, more than `max_bytes`).
std::function<std::string_view()> text_file_chunks(const std::string& path, std::size_t max_bytes,
                                                   std::string_view kind);

// Mends `problems` found in the JSON `text` so that each echoes a number as it was typed: where a problem's path
// names a number whose text differs from the shortest text of its double ("1e-400" read as 0, "1.50", a 30-digit
// integer), its "got X" says the typed text instead (typed_number_text shortens a huge one). One pass over `text`,
// and only when some problem says "got"; a text that no longer parses, or names another number there, changes nothing.
void echo_typed_numbers(std::vector<Problem>& problems, std::string_view text);
// Throws `error` again with its problems mended by echo_typed_numbers from `text`, or from the file at `path`
// read again (only a regular file; otherwise, or when it cannot be read, `error` as it was).
[[noreturn]] void rethrow_with_typed_numbers(const ValidationError& error, std::string_view text);
[[noreturn]] void rethrow_with_typed_numbers(const ValidationError& error, const std::string& path);
// A number's text for a message: as typed, or when longer than 40 characters its first 24, "...", its last 8 and
// its length ("12345678901234567890...67890123 (400 characters)").
std::string typed_number_text(std::string_view text);

// One JSON value as the field readers see it, whichever parser read it (nlohmann's, simdjson's).
struct JsonScalar {
    enum class Kind { absent, null, boolean, number, string, object, array };
    Kind kind = Kind::absent;
    double number = 0.0;
    bool boolean = false;
    std::string_view text;  // a string's bytes; valid while the document is

    static JsonScalar of(Kind kind) { return {kind, 0.0, false, {}}; }
    static JsonScalar of_number(double value) { return {Kind::number, value, false, {}}; }
    static JsonScalar of_boolean(bool value) { return {Kind::boolean, 0.0, value, {}}; }
    static JsonScalar of_string(std::string_view value) { return {Kind::string, 0.0, false, value}; }
};

// The name of a JSON value's type for messages: "a string", "an array", "null".
std::string describe(const nlohmann::json& value);
std::string describe(const JsonScalar& value);

// Appends a JSON Pointer token to a path, escaping '~' and '/'.
std::string child_path(const std::string& path, std::string_view key);
std::string child_path(const std::string& path, std::size_t index);

// Collects problems (errors) and warnings while fields are read; never throws.
// The readers taking a JsonScalar are the core; those taking a nlohmann object look the member up first.
class JsonReader {
public:
    // An object's member, or null when `object` is not an object or lacks it.
    static const nlohmann::json* member(const nlohmann::json& object, std::string_view key);
    // A nlohmann value (null: absent) as a scalar.
    static JsonScalar scalar(const nlohmann::json* value);

    // A required or optional finite number in [min, max] (or (min, max]); `value` is member `key` of `path`.
    std::optional<double> number(const JsonScalar& value, const std::string& path, std::string_view key, double min,
                                 double max, bool required, bool min_exclusive = false, std::string_view unit = "");
    // Like number(), and null is allowed and read as empty.
    std::optional<double> nullable_number(const JsonScalar& value, const std::string& path, std::string_view key,
                                          double min, double max, std::string_view unit = "");
    // A whole number in [min, max].
    std::optional<std::int64_t> integer(const JsonScalar& value, const std::string& path, std::string_view key,
                                        std::int64_t min, std::int64_t max, bool required);
    // A string; required ones must be non-empty. The view is into the document.
    std::optional<std::string_view> string(const JsonScalar& value, const std::string& path, std::string_view key,
                                           bool required);
    // Warns about every key in `keys` (sorted, as messages list them) not in `known`, with a "did you mean".
    void unknown_keys(std::span<const std::string_view> keys, const std::string& path,
                      const std::vector<std::string>& known);

    std::optional<double> number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                 double min, double max, bool required, bool min_exclusive = false,
                                 std::string_view unit = "");
    std::optional<double> nullable_number(const nlohmann::json& object, const std::string& path, std::string_view key,
                                          double min, double max, std::string_view unit = "");
    std::optional<std::int64_t> integer(const nlohmann::json& object, const std::string& path, std::string_view key,
                                        std::int64_t min, std::int64_t max, bool required);
    std::optional<std::string> string(const nlohmann::json& object, const std::string& path, std::string_view key,
                                      bool required);
    // A list of strings.
    std::vector<std::string> strings(const nlohmann::json& object, const std::string& path, std::string_view key);
    // Warns about every key of `object` not in `known`, with a "did you mean".
    void unknown_keys(const nlohmann::json& object, const std::string& path, const std::vector<std::string>& known);

    void error(const std::string& path, std::string message) { m_errors.push_back({path, std::move(message)}); }
    void warn(const std::string& path, std::string message) { m_warnings.push_back({path, std::move(message)}); }

    std::vector<Problem>& errors() noexcept { return m_errors; }
    std::vector<Problem>& warnings() noexcept { return m_warnings; }
    // `text` shared with every equal text this reader has shared: a document's repeated sources are held once.
    SharedText shared(std::optional<std::string_view> text) { return text ? m_texts.intern(*text) : SharedText(); }

private:
    TextPool m_texts;
    std::vector<Problem> m_errors;
    std::vector<Problem> m_warnings;
};

}  // namespace gpucost
