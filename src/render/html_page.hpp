// The pieces the HTML reports share: the page with its inline style, escaped cells, the assumption, warning and
// catalogue sections. Private to the render layer. Every text goes through xml_escape; the page loads nothing
// (no fonts, scripts, images or links outside it) and reads the same with scripts off.
#pragma once

#include <string>
#include <vector>

#include "gpucost/render/money.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost::html {

// The whole document: doctype, head with `title` and the style sheet, then `body` inside <main>.
std::string page(const std::string& title, const std::string& body);

// <h2> and the section around `content`, with an id for in-page links.
std::string section(const std::string& id, const std::string& heading, const std::string& content);

// A table: `header` cells, then rows; every cell escaped. Cells of the columns in `right` align right (numbers).
std::string table(const std::vector<std::string>& header, const std::vector<std::vector<std::string>>& rows,
                  const std::vector<std::size_t>& right = {});

// A chart with its caption.
std::string figure(const std::string& svg, const std::string& caption);

// Escaped text in a paragraph, with a class ("" for none).
std::string paragraph(const std::string& text, const std::string& css_class = "");

// Every assumption: key, value, unit, where it came from, and its source.
std::string assumptions_section(const ResolvedAssumptions& assumptions);

// The warnings and estimate notes, or a line saying there are none.
std::string warnings_section(const std::vector<std::string>& warnings, const std::vector<std::string>& estimates);

// The catalogue the figures come from: source, date, the oldest figure used; and the currency note.
std::string catalogue_section(const Report& report, const Currency& currency);
// The same for a model that is not a Report: its catalogue's source, date and oldest figure used.
std::string catalogue_section(const std::string& source, const std::string& as_of, const std::string& oldest_as_of,
                              const Currency& currency);

// One comparison's cost by category, side by side (the detail table's lines), with totals.
std::string breakdown_table(const Comparison& comparison, const Currency& currency);

}  // namespace gpucost::html
