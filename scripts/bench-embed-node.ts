/**
 * Benchmarks an embedder in Node: model load time and sentences/second (median of 3 runs) on
 * ~1,000 sentences from FinanceBench 10-K evidence pages. USE-lite (TF.js WASM) is measured
 * at several batch limits; any other model (--embedder <id>, fetched by `npm run models`, on
 * onnxruntime-node) with the app's batching.
 *
 *   npx tsx scripts/bench-embed-node.ts [questions.jsonl] [sentenceCount] [--embedder <id>]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Embedder, BatchLimits } from '../src/core/embed';
import { EMBEDDER_OPTIONS, loadNodeEmbedder } from './embedder';
import { loadUseLiteNode } from '../src/adapters/use-lite/node';
import { segmentSentences } from '../src/core/text';
import { USE_LITE_MAX_TOKENS, type UseLiteEmbedder } from '../src/adapters/use-lite/use-lite-embedder';

const { values, positionals } = parseArgs({ allowPositionals: true, options: EMBEDDER_OPTIONS });
const source = positionals[0] ?? '/work/shared/data/financebench-dev/questions.jsonl';
const wanted = Number(positionals[1] ?? 1000);
const RUNS = 3;

/**
 * Sentences as ingestion would see them: each evidence page's wrapped lines are rejoined
 * (a line continues when it does not end a sentence and the next starts in lower case, or it
 * is long), then split with the app's own sentence segmenter. Evidence pages are mostly
 * financial statements, so two samples are measured: "prose" (units with at least five
 * words) and "mixed" (every unit, spread evenly over the pages: mostly table rows and cells).
 */
function sentencesFrom(path: string, count: number): { prose: string[]; mixed: string[] } {
  const seen = new Set<string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const question = JSON.parse(line) as { evidence?: Array<{ evidence_text_full_page?: string }> };
    for (const evidence of question.evidence ?? []) {
      const text = rejoinWrappedLines(evidence.evidence_text_full_page ?? '');
      for (const s of segmentSentences(text)) seen.add(s.text);
    }
  }
  const all = [...seen];
  const prose = all.filter((s) => (s.match(/\p{L}{2,}/gu) ?? []).length >= 5);
  const spread = (pool: string[]) => {
    if (pool.length === 0) throw new Error(`No sentences found in ${path}`);
    const step = Math.max(1, pool.length / count);
    // Repeat the pool if it is smaller than asked, with a suffix so nothing is an exact duplicate.
    return Array.from({ length: count }, (_, i) => (pool.length >= count ? pool[Math.floor(i * step)] : i < pool.length ? pool[i] : `${pool[i % pool.length]} (${i})`));
  };
  return { prose: spread(prose), mixed: spread(all) };
}

function rejoinWrappedLines(page: string): string {
  const lines = page.split('\n').map((l) => l.trim());
  let out = '';
  lines.forEach((line, i) => {
    if (i === 0) return void (out = line);
    const prev = lines[i - 1];
    const continues = !/[.:;?!]$/.test(prev) && (/^[a-z(]/.test(line) || prev.length > 60);
    out += (continues ? ' ' : '\n') + line;
  });
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const samples = sentencesFrom(source, wanted);
  if (values.embedder !== 'use-lite') return measureOther(values.embedder, samples);
  const loadStart = performance.now();
  const embedder = await loadUseLiteNode();
  const loadMs = performance.now() - loadStart;
  console.log(`Node ${process.version}, WASM simd=${embedder.runtime?.simd} threads=${embedder.runtime?.threads}`);
  console.log(`Model load (files + graph + warm-up): ${loadMs.toFixed(0)} ms`);
  for (const [name, texts] of Object.entries(samples)) await measure(embedder, name, texts);
  embedder.dispose();
}

const CONFIGS: Array<{ label: string; limits: BatchLimits; unsorted?: boolean }> = [
  ...[1, 8, 32, 128].map((n) => ({ label: `up to ${n} sentences`, limits: { maxItems: n, maxTotal: Infinity } })),
  { label: 'up to 128 sentences, 512 padded tokens', limits: { maxItems: 128, maxTotal: 512 } },
  { label: 'up to 128 sentences, 1024 padded tokens (default)', limits: { maxItems: 128, maxTotal: 1024 } },
  { label: 'up to 128 sentences, 2048 padded tokens', limits: { maxItems: 128, maxTotal: 2048 } },
  { label: 'up to 256 sentences, 4096 padded tokens', limits: { maxItems: 256, maxTotal: 4096 } },
  { label: '32 sentences in document order (no length sort)', limits: { maxItems: 32, maxTotal: Infinity }, unsorted: true },
];

async function measure(embedder: UseLiteEmbedder, name: string, texts: string[]) {
  const tokens = texts.map((t) => embedder.tokenize(t).length);
  const totalTokens = tokens.reduce((a, b) => a + b, 0);
  const chars = texts.reduce((n, t) => n + t.length, 0) / texts.length;
  const clipped = tokens.filter((n) => n >= USE_LITE_MAX_TOKENS).length;
  const tokenizeStart = performance.now();
  texts.forEach((t) => embedder.tokenize(t));
  console.log(
    `\n### ${name}: ${texts.length} sentences, mean ${chars.toFixed(0)} chars / ${(totalTokens / texts.length).toFixed(1)} tokens, ` +
      `${clipped} clipped at ${USE_LITE_MAX_TOKENS} tokens; tokenizing all: ${(performance.now() - tokenizeStart).toFixed(1)} ms\n`,
  );
  // Round-robin over configurations so drifting machine load affects them all alike.
  const times = CONFIGS.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    for (const [i, { limits, unsorted }] of CONFIGS.entries()) {
      embedder.batchLimits = limits;
      const start = performance.now();
      if (!unsorted) await embedder.embed(texts);
      else for (let k = 0; k < texts.length; k += limits.maxItems) await embedder.embedBatch(texts.slice(k, k + limits.maxItems));
      times[i].push(performance.now() - start);
    }
    console.error(`${name}: run ${run + 1}/${RUNS} done`);
  }
  console.log(`| batch limits | ms (median of ${RUNS}) | sentences/s | tokens/s |`);
  console.log('|---|---:|---:|---:|');
  CONFIGS.forEach(({ label }, i) => {
    const ms = median(times[i]);
    console.log(`| ${label} | ${ms.toFixed(0)} | ${((texts.length / ms) * 1000).toFixed(1)} | ${((totalTokens / ms) * 1000).toFixed(0)} |`);
  });
}

async function measureOther(id: string, samples: Record<string, string[]>) {
  const loadStart = performance.now();
  const embedder: Embedder = await loadNodeEmbedder(id);
  console.log(`Node ${process.version}, ${embedder.id} (onnxruntime-node, CPU)`);
  console.log(`Model load (files + graph + probe): ${(performance.now() - loadStart).toFixed(0)} ms`);
  for (const [name, texts] of Object.entries(samples)) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      await embedder.embed(texts);
      times.push(performance.now() - start);
    }
    const ms = median(times);
    const chars = texts.reduce((n, t) => n + t.length, 0) / texts.length;
    console.log(
      `${name}: ${texts.length} sentences, mean ${chars.toFixed(0)} chars: ${ms.toFixed(0)} ms (median of ${RUNS}), ${((texts.length / ms) * 1000).toFixed(1)} sentences/s`,
    );
  }
  await embedder.dispose?.();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
