// A text many values hold alike (a catalogue entry's source or note, repeated across 100,000 offers): copies share
// one immutable buffer, so a copy costs a reference count instead of the text (issue 21's bounded memory).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace gpucost {

// An immutable string whose copies share their buffer; reads as a `const std::string&`. Compared by content.
class SharedText {
public:
    SharedText() = default;
    SharedText(std::string text)  // NOLINT(google-explicit-constructor): a drop-in for the std::string it replaces
        : m_text(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
    SharedText(const char* text)
        : SharedText(std::string(text)) {}  // NOLINT(google-explicit-constructor)

    const std::string& str() const noexcept { return m_text ? *m_text : empty_string(); }
    operator const std::string&() const noexcept { return str(); }  // NOLINT(google-explicit-constructor)
    operator std::string_view() const noexcept { return str(); }    // NOLINT(google-explicit-constructor)
    std::string_view view() const noexcept { return str(); }
    bool empty() const noexcept { return !m_text; }
    std::size_t size() const noexcept { return str().size(); }
    const char* c_str() const noexcept { return str().c_str(); }
    // Whether `other` holds this very buffer (not merely the same text).
    bool shares(const SharedText& other) const noexcept { return m_text == other.m_text; }

    friend bool operator==(const SharedText& a, const SharedText& b) noexcept {
        return a.m_text == b.m_text || a.view() == b.view();
    }
    friend bool operator==(const SharedText& a, std::string_view b) noexcept { return a.view() == b; }

private:
    static const std::string& empty_string() noexcept {
        static const std::string empty;
        return empty;
    }

    std::shared_ptr<const std::string> m_text;  // null for the empty text
};

// Hands out one SharedText per distinct text: what a document repeats is held once. Bounded by the distinct texts.
class TextPool {
public:
    // The pool's copy of `text`, made on first sight.
    SharedText intern(std::string_view text) {
        if (text.empty()) return {};
        if (const auto it = m_texts.find(text); it != m_texts.end()) return it->second;
        SharedText shared{std::string(text)};
        m_texts.emplace(shared.view(), shared);
        return shared;
    }

private:
    std::unordered_map<std::string_view, SharedText> m_texts;  // each key views its value's buffer
};

}  // namespace gpucost
