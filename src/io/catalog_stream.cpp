#include "catalog_stream.hpp"

#include <new>

#include "gpucost/io/json_reader.hpp"

namespace gpucost {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Where a byte stands in the document: inside a string (after a backslash), and how deep in objects and arrays.
// Brackets are counted alike whatever their kind: a mismatch is found by the parse of the part that holds it.
struct Position {
    bool in_string = false;
    bool escaped = false;
    int depth = 0;

    // Steps over `c`; true when it is structural (outside a string, not the closing quote).
    bool step(char c) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
            return false;
        }
        if (c == '"') in_string = true;
        return true;
    }
};

// The first pass: copies the document but the entries of the root's "cloud" array, counting them.
class SkeletonScan {
public:
    // Reads one chunk; false when the document cannot be split.
    bool read(std::string_view chunk) {
        std::size_t copy_from = 0;
        for (std::size_t i = 0; i < chunk.size(); ++i) {
            const char c = chunk[i];
            if (m_eliding && m_at.depth == 2 && !m_at.in_string) count_entry(c);
            const bool was_key = m_at.in_string && m_in_key;
            if (!m_at.step(c)) {
                if (was_key) m_in_key = m_at.in_string;
                if (was_key && m_in_key) {
                    if (c == '\\') return false;  // an escaped root key: only the whole reader decodes it
                    m_key += c;
                }
                continue;
            }
            if (m_at.in_string) {  // an opening quote
                m_in_key = m_at.depth == 1 && m_expect_key;
                if (m_in_key) m_key.clear();
                continue;
            }
            if (c == '{' || c == '[') {
                if (m_at.depth == 0 && (c != '{' || m_started)) return false;
                m_started = true;
                if (m_at.depth == 0) m_expect_key = true;
                if (m_at.depth == 1 && !m_expect_key && c == '[' && m_key == "cloud") {
                    if (m_cloud_seen) return false;  // a repeated "cloud": the whole reader decides which one counts
                    m_cloud_seen = m_eliding = m_expect_entry = true;
                    m_skeleton.text.append(chunk.substr(copy_from, i + 1 - copy_from));
                    m_skeleton.cloud_offset = m_offset + i;
                }
                ++m_at.depth;
            } else if (c == '}' || c == ']') {
                if (--m_at.depth < 0) return false;
                if (m_eliding && m_at.depth == 1) {
                    m_eliding = false;
                    copy_from = i;
                }
            } else if (m_at.depth == 1 && (c == ':' || c == ',')) {
                m_expect_key = c == ',';
                if (c == ':' && m_key == "cloud" && m_cloud_seen && !m_eliding) return false;
            } else if (m_at.depth == 0 && !is_space(c)) {
                if (!m_started) return false;  // a byte-order mark, a scalar: the whole reader words it
            }
        }
        if (!m_eliding) m_skeleton.text.append(chunk.substr(copy_from));
        m_offset += chunk.size();
        return true;
    }

    CatalogSkeleton take() {
        m_skeleton.text.reserve(m_skeleton.text.size() + k_json_padding);
        return std::move(m_skeleton);
    }

private:
    void count_entry(char c) {
        if (c == ',')
            m_expect_entry = true;
        else if (m_expect_entry && !is_space(c) && c != ']') {
            ++m_skeleton.cloud_count;
            m_expect_entry = false;
        }
    }

    CatalogSkeleton m_skeleton;
    Position m_at;
    std::uint64_t m_offset = 0;  // of the chunk being read
    std::string m_key;           // the root's last key, as written
    bool m_in_key = false, m_expect_key = false, m_started = false;
    bool m_eliding = false, m_expect_entry = false, m_cloud_seen = false;
};

}  // namespace

// g++ 12 at -O2 warns wrongly (-Wrestrict, a known false positive on inlined std::string copies) on the string
// move inlined from take().
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wrestrict"
#endif
std::optional<CatalogSkeleton> scan_catalog(TextChunks chunks) {
    SkeletonScan scan;
    for (std::string_view chunk = chunks(); !chunk.empty(); chunk = chunks())
        if (!scan.read(chunk)) return std::nullopt;
    return scan.take();
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

void for_each_offer(TextChunks chunks, std::uint64_t offset, const std::function<void(simdjson::dom::element)>& each) {
    // An entry sits two levels below the root: it may nest as deep as the whole document less those two.
    simdjson::dom::parser parser;
    if (parser.allocate(1 << 16, k_max_json_depth - 2) != simdjson::SUCCESS) throw std::bad_alloc();
    std::string entry;
    entry.reserve(1 << 12);
    std::uint64_t at = 0;
    Position p;
    bool started = false, comma = false;
    const auto finish = [&](bool last) {
        const std::size_t begin = entry.find_first_not_of(" \t\r\n");
        if (begin == std::string::npos) {
            if (last && !comma) return;  // "[]", or after the last entry
            throw NotSplittable{};
        }
        entry.reserve(entry.size() + simdjson::SIMDJSON_PADDING);
        simdjson::dom::element value;
        const auto error = parser.parse(entry.data() + begin, entry.size() - begin, false).get(value);
        if (error == simdjson::MEMALLOC) throw std::bad_alloc();
        if (error != simdjson::SUCCESS) throw NotSplittable{};
        each(value);
        entry.clear();
    };
    for (std::string_view chunk = chunks(); !chunk.empty(); at += chunk.size(), chunk = chunks()) {
        if (at + chunk.size() <= offset) continue;
        std::size_t i = 0;
        if (!started) {
            i = offset - at;                             // below chunk.size(): the chunk holds the offset
            if (chunk[i] != '[') throw NotSplittable{};  // the text changed since it was scanned
            started = true;
            p.depth = 1;
            ++i;
        }
        for (; i < chunk.size(); ++i) {
            const char c = chunk[i];
            if (p.step(c) && p.depth == 1 && (c == ',' || c == ']')) {
                finish(c == ']');
                comma = c == ',';
                if (c == ']') return;
                continue;
            }
            if (!p.in_string && (c == '{' || c == '[')) ++p.depth;
            if (!p.in_string && (c == '}' || c == ']')) --p.depth;
            entry += c;
        }
    }
    throw NotSplittable{};  // the text ended inside the array
}

}  // namespace gpucost
