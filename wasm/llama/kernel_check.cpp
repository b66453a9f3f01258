// A check of the WebAssembly build's own quantised dot-product kernels (the SIEVE_WASM_KERNELS
// patch to ggml-cpu's wasm quants.c) against ggml's portable reference kernels, on random rows:
// sl_kernel_check(type, blocks, seed) quantises one random weight row of `blocks` super-blocks
// in `type` (a ggml_type: Q4_K 12, Q6_K 14) and one random activation row in the type its dot
// product takes, and returns |kernel - reference| / max(|reference|, 1e-6) for that pair, or -1
// for a type it does not check. Run by src/adapters/wllama/kernels.test.ts under Node.
#include "ggml.h"
#include "ggml-cpu.h"

#include <cmath>
#include <random>
#include <vector>

extern "C" {
void ggml_vec_dot_q4_K_q8_K_generic(int n, float * s, size_t bs, const void * vx, size_t bx, const void * vy, size_t by, int nrc);
void ggml_vec_dot_q6_K_q8_K_generic(int n, float * s, size_t bs, const void * vx, size_t bx, const void * vy, size_t by, int nrc);

double sl_kernel_check(int type, int blocks, int seed) {
    const auto t = (ggml_type) type;
    ggml_vec_dot_t reference = nullptr;
    if (t == GGML_TYPE_Q4_K) reference = ggml_vec_dot_q4_K_q8_K_generic;
    if (t == GGML_TYPE_Q6_K) reference = ggml_vec_dot_q6_K_q8_K_generic;
    if (!reference || blocks < 1) return -1;
    ggml_cpu_init();
    const auto * traits = ggml_get_type_traits_cpu(t);
    const int n = blocks * 256;
    std::mt19937 rng(seed);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> w(n), a(n);
    for (auto & v : w) v = normal(rng);
    // Activations with a few large values, as transformer activations have.
    for (int i = 0; i < n; i++) a[i] = normal(rng) * (i % 97 == 0 ? 20.0f : 1.0f);
    std::vector<uint8_t> qw(ggml_row_size(t, n)), qa(ggml_row_size(traits->vec_dot_type, n));
    ggml_quantize_chunk(t, w.data(), qw.data(), 0, 1, n, nullptr);
    ggml_get_type_traits_cpu(traits->vec_dot_type)->from_float(a.data(), qa.data(), n);
    float fast = 0, ref = 0;
    traits->vec_dot(n, &fast, 0, qw.data(), 0, qa.data(), 0, 1);
    reference(n, &ref, 0, qw.data(), 0, qa.data(), 0, 1);
    return std::fabs((double) fast - ref) / std::fmax(std::fabs((double) ref), 1e-6);
}
}

// Multiply-adds per second of the build's dot-product kernel for `type` over rows of `blocks`
// super-blocks, timed over `iters` calls (one row against one activation row, as decoding and
// ggml's prompt matmul call it); -1 for a type it does not time. For telling the kernels' share of
// a prompt's time apart from the rest (bench:llm's rates are whole-model).
extern "C" double sl_kernel_rate(int type, int blocks, int iters) {
    const auto t = (ggml_type) type;
    if ((t != GGML_TYPE_Q4_K && t != GGML_TYPE_Q6_K) || blocks < 1 || iters < 1) return -1;
    ggml_cpu_init();
    const auto * traits = ggml_get_type_traits_cpu(t);
    const int n = blocks * 256;
    std::mt19937 rng(1);
    std::normal_distribution<float> normal(0.0f, 1.0f);
    std::vector<float> w(n), a(n);
    for (auto & v : w) v = normal(rng);
    for (auto & v : a) v = normal(rng);
    std::vector<uint8_t> qw(ggml_row_size(t, n)), qa(ggml_row_size(traits->vec_dot_type, n));
    ggml_quantize_chunk(t, w.data(), qw.data(), 0, 1, n, nullptr);
    ggml_get_type_traits_cpu(traits->vec_dot_type)->from_float(a.data(), qa.data(), n);
    volatile float sink = 0;
    const int64_t t0 = ggml_time_us();
    for (int i = 0; i < iters; i++) {
        float out = 0;
        traits->vec_dot(n, &out, 0, qw.data(), 0, qa.data(), 0, 1);
        sink = sink + out;
    }
    const double seconds = (ggml_time_us() - t0) / 1e6;
    return seconds > 0 ? (double) n * iters / seconds : -1;
}
