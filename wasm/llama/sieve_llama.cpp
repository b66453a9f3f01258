// Sieve's WebAssembly build of llama.cpp: a small C API over llama.h for one model and one
// sequence, driven from a Web Worker (src/adapters/llamacpp). It keeps the tokens of the last
// prompt in the KV cache and evaluates only what a new prompt does not share with it (the
// prefix reuse llama.cpp's server calls cache_prompt), so grading calls that open alike cost
// only their differing tail.
#include "llama.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {
llama_model * g_model = nullptr;
llama_context * g_ctx = nullptr;
const llama_vocab * g_vocab = nullptr;
std::vector<llama_token> g_kept;  // tokens whose keys and values are in the cache, in order
int g_batch = 512;
std::mt19937 g_rng(42);
double g_last_eval_ms = 0;

double now_ms() { return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

// log softmax(logits)[id] over the vocabulary.
float log_prob(const float * logits, int id) {
    const int nv = llama_vocab_n_tokens(g_vocab);
    const float top = *std::max_element(logits, logits + nv);
    double sum = 0;
    for (int i = 0; i < nv; i++) sum += std::exp(logits[i] - top);
    return (float) (logits[id] - top - std::log(sum));
}

// Forgets the cache past the prefix `tokens` shares with the last prompt (at most `limit`
// tokens); returns that prefix's length.
int reuse_prefix(const int32_t * tokens, int limit) {
    int p = 0;
    while (p < limit && p < (int) g_kept.size() && g_kept[p] == tokens[p]) p++;
    if (!llama_memory_seq_rm(llama_get_memory(g_ctx), 0, p, -1)) {
        llama_memory_clear(llama_get_memory(g_ctx), true);
        p = 0;
    }
    g_kept.assign(tokens, tokens + p);
    return p;
}

// Tokens whose logits are read at once when scoring splits: a small output buffer, even for a
// vocabulary of 150,000 tokens (64 rows of it are 39 MB).
const int SPLIT_STEP = 64;

// Decodes tokens [from, n) of `tokens` at positions from…n-1. Without `split_out`: in batches
// of g_batch, logits for the last token only. With it: in batches of SPLIT_STEP, logits for
// every token, and log P(split) right after token i written to split_out[i - from].
int decode_from(const llama_token * tokens, int from, int n, llama_token split = -1, float * split_out = nullptr) {
    const int step = split_out ? SPLIT_STEP : g_batch;
    llama_batch batch = llama_batch_init(step, 0, 1);
    int rc = 0;
    for (int i = from; rc == 0 && i < n; i += step) {
        const int m = std::min(step, n - i);
        batch.n_tokens = m;
        for (int j = 0; j < m; j++) {
            batch.token[j] = tokens[i + j];
            batch.pos[j] = i + j;
            batch.n_seq_id[j] = 1;
            batch.seq_id[j][0] = 0;
            batch.logits[j] = split_out != nullptr || i + j == n - 1;
        }
        rc = llama_decode(g_ctx, batch);
        if (rc > 0) rc = -100 - rc;
        for (int j = 0; rc == 0 && split_out && j < m; j++) split_out[i + j - from] = log_prob(llama_get_logits_ith(g_ctx, j), split);
    }
    llama_batch_free(batch);
    return rc;
}

// After evaluating `tokens`: on success they are what the cache holds; on failure the cache is
// emptied. Returns `cached` or the error.
int settle(const int32_t * tokens, int n, int rc, int cached, double started) {
    if (rc != 0) {
        llama_memory_clear(llama_get_memory(g_ctx), true);
        g_kept.clear();
        return rc;
    }
    g_kept.assign(tokens, tokens + n);
    g_last_eval_ms = now_ms() - started;
    return cached;
}

}  // namespace

