#include "gpucost/analysis/random.hpp"

#include <cmath>

#include "vector_clones.hpp"

namespace gpucost {
namespace {

std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }

// A standard normal by Marsaglia's polar method.
double normal(Xoshiro256& rng) noexcept {
    while (true) {
        const double u = 2.0 * rng.uniform() - 1.0;
        const double v = 2.0 * rng.uniform() - 1.0;
        const double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * portable_log(s) / s);
    }
}

// Gamma(shape, 1) for shape >= 1 (Marsaglia, Tsang 2000); PERT's shapes are in [1, 5].
double gamma(double shape, Xoshiro256& rng) noexcept {
    const double d = shape - 1.0 / 3.0;
    const double c = 1.0 / std::sqrt(9.0 * d);
    while (true) {
        double x = 0.0;
        double v = 0.0;
        do {
            x = normal(rng);
            v = 1.0 + c * x;
        } while (v <= 0.0);
        v = v * v * v;
        const double u = rng.uniform();
        const double x2 = x * x;
        if (u < 1.0 - 0.0331 * x2 * x2) return d * v;
        if (u > 0.0 && portable_log(u) < 0.5 * x2 + d * (1.0 - v + portable_log(v))) return d * v;
    }
}

double pert(const RangedInput& in, Xoshiro256& rng) noexcept {
    const double width = in.high - in.low;
    const double a = 1.0 + 4.0 * (in.mode - in.low) / width;
    const double b = 1.0 + 4.0 * (in.high - in.mode) / width;
    const double x = gamma(a, rng);
    const double y = gamma(b, rng);
    return in.low + width * (x / (x + y));
}

}  // namespace

std::uint64_t SplitMix64::next() noexcept {
    std::uint64_t z = (m_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

Xoshiro256::Xoshiro256(std::uint64_t seed, std::uint64_t stream) noexcept {
    // The stream's key mixes the seed's first output with the stream number, so streams never share a splitmix
    // sequence (seed + k * gamma) with each other.
    SplitMix64 key(seed);
    SplitMix64 mix(key.next() ^ SplitMix64(stream).next());
    for (std::uint64_t& word : m_s) word = mix.next();
}

std::uint64_t Xoshiro256::next() noexcept {
    const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
    const std::uint64_t t = m_s[1] << 17;
    m_s[2] ^= m_s[0];
    m_s[3] ^= m_s[1];
    m_s[1] ^= m_s[2];
    m_s[0] ^= m_s[3];
    m_s[2] ^= t;
    m_s[3] = rotl(m_s[3], 45);
    return result;
}

double portable_log(double x) noexcept {
    // x = m 2^k with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.172, by its
    // series to s^23 (the next term is below 1e-19 of the sum).
    int k = 0;
    double m = std::frexp(x, &k);  // m in [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        --k;
    }
    const double s = (m - 1.0) / (m + 1.0);
    const double s2 = s * s;
    double sum = 0.0;
    for (int n = 23; n >= 3; n -= 2) sum = (sum + 1.0 / n) * s2;
    const double ln_m = 2.0 * s * (1.0 + sum);
    constexpr double ln2_hi = 0.693147180369123816490;  // ln 2 split so k * ln2_hi is exact
    constexpr double ln2_lo = 1.90821492927058770002e-10;
    const double kd = static_cast<double>(k);
    return kd * ln2_hi + (ln_m + kd * ln2_lo);
}

double triangular_quantile(double low, double mode, double high, double u) noexcept {
    const double width = high - low;
    if (!(width > 0.0)) return low;
    const double left = mode - low;
    if (u * width < left) return low + std::sqrt(u * width * left);
    return high - std::sqrt((1.0 - u) * width * (high - mode));
}

double draw(const RangedInput& in, Xoshiro256& rng) noexcept {
    if (!(in.high > in.low)) return in.low;
    switch (in.dist) {
        case RangeDist::uniform: return in.low + (in.high - in.low) * rng.uniform();
        case RangeDist::pert: return pert(in, rng);
        case RangeDist::triangular: break;
    }
    return triangular_quantile(in.low, in.mode, in.high, rng.uniform());
}

namespace {

// Whether each of the input's draws takes exactly one uniform (uniform and triangular ranges that are not a point).
bool one_uniform_a_draw(const RangedInput& in) noexcept { return in.high > in.low && in.dist != RangeDist::pert; }

// `count` uniforms of each of two streams, side by side: two independent chains of state for the processor to run
// at once (one stream's chain is most of a uniform's cost). Each stream gives what it gives alone.
void fill_uniforms(Xoshiro256& a, Xoshiro256& b, double* __restrict out_a, double* __restrict out_b,
                   std::size_t count) noexcept {
    Xoshiro256 x = a;  // locals, so that no store of a draw can be taken to alias a state
    Xoshiro256 y = b;
    for (std::size_t i = 0; i < count; ++i) {
        out_a[i] = x.uniform();
        out_b[i] = y.uniform();
    }
    a = x;
    b = y;
}

}  // namespace

// Vectorised for the widest registers the CPU has: the wider square roots give the same values (IEEE 754 rounds
// each one exactly).
GPUCOST_VECTOR_CLONES void shape_uniforms(const RangedInput& in, double* values, std::size_t count) noexcept {
    const double low = in.low;
    const double width = in.high - in.low;
    if (in.dist == RangeDist::uniform) {
        for (std::size_t i = 0; i < count; ++i) values[i] = low + width * values[i];
        return;
    }
    // triangular_quantile() with its constants hoisted: the same operations, so the same values. Branch-free so that
    // the compiler vectorises it: the radicand of the side u falls on is chosen first, so one square root serves both
    // sides.
    const double high = in.high;
    const double left = in.mode - in.low;
    const double right = in.high - in.mode;
    for (std::size_t i = 0; i < count; ++i) {
        const double u = values[i];
        const bool below = u * width < left;
        const double root = std::sqrt(below ? u * width * left : (1.0 - u) * width * right);
        values[i] = below ? low + root : high - root;
    }
}

void draw_column(const RangedInput& in, Xoshiro256& rng, double* out, std::size_t count) noexcept {
    if (!one_uniform_a_draw(in)) {
        for (std::size_t i = 0; i < count; ++i) out[i] = draw(in, rng);
        return;
    }
    for (std::size_t i = 0; i < count; ++i) out[i] = rng.uniform();
    shape_uniforms(in, out, count);
}

void draw_block(std::span<const RangedInput> inputs, std::uint64_t seed, std::uint64_t block, double* columns,
                std::size_t stride, std::size_t count) noexcept {
    const auto stream_of = [&](std::size_t i) { return Xoshiro256(seed, (block << 32) | inputs[i].stream); };
    std::size_t waiting = inputs.size();  // an input of one uniform a draw whose uniforms wait for a partner's
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        double* out = columns + i * stride;
        Xoshiro256 rng = stream_of(i);
        if (!one_uniform_a_draw(inputs[i])) {
            draw_column(inputs[i], rng, out, count);
        } else if (waiting == inputs.size()) {
            waiting = i;
        } else {
            Xoshiro256 partner = stream_of(waiting);
            fill_uniforms(partner, rng, columns + waiting * stride, out, count);
            shape_uniforms(inputs[waiting], columns + waiting * stride, count);
            shape_uniforms(inputs[i], out, count);
            waiting = inputs.size();
        }
    }
    if (waiting < inputs.size()) {
        Xoshiro256 rng = stream_of(waiting);
        draw_column(inputs[waiting], rng, columns + waiting * stride, count);
    }
}

}  // namespace gpucost
