/**
 * The chunking lab on FinanceBench-format (or typed) questions: fixed500/50, semantic θ 0.8, the
 * fixed size × overlap sweep and the θ sweep, compared by retrieval and signal ratio
 * (src/core/lab/run.ts defines them).
 *   npm run eval -- --lab --questions <file> --pdfs <dir> [--budget 4000] [--mode hybrid]
 *                   [--out lab.json] [--shard k/n --cache dir] [--parsed .cache/parsed]
 *                   [--limit N] [--docs <dir>] [--llm <model id> [--models test/models/]]
 * Documents are <name>.pdf under --pdfs, or <name>.md/.txt/.html/.docx under --docs.
 * --llm loads a transformers.js model whose split-token scores drive the 'llm' spec
 * (LlamaChunk, windows sized to its context window); without it that spec is unavailable.
 *   npm run eval -- --lab --merge s0.json,s1.json [--out lab.json]
 */
import { access, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EMBEDDER_OPTIONS, loadNodeEmbedder } from './embedder';
import { FsEmbeddingCacheStore } from '../src/adapters/fs-cache';
import { withCache } from '../src/core/embed';
import type { RetrievalMode } from '../src/core/kb';
import type { ParsedDocument } from '../src/core/types';
import { engineSplitScorer } from '../src/core/llamachunk';
import { DOCUMENT_OPTIONS, readDocument } from './documents';
import { LLM_OPTIONS, loadLocalLlm } from './llm';
import {
  bestSpec,
  distinctSpecs,
  fixedSpec,
  llmSpec,
  mergeLabResults,
  objectiveValue,
  parseLabQuestions,
  runLab,
  semanticSpec,
  sweepFixed,
  sweepTheta,
  type LabResult,
} from '../src/core/lab';
import { DEFAULT_OVERLAPS, DEFAULT_SIZES } from '../src/core/settings';
import { markdownTable as table } from '../src/core/eval';

const { values } = parseArgs({
  options: {
    lab: { type: 'boolean' },
    questions: { type: 'string' },
    ...DOCUMENT_OPTIONS,
    ...LLM_OPTIONS,
    ...EMBEDDER_OPTIONS,
    budget: { type: 'string', default: '4000' },
    mode: { type: 'string', default: 'hybrid' },
    out: { type: 'string' },
    cache: { type: 'string', default: '.cache/embeddings' },
    parsed: { type: 'string', default: '.cache/parsed' },
    shard: { type: 'string' },
    limit: { type: 'string' },
    merge: { type: 'string' },
  },
});

interface Report {
  budget: number;
  mode: string;
  embedder: string;
  questions: number;
  documents: number;
  results: LabResult[];
}

if (values.merge) {
  const reports = await Promise.all(values.merge.split(',').map(async (f) => JSON.parse(await readFile(f, 'utf8')) as Report));
  const report: Report = {
    ...reports[0],
    questions: reports.reduce((n, r) => n + r.questions, 0),
    documents: reports.reduce((n, r) => n + r.documents, 0),
    results: mergeLabResults(reports.map((r) => r.results)),
  };
  await finish(report);
} else {
  if (!values.questions || !(values.pdfs || values.docs)) {
    console.error('usage: npm run eval -- --lab --questions <file> --pdfs <dir> | --docs <dir> [--budget 4000] [--out lab.json] [--shard k/n --cache dir] [--llm <model id>]');
    process.exit(2);
  }
  const t0 = performance.now();
  let questions = parseLabQuestions(await readFile(values.questions, 'utf8'), { source: values.questions });
  if (values.limit) questions = questions.slice(0, Number(values.limit));
  let docIds = [...new Set(questions.map((q) => q.docId))];
  if (values.shard) {
    const [k, n] = values.shard.split('/').map(Number);
    docIds = docIds.filter((_, i) => i % n === k);
    questions = questions.filter((q) => docIds.includes(q.docId));
  }
  const docs = [];
  for (const docId of docIds) {
    const p = await parsedDocument(docId);
    docs.push({ docId, title: p.title, text: p.text, pages: p.pages, sections: p.sections });
  }
  const tParsed = performance.now();
  const cache = new FsEmbeddingCacheStore(values.cache!);
  const base = await loadNodeEmbedder(values.embedder);
  const embedder = withCache(base, cache);
  const engine = values.llm ? await loadLocalLlm(values.llm, values) : undefined;
  const scorer = engineSplitScorer(engine);
  if (engine) console.error(`${values.llm}: context ${engine.info.contextWindow} tokens${scorer ? '' : ', but no split scores: the llm spec stays unavailable'}`);
  const specs = distinctSpecs([fixedSpec(500, 50), semanticSpec(0.8), llmSpec(), ...sweepFixed(), ...sweepTheta()]);
  const results = await runLab({
    docs,
    questions,
    embedder,
    specs,
    budget: Number(values.budget),
    mode: values.mode as RetrievalMode,
    scorer,
    onProgress: (p) => p.stage === 'chunking' && p.done % specs.length === 0 && console.error(`${p.docId}: ${p.done / specs.length + 1}/${docs.length}`),
  });
  console.error(
    `parsing ${((tParsed - t0) / 1000).toFixed(1)} s, lab ${((performance.now() - tParsed) / 1000).toFixed(1)} s; embedding cache ${JSON.stringify((embedder as { stats?: unknown }).stats)}`,
  );
  engine?.dispose();
  await cache.close?.();
  await finish({ budget: Number(values.budget), mode: values.mode!, embedder: base.id, questions: questions.length, documents: docs.length, results });
}

