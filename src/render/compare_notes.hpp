// The ranked compare table's extra column and the notes under it (render/compare_document.cpp): what the API total
// is, which verdicts need a second look, what the estimate marker and the break-even column mean.
#pragma once

#include <string>

#include "gpucost/render/document.hpp"
#include "gpucost/report/report.hpp"

namespace gpucost {

// How many of the report's comparisons rest on a figure marked as an estimate or unverified.
std::size_t marked_count(const Report& report);

// The ranked table's "API total" column after "cloud total", when some build has a per-token API beside it.
void add_api_column(Table& table, const Report& report);

// The line under the ranked table that says what "API total" is; "" without the column.
std::string api_note(const Report& report);

// The verdicts that need a second look (issue 20 items 8 and 10): rentals larger than the build, and spot carrying
// round-the-clock work on several GPUs; "" when none.
std::string size_and_spot_note(const Report& report);

// What the estimate marker means: none, one line when every row rests on an estimate (no row is then marked),
// else the `*`'s meaning.
const char* estimate_note(const Report& report);

// The break-even column's note; what "vs commit" and "vs month" mean when some row is against a flat cloud bill.
std::string break_even_note(const Report& report);

}  // namespace gpucost
