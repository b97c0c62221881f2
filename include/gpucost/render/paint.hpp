// ANSI colour and emphasis for the table format. The CLI decides whether it is on (a terminal, no NO_COLOR, or
// --color always); renderers only say what a piece of text is, and Paint adds nothing when it is off.
#pragma once

#include <string>
#include <string_view>

namespace gpucost {

// What a piece of text is, not how it looks: the look is chosen here once.
enum class Tone { plain, strong, good, note, muted };

class Paint {
public:
    explicit Paint(bool enabled) noexcept
        : m_enabled(enabled) {}

    // Appends `text` to `out` wrapped in the tone's escape sequence and a reset; `text` itself when off or plain.
    void append(std::string& out, std::string_view text, Tone tone) const {
        const bool painted = m_enabled && tone != Tone::plain && !text.empty();
        out.append(painted ? start(tone) : "").append(text).append(painted ? "\x1b[0m" : "");
    }

private:
    static const char* start(Tone tone) noexcept {
        switch (tone) {
            case Tone::strong: return "\x1b[1m";  // bold: headings, totals, the verdict
            case Tone::good: return "\x1b[32m";   // green: the cheaper side
            case Tone::note: return "\x1b[33m";   // yellow: estimates
            case Tone::muted: return "\x1b[2m";   // faint: explanations
            case Tone::plain: break;
        }
        return "";
    }
    bool m_enabled;
};

}  // namespace gpucost
