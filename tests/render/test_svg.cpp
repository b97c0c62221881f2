// The SVG writer and the chart primitives' ticks: escaping, deterministic numbers, nesting, the document's
// accessible title and description.
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "gpucost/render/chart.hpp"
#include "gpucost/render/svg.hpp"

using namespace gpucost;

TEST_CASE("xml_escape: markup characters become entities, controls made visible", "[svg]") {
    CHECK(xml_escape("a<b & \"c\" 'd'>") == "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;");
    CHECK(xml_escape("tab\there\nok") == "tab\there\nok");
    CHECK(xml_escape(std::string("bell\x07")) == "bell\\x07");           // C0: as escape_visible shows it
    CHECK(xml_escape("\xE2\x80\xAEgcp <b>") == "\\u202egcp &lt;b&gt;");  // a bidi override, then markup
    CHECK(xml_escape("\xC3\xA9t\xC3\xA9") == "\xC3\xA9t\xC3\xA9");       // UTF-8 passes through
}

TEST_CASE("svg_number: two decimals at most, no trailing zeros, never -0", "[svg]") {
    CHECK(svg_number(12.5) == "12.5");
    CHECK(svg_number(3.0) == "3");
    CHECK(svg_number(-0.25) == "-0.25");
    CHECK(svg_number(-0.001) == "0");  // rounds to zero: no sign
    CHECK(svg_number(1234.5678) == "1234.57");
    CHECK(svg_number(1.0 / 0.0) == "0");  // not finite
}

TEST_CASE("data_number: the shortest text that reads back as the same double", "[svg]") {
    CHECK(data_number(4512.25) == "4512.25");
    CHECK(data_number(0.1) == "0.1");
    CHECK(std::stod(data_number(1.0 / 3.0)) == 1.0 / 3.0);
    CHECK(data_number(-0.0) == "0");
    CHECK(data_number(std::nan("")).empty());
    CHECK(data_numbers({1.0, 2.5, -3.0}) == "1 2.5 -3");
}

TEST_CASE("SvgWriter: nested elements, escaped attributes and text, misuse is a logic error", "[svg]") {
    SvgWriter svg;
    svg.open("g", {{"class", "a&b"}}).leaf("rect", {{"width", "2"}}).text("text", {{"x", "1"}}, "<hi>").close();
    CHECK(svg.str() == "<g class=\"a&amp;b\">\n  <rect width=\"2\"/>\n  <text x=\"1\">&lt;hi&gt;</text>\n</g>\n");
    SvgWriter unclosed;
    unclosed.open("g");
    CHECK_THROWS_AS(unclosed.str(), std::logic_error);
    SvgWriter bad;
    CHECK_THROWS_AS(bad.leaf("rect", {{"on click", "x"}}), std::logic_error);
    CHECK_THROWS_AS(bad.close(), std::logic_error);
}

TEST_CASE("svg_document: namespace only when standalone, title and desc labelled for screen readers", "[svg]") {
    SvgDocument d;
    d.id = "c1";
    d.title = "Spend & more";
    d.desc = "What it shows.";
    d.data = {{"data-chart", "x"}};
    const std::string standalone = svg_document(d, "<g>\n</g>\n");
    CHECK(standalone.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"",
                           0) == 0);
    CHECK(standalone.find("aria-labelledby=\"c1-title c1-desc\"") != std::string::npos);
    CHECK(standalone.find("<title id=\"c1-title\">Spend &amp; more</title>") != std::string::npos);
    CHECK(standalone.find("<desc id=\"c1-desc\">What it shows.</desc>") != std::string::npos);
    CHECK(standalone.find("data-chart=\"x\"") != std::string::npos);
    CHECK(standalone.find("  <g>\n  </g>\n</svg>\n") != std::string::npos);  // the body inside the root, indented
    d.standalone = false;
    const std::string embedded = svg_document(d, "");
    CHECK(embedded.rfind("<svg id=\"c1\"", 0) == 0);
    CHECK(embedded.find("xmlns") == std::string::npos);
}

TEST_CASE("nice_ticks: steps of 1, 2 or 5 x 10^k covering the range", "[svg]") {
    // (97 - 0) / 5 = 19.4 -> power 10; step 10 needs 11 ticks > 6, step 20 needs 6: 0, 20, ..., 100.
    CHECK(nice_ticks(0, 97, 6) == std::vector<double>{0, 20, 40, 60, 80, 100});
    // 44,200 / 6 = 7,367 -> power 1,000: step 1k needs 46 ticks, 2k 24, 5k 11, 10k 7: -10k..50k.
    CHECK(nice_ticks(-3200, 41000, 7) == std::vector<double>{-10000, 0, 10000, 20000, 30000, 40000, 50000});
    // 0.3 / 3 = 0.1: step 0.1; the last tick is 3 / 10 = 0.3 exactly as typed, not 3 x 0.1 = 0.30000000000000004.
    CHECK(nice_ticks(0, 0.3, 4) == std::vector<double>{0, 0.1, 0.2, 0.3});
    const std::vector<double> flat = nice_ticks(5, 5, 5);  // a flat series still gets a range around it
    CHECK(flat.front() < 5);
    CHECK(flat.back() > 5);
}

TEST_CASE("money_tick: $12k style, decimals as the step needs", "[svg]") {
    const Currency usd;
    CHECK(money_tick(12000, 2000, usd) == "$12k");
    CHECK(money_tick(1500, 500, usd) == "$1.5k");
    CHECK(money_tick(0, 5000, usd) == "$0");
    CHECK(money_tick(-5000, 5000, usd) == "-$5k");
    CHECK(money_tick(2250000, 250000, usd) == "$2.25M");
    CHECK(money_tick(750, 250, usd) == "$750");
    CHECK(money_tick(3e9, 1e9, usd) == "$3B");
    CHECK(money_tick(12000, 2000, Currency{"EUR", 0.92}) == "EUR 12k");
    CHECK(number_tick(1500, 500) == "1,500");
    CHECK(number_tick(0.25, 0.05) == "0.25");
}
