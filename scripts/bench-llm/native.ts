/**
 * The native anchor: llama.cpp's own llama-bench, built from the llama.cpp source that PyPI's
 * llama-cpp-python source distribution ships (the same source wasm/llama/build.sh compiles to
 * WebAssembly), into the git-ignored .cache/llama.cpp. Built once (about 5 minutes on two
 * cores); when it cannot be built the bench says why and carries on without it.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../models/write-model';

const run = promisify(execFile);
/** The llama-cpp-python release whose llama.cpp both builds use (wasm/llama/build.sh names the same). */
export const LLAMA_CPP_PYTHON = '0.3.36';
const WORK = join(REPO_ROOT, '.cache', 'llama.cpp');
const SOURCE = join(WORK, `llama_cpp_python-${LLAMA_CPP_PYTHON}`, 'vendor', 'llama.cpp');
// llama-server and llama-bench; named anew when the build's flags changed (an older -march=native build may not run here).
const BUILD = join(WORK, 'build-server-isa');

/** llama-bench's path, building it first if needed; or why it could not be built. */
export function llamaBench(log: (line: string) => void): Promise<{ bin: string } | { error: string }> {
  return llamaTool('llama-bench', log);
}

/** A native llama.cpp program's path (llama-bench, or llama-server for the scripts' --llm-native), building it first if needed; or why it could not be built. */
export async function llamaTool(name: 'llama-bench' | 'llama-server', log: (line: string) => void): Promise<{ bin: string } | { error: string }> {
  const bin = join(BUILD, 'bin', name);
  if (existsSync(bin)) return { bin };
  try {
    mkdirSync(WORK, { recursive: true });
    if (!existsSync(SOURCE)) {
      log(`native anchor: fetching llama-cpp-python ${LLAMA_CPP_PYTHON}'s source from PyPI`);
      await run('pip', ['download', '--no-binary', ':all:', '--no-deps', `llama-cpp-python==${LLAMA_CPP_PYTHON}`, '-d', WORK], { maxBuffer: 1 << 26 });
      await run('tar', ['xzf', join(WORK, `llama_cpp_python-${LLAMA_CPP_PYTHON}.tar.gz`), '-C', WORK]);
    }
    log(`native llama.cpp: building ${name} (about 5 minutes on two cores)`);
    // The server is built without its web page (whose prebuilt files would be downloaded).
    const flags = [
      '-DCMAKE_BUILD_TYPE=Release',
      '-DLLAMA_CURL=OFF',
      ...instructionSets(),
      '-DLLAMA_BUILD_TESTS=OFF',
      '-DLLAMA_BUILD_SERVER=ON',
      '-DLLAMA_USE_PREBUILT_UI=OFF',
      '-DLLAMA_BUILD_UI=OFF',
    ];
    await run('cmake', ['-S', SOURCE, '-B', BUILD, ...flags], { maxBuffer: 1 << 26 });
    await run('cmake', ['--build', BUILD, '--target', name, '-j', '2'], { maxBuffer: 1 << 26 });
    return existsSync(bin) ? { bin } : { error: `the build finished without ${name}` };
  } catch (e) {
    const err = e as { stderr?: string; message?: string };
    return { error: (err.stderr?.trim().split('\n').slice(-3).join(' ') || err.message || String(e)).slice(0, 400) };
  }
}

/**
 * The CPU's vector instruction sets as ggml's build options. Not -march=native: on machines that
 * report AMX but whose kernel or sandbox does not grant it, a native build dies with an illegal
 * instruction at load. AMX is left out (the WebAssembly build has nothing like it either).
 */
function instructionSets(): string[] {
  let flags: Set<string>;
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('flags'));
    flags = new Set((line ?? '').split(':')[1]?.trim().split(/\s+/) ?? []);
  } catch {
    return ['-DGGML_NATIVE=ON'];
  }
  if (flags.size === 0) return ['-DGGML_NATIVE=ON'];
  const wanted: Array<[string, string]> = [
    ['avx', 'GGML_AVX'],
    ['avx2', 'GGML_AVX2'],
    ['fma', 'GGML_FMA'],
    ['f16c', 'GGML_F16C'],
    ['bmi2', 'GGML_BMI2'],
    ['avx_vnni', 'GGML_AVX_VNNI'],
    // ggml's AVX512 option turns on F, CD, VL, DQ and BW together.
    ['avx512f avx512cd avx512vl avx512dq avx512bw', 'GGML_AVX512'],
    ['avx512vbmi', 'GGML_AVX512_VBMI'],
    ['avx512_vnni', 'GGML_AVX512_VNNI'],
    ['avx512_bf16', 'GGML_AVX512_BF16'],
  ];
  const has = (names: string) => names.split(' ').every((n) => flags.has(n));
  return ['-DGGML_NATIVE=OFF', ...wanted.map(([names, option]) => `-D${option}=${has(names) ? 'ON' : 'OFF'}`)];
}

export interface NativeSpeed {
  prompt: Array<{ tokens: number; tokPerSec: number }>;
  decode: { tokens: number; tokPerSec: number };
}

/** llama-bench on one GGUF at one thread count: prompt speed at each length, decode speed over `decodeTokens`. */
export async function nativeSpeed(bin: string, gguf: string, threads: number, lengths: number[], decodeTokens: number): Promise<NativeSpeed> {
  const { stdout } = await run(bin, ['-m', gguf, '-p', lengths.join(','), '-n', String(decodeTokens), '-t', String(threads), '-r', '3', '-o', 'json'], { maxBuffer: 1 << 26 });
  const rows = JSON.parse(stdout) as Array<{ n_prompt: number; n_gen: number; avg_ts: number }>;
  const gen = rows.find((r) => r.n_gen > 0 && r.n_prompt === 0);
  return {
    prompt: rows.filter((r) => r.n_prompt > 0 && r.n_gen === 0).map((r) => ({ tokens: r.n_prompt, tokPerSec: r.avg_ts })),
    decode: { tokens: gen?.n_gen ?? decodeTokens, tokPerSec: gen?.avg_ts ?? 0 },
  };
}