extern "C" {

// Loads a GGUF file. Returns 0, or -1 (model), -2 (context).
int sl_load(const char * path, int n_ctx, int n_threads, int n_batch) {
    llama_backend_init();
    llama_model_params mp = llama_model_default_params();
    mp.load_mode = LLAMA_LOAD_MODE_NONE;
    g_model = llama_model_load_from_file(path, mp);
    if (!g_model) return -1;
    llama_context_params cp = llama_context_default_params();
    cp.n_ctx = n_ctx;
    cp.n_batch = n_batch;
    cp.n_ubatch = n_batch;
    cp.n_threads = n_threads;
    cp.n_threads_batch = n_threads;
    cp.no_perf = true;
    g_ctx = llama_init_from_model(g_model, cp);
    if (!g_ctx) return -2;
    g_vocab = llama_model_get_vocab(g_model);
    g_batch = n_batch;
    g_kept.clear();
    return 0;
}

int sl_n_ctx() { return g_ctx ? (int) llama_n_ctx(g_ctx) : 0; }
int sl_n_vocab() { return g_vocab ? llama_vocab_n_tokens(g_vocab) : 0; }
int sl_n_ctx_train() { return g_model ? llama_model_n_ctx_train(g_model) : 0; }

// The chat rendered by the model's own template (llama.cpp's built-in templates), with the
// assistant's turn opened (ChatML when the model's template is not one llama.cpp knows).
// Returns the length needed: write again with a larger buffer when it exceeds `max`.
int sl_template(const char ** roles, const char ** contents, int n, char * out, int max) {
    std::vector<llama_chat_message> chat(n);
    for (int i = 0; i < n; i++) chat[i] = {roles[i], contents[i]};
    const char * tmpl = llama_model_chat_template(g_model, nullptr);
    const int len = llama_chat_apply_template(tmpl, chat.data(), n, true, out, max);
    // A template llama.cpp does not recognise (or none): ChatML, the most common instruct format.
    return len >= 0 ? len : llama_chat_apply_template("chatml", chat.data(), n, true, out, max);
}

// Tokenizes `text` (special tokens parsed); returns the count, or minus the count needed.
int sl_tokenize(const char * text, int add_special, int32_t * out, int max) {
    return llama_tokenize(g_vocab, text, (int32_t) strlen(text), out, max, add_special != 0, true);
}

// Evaluates a prompt, reusing the cached prefix it shares with the last one. Returns the tokens
// taken from the cache (≥ 0), or a negative llama_decode error. At least one token is evaluated.
int sl_eval(const int32_t * tokens, int n) {
    const double t = now_ms();
    const int p = reuse_prefix(tokens, n - 1);
    return settle(tokens, n, decode_from(tokens, p, n), p, t);
}

double sl_last_eval_ms() { return g_last_eval_ms; }

// LlamaChunk's model side: evaluates a prompt (reusing the cached prefix) and writes, for each
// token from `from` on, log P(`split` | the prompt up to and including that token) to `out`.
// Returns the tokens taken from the cache (≥ 0), or a negative llama_decode error.
int sl_split_scores(const int32_t * tokens, int n, int from, int32_t split, float * out) {
    const double t = now_ms();
    const int p = reuse_prefix(tokens, from);
    int rc = decode_from(tokens, p, from);  // the prompt before the window
    if (rc == 0) rc = decode_from(tokens, from, n, split, out);
    return settle(tokens, n, rc, p, t);
}

// Appends one token (a generated one) and evaluates it. Returns 0 or a negative error.
int sl_accept(int32_t token) {
    const int n = (int) g_kept.size();
    g_kept.push_back(token);
    const int rc = decode_from(g_kept.data(), n, n + 1);
    if (rc != 0) {
        llama_memory_clear(llama_get_memory(g_ctx), true);
        g_kept.clear();
    }
    return rc;
}

// The next token: greedy at temperature 0, else sampled from the softmax at `temp`.
int sl_sample(float temp) {
    const float * logits = llama_get_logits_ith(g_ctx, -1);
    const int nv = llama_vocab_n_tokens(g_vocab);
    if (temp <= 0) return (int) (std::max_element(logits, logits + nv) - logits);
    const float top = *std::max_element(logits, logits + nv);
    std::vector<double> p(nv);
    double sum = 0;
    for (int i = 0; i < nv; i++) sum += (p[i] = std::exp((logits[i] - top) / temp));
    std::uniform_real_distribution<double> u(0, sum);
    double r = u(g_rng);
    for (int i = 0; i < nv; i++) {
        if ((r -= p[i]) <= 0) return i;
    }
    return nv - 1;
}

// The k most likely next tokens and their log-probabilities, best first. Returns k.
int sl_top(int k, int32_t * ids, float * logprobs) {
    const float * logits = llama_get_logits_ith(g_ctx, -1);
    const int nv = llama_vocab_n_tokens(g_vocab);
    const float top = *std::max_element(logits, logits + nv);
    double sum = 0;
    for (int i = 0; i < nv; i++) sum += std::exp(logits[i] - top);
    const double log_z = top + std::log(sum);
    std::vector<int> order(nv);
    for (int i = 0; i < nv; i++) order[i] = i;
    k = std::min(k, nv);
    std::partial_sort(order.begin(), order.begin() + k, order.end(), [&](int a, int b) { return logits[a] > logits[b]; });
    for (int i = 0; i < k; i++) {
        ids[i] = order[i];
        logprobs[i] = (float) (logits[order[i]] - log_z);
    }
    return k;
}

int sl_is_eog(int32_t token) { return llama_vocab_is_eog(g_vocab, token) ? 1 : 0; }

// The token's text (special tokens rendered); returns its length, or minus the length needed.
int sl_piece(int32_t token, char * out, int max) { return llama_token_to_piece(g_vocab, token, out, max, 0, true); }

void sl_free() {
    if (g_ctx) llama_free(g_ctx);
    if (g_model) llama_model_free(g_model);
    g_ctx = nullptr;
    g_model = nullptr;
    g_kept.clear();
}
}