/** The parsed document, from the parsed cache when there. */
async function parsedDocument(docId: string): Promise<ParsedDocument> {
  const cached = join(values.parsed!, `${docId}.json`);
  try {
    await access(cached);
    return JSON.parse(await readFile(cached, 'utf8'));
  } catch {
    const parsed = await readDocument(docId, values);
    await mkdir(values.parsed!, { recursive: true });
    await writeFile(cached, JSON.stringify(parsed));
    return parsed;
  }
}

async function finish(report: Report) {
  const { results } = report;
  const f = (x: number | undefined) => (x === undefined ? '–' : x.toFixed(3));
  console.log(`\nBudget ${report.budget} characters, ${report.mode}, ${report.questions} questions, ${report.documents} documents, embedder ${report.embedder}\n`);
  const byLabel = new Map(results.map((r) => [r.label, r]));
  const compared = ['fixed500/50', 'semantic θ0.8', 'llm'].map((l) => byLabel.get(l)!);
  const head = ['spec', 'chunks', 'min', 'p25', 'median', 'p75', 'max', 'retrieval', 'signal', 'balanced', 'located'];
  console.log(
    table(
      head,
      compared.map((r) =>
        r.available
          ? [
              r.label,
              String(r.chunkCount),
              ...[r.lengths.min, r.lengths.p25, r.lengths.median, r.lengths.p75, r.lengths.max].map(String),
              f(r.retrievalRatio),
              f(r.signalRatio),
              f(objectiveValue(r)),
              `${r.locatedQuestions}/${r.questions}`,
            ]
          : [r.label, `unavailable: ${r.note}`, '', '', '', '', '', '', '', '', ''],
      ),
    ),
  );
  for (const [name, value] of [
    ['retrieval ratio', (r: LabResult) => f(r.retrievalRatio)],
    ['signal ratio', (r: LabResult) => f(r.signalRatio)],
    ['balanced (harmonic mean)', (r: LabResult) => f(objectiveValue(r))],
  ] as const) {
    console.log(`\nFixed sweep, ${name} (rows: size; columns: overlap as a share of size)`);
    const rows = DEFAULT_SIZES.map((size) => [
      String(size),
      ...DEFAULT_OVERLAPS.map((o) => {
        const r = byLabel.get(`fixed${size}/${Math.round(size * o)}`);
        return r?.available ? value(r) : '';
      }),
    ]);
    console.log(table(['size', ...DEFAULT_OVERLAPS.map(String)], rows));
  }
  console.log('\nθ sweep (semantic, maxChars 500)');
  const theta = (r: LabResult) => (r.spec.kind === 'semantic' ? r.spec.threshold : 0);
  const thetas = results.filter((r) => r.spec.kind === 'semantic' && r.spec.percentile === undefined).sort((a, b) => theta(a) - theta(b));
  console.log(
    table(
      ['θ', 'chunks', 'median', 'retrieval', 'signal', 'balanced'],
      thetas.map((r) => [String(theta(r)), String(r.chunkCount), String(r.lengths.median), f(r.retrievalRatio), f(r.signalRatio), f(objectiveValue(r))]),
    ),
  );
  console.log('');
  for (const objective of ['balanced', 'retrieval', 'signal'] as const) {
    const best = bestSpec(results, objective);
    console.log(`best (${objective}): ${best?.label ?? 'none'} (${f(best && objectiveValue(best, objective))})`);
  }
  const fixedBest = bestSpec(results.filter((r) => r.spec.kind === 'fixed'));
  const thetaBest = bestSpec(thetas);
  console.log(`best fixed size/overlap pair (balanced): ${fixedBest?.label}; best θ: ${thetaBest?.label}`);
  if (values.out) {
    await writeFile(values.out, JSON.stringify(report));
    console.error(`wrote ${values.out}`);
  }
}
