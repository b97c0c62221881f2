// SharedText in fmt's format strings, for the layers that use fmt (not the engine's).
#pragma once

#include <string_view>

#include <fmt/format.h>

#include "gpucost/util/shared_text.hpp"

template <>
struct fmt::formatter<gpucost::SharedText> : fmt::formatter<std::string_view> {
    template <typename Context>
    auto format(const gpucost::SharedText& text, Context& ctx) const {
        return fmt::formatter<std::string_view>::format(text.view(), ctx);
    }
};
