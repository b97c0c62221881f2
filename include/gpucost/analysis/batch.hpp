// The batch evaluator: one comparison evaluated again and again with a few of its inputs changed, as fast as the
// engine allows. Everything that stays fixed across draws is worked out once: the discounting, the horizon's
// weight of every monthly category (model v2's lead time and price trends included), the resale fraction at the
// horizon and at every month of sale, and each month's cumulative weights for the paybacks. A draw is then plain
// arithmetic over the two dozen numbers a range can move (no engine call, no allocation): the totals as the
// engine's formulas give them, the break-even from both ends of 0-168 h/week, and both paybacks: from a table of
// the annuity's inverse (cash, v1's shape), by binary search where the margin is known to grow every month (v2's
// months, the payback if sold), as month 1 or never where it is known to shrink, else month by month. A block of
// draws goes through the same formulas in vectorised chunks (run(), batch_block.cpp).
//
// Ranged inputs it covers (needs_general_path false): every build and offer field and every numeric assumption.
// Those that change the weights themselves (the discount rate, the horizon, the lead time, both price trends) take
// the horizon path (batch_horizon.cpp): each draw's weights, discount factor and resale share by the engine's closed
// forms (engine/horizon_months.hpp), the same totals, and the paybacks by a bracketed search over the months
// (segment by segment: the lead months, then the working months) where each margin is a closed form too, so a draw
// costs about the same at 600 months as at 36. Any base case, v1 or v2, takes a fast path; only an input the
// evaluator does not know goes through evaluate(). A property test (tests/analysis/test_batch.cpp) holds every path
// to evaluate() draw by draw.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "gpucost/analysis/inputs.hpp"

namespace gpucost {

class HorizonMonths;

// What the analysis keeps of one evaluation.
struct DrawOutcome {
    double build_total_usd = 0.0;
    double cloud_total_usd = 0.0;
    double break_even_hours =
        std::numeric_limits<double>::quiet_NaN();  // hours per week; NaN when one side wins at every hours
    int payback_month = 0;                         // 1..M; 0 when owning has not paid back within the horizon
    int payback_month_if_sold = 0;                 // the same with the machine's resale value at the month counted
};

// The outcome of a full evaluation.
DrawOutcome outcome_of(const Evaluation& e) noexcept;

// Where run() puts the outcomes of one block of draws. The three totals are written at [0, count); the break-even
// hours of the draws that have one are packed at [0, break_evens) in draw order; the counters are added to.
struct BlockOutcomes {
    double* build_total_usd = nullptr;
    double* cloud_total_usd = nullptr;
    double* owning_saves_usd = nullptr;  // cloud total - build total
    double* break_even_hours = nullptr;
    std::size_t break_evens = 0;
    std::uint64_t* payback_counts = nullptr;  // [0..M]: draws paying back in month m; [0]: never (M: the longest
                                              // horizon a draw can have)
    std::uint64_t* if_sold_counts = nullptr;  // the same for the payback if sold
    std::uint64_t build_cheaper = 0;          // build total strictly below cloud total
    std::uint64_t cloud_cheaper = 0;
};

class BatchEvaluator {
public:
    // `base` at its point values; draws set `slots` (in this order) and leave the rest.
    BatchEvaluator(const Case& base, std::span<const Slot> slots);
    // The outcome with slot i at values[i] (values.size() == slots.size()); equal to
    // outcome_of(evaluate(...)) of the same case to rounding.
    DrawOutcome operator()(std::span<const double> values) const noexcept;
    // Draws 0..count-1 of a block: slot i takes columns[i][d].
    void run(std::span<const double* const> columns, std::size_t count, BlockOutcomes& out) const noexcept;
    // True when draws go through evaluate().
    bool general() const noexcept { return m_general; }
    // The base case's horizon in months: the largest payback month of any draw unless the horizon is ranged (then
    // a draw's own horizon, up to the range's high end, bounds it).
    int months() const noexcept { return m_months; }

