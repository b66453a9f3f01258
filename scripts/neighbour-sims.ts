/**
 * How a semantic-chunking threshold falls on one document for an embedder: the share of
 * neighbour-sentence pairs below θ, and the chunks θ 0.8 and percentile breakpoints make.
 *   npx tsx scripts/neighbour-sims.ts <file> [--embedder <id>] [--cache .cache/embeddings]
 */
import { parseArgs } from 'node:util';
import { basename } from 'node:path';
import { EMBEDDER_OPTIONS, loadNodeEmbedder } from './embedder';
import { FsEmbeddingCacheStore } from '../src/adapters/fs-cache';
import { withCache } from '../src/core/embed';
import { buildDocument } from '../src/core/ingest';
import { readDocument } from './documents';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { ...EMBEDDER_OPTIONS, cache: { type: 'string', default: '.cache/embeddings' } } });
const file = positionals[0];
if (!file) throw new Error('usage: npx tsx scripts/neighbour-sims.ts <file.pdf> [--embedder <id>]');
const name = basename(file).replace(/\.pdf$/i, '');
const parsed = await readDocument(name, { pdfs: file.slice(0, file.length - basename(file).length) || '.' });
const cache = new FsEmbeddingCacheStore(values.cache!);
const embedder = withCache(await loadNodeEmbedder(values.embedder), cache);
const rows: string[] = [];
for (const [label, chunker] of [
  ['θ 0.8', { kind: 'semantic', threshold: 0.8, maxChars: 500 }],
  ['P75', { kind: 'semantic', threshold: 0.8, percentile: 75, maxChars: 500 }],
  ['P90', { kind: 'semantic', threshold: 0.8, percentile: 90, maxChars: 500 }],
] as const) {
  const built = await buildDocument({ docId: name, parsed, fileName: basename(file), embedder, chunker });
  const sims = Array.from(built.neighbourSims);
  const below = sims.filter((s) => s < 0.8).length;
  const merged = built.chunks.filter((c) => c.sentenceEnd - c.sentenceStart > 1).length;
  const cut = built.traces.find((t) => t.stage === 'chunking')?.detail?.threshold;
  if (rows.length === 0) console.log(`${name}, ${embedder.id}: ${sims.length} neighbour pairs, ${below} below 0.8 (${((100 * below) / sims.length).toFixed(0)}%)`);
  rows.push(`| ${label} | ${cut ?? ''} | ${built.chunks.length} | ${merged} |`);
}
console.log('| chunker | θ used | chunks | chunks of several units |\n| --- | --- | --- | --- |\n' + rows.join('\n'));
await cache.close?.();
