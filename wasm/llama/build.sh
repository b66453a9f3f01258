#!/usr/bin/env bash
# Builds Sieve's llama.cpp WebAssembly runtime into wasm/llama/dist: llama.cpp's source as PyPI's
# llama-cpp-python source distribution ships it, compiled by Debian's emscripten with
# WebAssembly SIMD and threads, and sieve_llama.cpp's small C API over it.
#
#   bash wasm/llama/build.sh        (about 10 minutes on two cores; needs root for apt-get)
#
# Why not wllama's own build: its CMake run leaves CMAKE_SYSTEM_PROCESSOR at emscripten's
# default "x86", so ggml compiles its generic C kernels instead of the WebAssembly SIMD ones
# (ggml/src/ggml-cpu/arch/wasm/quants.c); EMSCRIPTEN_SYSTEM_PROCESSOR=wasm32 below fixes that.
# It also builds for 32-bit memory, which is faster than Memory64 and holds models under 2 GB.
set -euo pipefail
LLAMA_CPP_PYTHON=0.3.36
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK="${SIEVE_LLAMA_BUILD:-$HERE/../../.cache/llama.cpp}"
mkdir -p "$WORK" "$HERE/dist"
command -v emcc >/dev/null || { apt-get update && apt-get install -y --no-install-recommends emscripten; }
# Debian's emscripten finds acorn in Debian's node folder, not in the node on PATH.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
SRC="$WORK/llama_cpp_python-$LLAMA_CPP_PYTHON/vendor/llama.cpp"
if [ ! -d "$SRC" ]; then
  pip download --no-binary :all: --no-deps "llama-cpp-python==$LLAMA_CPP_PYTHON" -d "$WORK"
  tar xzf "$WORK/llama_cpp_python-$LLAMA_CPP_PYTHON.tar.gz" -C "$WORK"
fi
# Sieve's WebAssembly kernels for the quantised dot products (patches/), applied once to the source.
if ! grep -q SIEVE_WASM_KERNELS "$SRC/ggml/src/ggml-cpu/arch/wasm/quants.c"; then
  patch -p1 -d "$SRC" < "$HERE/patches/wasm-quants.patch"
fi
# -fexceptions: llama.cpp reports a bad file or an unknown template by throwing and catching.
FLAGS="-O3 -msimd128 -pthread -fexceptions -DNDEBUG"
emcmake cmake -S "$SRC" -B "$WORK/build-wasm" -DCMAKE_BUILD_TYPE=Release -DEMSCRIPTEN_SYSTEM_PROCESSOR=wasm32 \
  -DLLAMA_WASM_MEM64=OFF -DGGML_OPENMP=OFF -DLLAMA_CURL=OFF -DLLAMA_BUILD_HTML=OFF -DLLAMA_BUILD_TESTS=OFF \
  -DLLAMA_BUILD_SERVER=OFF -DLLAMA_BUILD_TOOLS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DGGML_NATIVE=OFF -DBUILD_SHARED_LIBS=OFF \
  -DCMAKE_C_FLAGS="$FLAGS" -DCMAKE_CXX_FLAGS="$FLAGS"
cmake --build "$WORK/build-wasm" --target llama -j "$(nproc)"
EXPORTS="_sl_load,_sl_n_ctx,_sl_n_vocab,_sl_n_ctx_train,_sl_template,_sl_tokenize,_sl_eval,_sl_last_eval_ms,_sl_split_scores,_sl_accept,_sl_sample,_sl_top,_sl_is_eog,_sl_piece,_sl_free,_sl_kernel_check,_sl_kernel_rate,_malloc,_free"
# shellcheck disable=SC2046
em++ $FLAGS "$HERE/sieve_llama.cpp" "$HERE/kernel_check.cpp" -I"$SRC/include" -I"$SRC/ggml/include" \
  "$WORK/build-wasm/src/libllama.a" $(find "$WORK/build-wasm/ggml" -name '*.a' | sort) \
  -sMODULARIZE=1 -sEXPORT_NAME=createSieveLlama -sENVIRONMENT=web,worker,node \
  -sALLOW_MEMORY_GROWTH=1 -sINITIAL_MEMORY=64MB -sMAXIMUM_MEMORY=4GB -sTOTAL_STACK=8MB \
  -sPTHREAD_POOL_SIZE='Module["threads"]||0' -lworkerfs.js \
  -sEXPORTED_FUNCTIONS="$EXPORTS" \
  -sEXPORTED_RUNTIME_METHODS=FS,WORKERFS,UTF8ToString,stringToUTF8,lengthBytesUTF8 \
  -o "$HERE/dist/sieve-llama.js"
echo "built $HERE/dist: $(ls "$HERE/dist" | tr '\n' ' ')"
