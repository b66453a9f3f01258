/**
 * The app's language-model engine against native llama.cpp, on the same GGUF and thread count:
 *
 *   npm run bench:llm -- <model id…> [--threads 1,2] [--runtime sieve|wllama] [--json out.json]
 *                        [--pdf <filing.pdf>] [--question "…"] [--no-question] [--no-native] [--no-speed]
 * --no-speed times the whole question only (no prompt and decode speeds).
 *
 * Each model (fetched by `npm run models`) is loaded through the app's own engine in headless
 * Chromium, served by Vite with the app's config (cross-origin isolated, as `npm start` serves
 * it), and timed from llama.cpp's own per-call timings: prompt tokens/s at about 256 and 1,024
 * tokens and decode tokens/s over 64, cold (first call) and warm (median of the next two). The
 * native anchor is llama-bench built from the same llama.cpp source (scripts/bench-llm/native.ts).
 * Then one whole question through the default pipeline, with seconds, calls and tokens per stage.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadChromiumGguf } from './chromium-llm';
import { findLocalModel } from './embedder';
import { measureSpeed, resultRow, type EngineSpeed } from './bench-llm/speed';
import { llamaBench, nativeSpeed, type NativeSpeed } from './bench-llm/native';
import { prepareFiling, timeQuestion, type QuestionTiming } from './bench-llm/question';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    threads: { type: 'string', default: '1' },
    runtime: { type: 'string', default: 'sieve' },
    json: { type: 'string' },
    pdf: { type: 'string', default: '../shared/data/financebench-dev/pdfs/NIKE_2018_10K.pdf' },
    question: { type: 'string', default: "What drove NIKE's revenue growth in fiscal 2018?" },
    'no-question': { type: 'boolean' },
    'no-native': { type: 'boolean' },
    'no-speed': { type: 'boolean' },
  },
});
if (positionals.length === 0) {
  console.error('usage: npm run bench:llm -- <model id…> [--threads 1,2] [--runtime sieve|wllama] [--json out.json] [--no-question] [--no-native] [--no-speed]');
  process.exit(2);
}
const runtime = values.runtime === 'wllama' ? 'wllama' : 'sieve';
const threads = values.threads!.split(',').map(Number);
const LENGTHS = [256, 1024];
const DECODE = 64;
const log = (line: string) => console.error(line);

const native = values['no-native'] ? { error: 'skipped (--no-native)' } : await llamaBench(log);
if ('error' in native) log(`native anchor unavailable: ${native.error}`);

const results: Array<Record<string, unknown>> = [];
const questions: Array<Record<string, unknown>> = [];
const filing = values['no-question'] ? undefined : await prepareFiling(values.pdf!);
for (const id of positionals) {
  const { entry, dir } = findLocalModel(id, 'llm');
  const gguf = join(dir, entry.id, entry.files.find((f) => f.path.endsWith('.gguf'))!.path);
  for (const t of values['no-speed'] ? [] : threads) {
    const engine = await loadChromiumGguf(entry, 4096, { threads: t, runtime });
    let app: EngineSpeed;
    try {
      app = await measureSpeed(engine, LENGTHS, DECODE, 3);
    } finally {
      engine.dispose();
    }
    const nat: NativeSpeed | undefined = 'bin' in native ? await nativeSpeed(native.bin, gguf, t, LENGTHS, DECODE) : undefined;
    print(entry.id, t, app, nat);
    results.push(resultRow(entry.id, t, runtime, app, nat));
  }
  if (filing) {
    const engine = await loadChromiumGguf(entry, undefined, { runtime });
    try {
      const q: QuestionTiming = await timeQuestion(filing, engine, values.question!);
      printQuestion(entry.id, engine.runtime.llamaThreads, q);
      questions.push({ model: entry.id, threads: engine.runtime.llamaThreads, runtime, ...q });
    } finally {
      engine.dispose();
    }
  }
}
if (values.json) await writeFile(values.json, JSON.stringify({ results, questions }, null, 2));
process.exit(0);

function print(model: string, t: number, app: EngineSpeed, nat: NativeSpeed | undefined) {
  const pct = (a: number, b: number | undefined) => (b ? ` (${((100 * a) / b).toFixed(0)}% of native ${b.toFixed(1)})` : '');
  console.log(`\n${model}, ${t} thread${t > 1 ? 's' : ''}, ${runtime} runtime`);
  app.prompt.forEach((p, i) =>
    console.log(`  prompt ~${LENGTHS[i]} (${p.tokens} evaluated): cold ${p.cold.toFixed(1)}, warm ${p.warm.toFixed(1)} tok/s${pct(p.warm, nat?.prompt[i]?.tokPerSec)}`),
  );
  console.log(`  decode ${app.decode.tokens}: cold ${app.decode.cold.toFixed(1)}, warm ${app.decode.warm.toFixed(1)} tok/s${pct(app.decode.warm, nat?.decode.tokPerSec)}`);
}

function printQuestion(model: string, t: number, q: QuestionTiming) {
  console.log(
    `\n${model}: one question, ${t} thread${t > 1 ? 's' : ''}: ${q.seconds.toFixed(1)} s${q.firstAnswerTokenSeconds ? `, first answer token at ${q.firstAnswerTokenSeconds.toFixed(1)} s` : ''}`,
  );
  for (const s of q.stages.filter((x) => x.seconds >= 0.05 || x.calls > 0))
    console.log(
      `  ${s.name.padEnd(10)} ${s.seconds.toFixed(1).padStart(6)} s  ${String(s.calls).padStart(3)} calls  ${String(s.promptTokens).padStart(6)} prompt${s.evaluatedTokens !== undefined ? ` (${s.evaluatedTokens} evaluated)` : ''}  ${String(s.generatedTokens).padStart(5)} generated`,
    );
  console.log(`  answer: ${q.answer.slice(0, 300).replace(/\s+/g, ' ')}`);
}
