#include "json_pieces.hpp"

namespace gpucost {
namespace {

// The body's members are at depth 2 (the root's at 1), its array's elements at 3.
constexpr int k_body_depth = 2;

std::string indent(int depth) { return std::string(static_cast<std::size_t>(2 * depth), ' '); }

// `value` dumped as a whole dump would write it at `depth`.
std::string dumped(const Json& value, int depth) {
    std::string text = value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace);
    // A dump's line breaks are all structural (strings escape theirs): indent each for the value's depth.
    std::string out;
    out.reserve(text.size());
    const std::string margin = indent(depth);
    for (const char c : text) {
        out += c;
        if (c == '\n') out += margin;
    }
    return out;
}

}  // namespace

JsonPieces::JsonPieces(const TextSink& sink, const Json& envelope, std::string_view body_key)
    : m_sink(sink) {
    add("{");
    bool first = true;
    for (const auto& item : envelope.items()) {
        open_member(item.key(), 1, first);
        add(dumped(item.value(), 1));
    }
    add(",\n  " + Json(body_key).dump() + ": {");
}

void JsonPieces::member(std::string_view key, const Json& value) {
    open_member(key, k_body_depth, m_body_empty);
    add(dumped(value, k_body_depth));
}

void JsonPieces::open_array(std::string_view key) {
    open_member(key, k_body_depth, m_body_empty);
    add("[");
    m_array_empty = true;
}

void JsonPieces::element(const Json& value) {
    add((m_array_empty ? "\n" : ",\n") + indent(k_body_depth + 1) + dumped(value, k_body_depth + 1));
    m_array_empty = false;
}

void JsonPieces::close_array() { add(m_array_empty ? "]" : "\n" + indent(k_body_depth) + "]"); }

void JsonPieces::finish() {
    add("\n  }\n}\n");
    if (!m_buffer.empty()) m_sink(m_buffer);
}

void JsonPieces::add(std::string_view text) {
    m_buffer += text;
    if (m_buffer.size() < k_piece_bytes) return;
    m_sink(m_buffer);
    m_buffer.clear();
}

void JsonPieces::open_member(std::string_view key, int depth, bool& first) {
    add((first ? "\n" : ",\n") + indent(depth) + Json(key).dump() + ": ");
    first = false;
}

}  // namespace gpucost