    // The numbers a draw can move, as the fast path reads them.
    enum Field : std::uint8_t {
        f_gpu_price,
        f_gpu_tdp,
        f_gpu_idle,
        f_base_price,
        f_base_load,
        f_base_idle,
        f_setup,
        f_usd_per_hour,
        f_hours,
        f_kwh,
        f_pue,
        f_salary,
        f_fte_build,
        f_fte_cloud,
        f_maintenance,
        f_facility,
        f_life,
        f_residual,
        f_decline,  // the resale curve's decline per year
        f_spot_overhead,
        f_on_demand_overhead,
        f_storage_month,
        f_egress,
        f_storage_tb,
        f_storage_per_tb,
        f_failures,  // availability (availability.hpp): failures per machine-year, repair hours, planned hours
        f_repair,
        f_planned,
        f_spot_interruptions,  // spot capacity: interruptions per instance-month, work lost per interruption
        f_spot_restart,
        f_unused,  // a slot that changes nothing here (the assumption's storage price when the offer has its own)
        f_count
    };
    using Fields = std::array<double, f_count>;

private:
    // What the horizon gives a draw: the weights of the months (the engine's HorizonWeights), the discount factor
    // of the last month, the interim price and the shape.
    struct Horizon {
        double w_all = 0.0, w_running = 0.0, w_lead = 0.0, w_power = 0.0, w_cloud = 0.0, w_interim = 0.0;
        double final_factor = 1.0;          // d(M)
        double interim_usd_per_hour = 0.0;  // the whole build's interim price per hour; 0 without a lead time
        double cover_usd_per_hour = 0.0;    // the downtime cover's price per hour; 0 under DowntimePolicy::lost
        int lead = 0;
        bool uniform = true;  // v1's shape: one annuity weighs every monthly category
    };
    // A draw's figures that the paybacks read.
    struct Terms {
        double upfront;  // hardware + setup
        double hardware;
        double power;  // monthly, at the draw's hours
        double staff_build;
        double running;  // maintenance + facility + downtime cover (each runs in the working months, untrended)
        double interim;  // the lead time's interim compute
        double storage_egress;
        double compute;
        double cloud_fixed;  // storage + egress + cloud staff
        double build_month;  // v1's monthly sums
        double cloud_month;
        double life;
        double residual;
        double decline;
    };
    // The downtime cover's price per hour for a case: its backup rental under DowntimePolicy::cover, else 0.
    static double cover_usd_per_hour(const Case& c) noexcept;
    struct ChunkConstants;                     // what run() reads of the evaluator (batch_block.cpp)
    struct ChunkRows;                          // a chunk's figures, row by row
    void fill_months(const Case& base);        // the by-month columns below, and the if-sold bound
    void fill_trend_bounds(const Case& base);  // the extremes of the price factors over the months
    DrawOutcome fast(const Fields& v) const noexcept;
    // The totals and break-even of a draw under horizon `h` with the resale share `kept_final` at its end, and the
    // terms its paybacks read (paybacks left 0).
    DrawOutcome totals(const Fields& v, const Horizon& h, double kept_final, Terms& terms) const noexcept;
    // A draw whose weights move (m_weights_vary): its horizon, totals and paybacks by closed forms.
    DrawOutcome fast_horizon(const Fields& v, std::span<const double> values) const noexcept;
    int horizon_payback(const Terms& t, const Assumptions& a, const HorizonMonths& months, bool if_sold) const noexcept;
    // The share of the hardware price the machine fetches if sold at month i, for a draw's useful life, residual
    // value and decline (they matter only when ranged: m_resale_varies).
    double kept_at(std::size_t i, double life, double residual, double decline) const noexcept;
    static double break_even_of(double d_low, double d_high) noexcept;
    ChunkConstants chunk_constants() const noexcept;
    static void chunk_totals(const ChunkConstants& k, const std::array<const double*, f_count>& v, std::size_t n,
                             double* __restrict build_total, double* __restrict cloud_total, double* __restrict saves,
                             const double* __restrict kept, ChunkRows& __restrict rows) noexcept;
    void run_fast(std::span<const double* const> columns, std::size_t count, BlockOutcomes& out) const noexcept;
    int cash_payback_uniform(const Terms& t) const noexcept;
    // The same, from its first guess `cell` (cash_cell's), worked out ahead: run() makes a chunk's guesses at once.
    int cash_payback_from(const Terms& t, double cell) const noexcept;
    // The cash payback's first guess for a draw with these terms: the cell of A's inverse that upfront / gap lands in.
    static double cash_cell(double upfront, double cloud_month, double build_month, double cell_width,
                            double last_cell) noexcept {
        return std::min(upfront / (cloud_month - build_month) / cell_width, last_cell);
    }
    // cash_cell of each of a chunk's n draws (batch_block.cpp: vectorised, off the chain of the search that follows).
    static void cash_cells(const double* __restrict upfront, const double* __restrict cloud_month,
                           const double* __restrict build_month, double cell_width, double last_cell, std::size_t n,
                           double* __restrict cell) noexcept;
    int sold_payback_uniform(const Terms& t) const noexcept;
    int payback_trended(const Terms& t, bool if_sold) const noexcept;
    // With the resale model's inputs ranged: how far the discounted resale share can fall in a month, per unit of
    // the hardware price and d(k + 1), for this draw (infinity when not known).
    double ranged_fall_bound(const Terms& t) const noexcept;
    int payback_scan(const Terms& t, bool if_sold) const noexcept;

    Case m_base;
    std::vector<Slot> m_slots;
    std::vector<Field> m_fields;  // parallel to m_slots
    Fields m_point{};
    bool m_general = false;
    bool m_weights_vary = false;              // a ranged input moves the weights (discount rate, horizon, lead, trends)
    std::vector<std::size_t> m_weight_slots;  // those slots' indexes in m_slots
    bool m_uniform = true;                    // the base's shape: v1's, one annuity weighs every monthly category
    bool m_resale_varies = false;  // the resale model's own inputs ranged (life, residual; decline): resale per draw
    int m_months = 1;
    int m_lead = 0;
    double m_gpus = 1.0;
    double m_instances = 1.0;
    bool m_offer_storage_price = false;
    Horizon m_horizon;  // the base's
    // By month 1..M ([0] unused): the annuity A(k), the discount factor d(k), the share of the hardware price
    // the machine would fetch if sold then (resale_value_usd(1, k, a)), the machine's age in years then, and the
    // cumulative weights of the scan (power, running, cloud compute, interim compute, lead months).
    std::vector<double> m_annuity, m_factor, m_kept, m_age_years;
    std::vector<double> m_c_power, m_c_running, m_c_cloud, m_c_interim, m_c_lead;
    // The cash payback's first guess: A's inverse over cells of m_cell_width (the first month reaching each cell).
    double m_cell_width = 1.0;
    std::vector<int> m_first_in_cell;
    // A monthly gap above this times the hardware makes the if-sold margin grow (infinity: unknown).
    double m_sold_gap_bound = std::numeric_limits<double>::infinity();
    // Over the months: the smallest cloud price factor, the largest power (working months) and interim (lead
    // months) factors, for payback_trended's bound.
    double m_least_cloud_factor = 1.0, m_most_power_factor = 1.0, m_most_interim_factor = 1.0;
    double m_most_cloud_factor = 1.0, m_least_power_factor = 1.0, m_least_interim_factor = 1.0;
    double m_discount_step = 0.0;  // d(k) / d(k + 1), the same for every k; 0 for a one-month horizon
};

}  // namespace gpucost
