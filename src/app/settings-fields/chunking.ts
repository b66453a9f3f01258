import { DEFAULT_FIXED_CHUNKER, DEFAULT_LLM_CHUNKER, DEFAULT_SETTINGS, type ChunkerSettings, type Settings } from '../../core/settings';
import { choice, num, toggle } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withChunker } from './updates';

type Semantic = Extract<ChunkerSettings, { kind: 'semantic' }>;

function chunkerOf<K extends ChunkerSettings['kind']>(kind: K) {
  return (s: Settings) => (s.chunker.kind === kind ? (s.chunker as Extract<ChunkerSettings, { kind: K }>) : undefined);
}
const semantic = chunkerOf('semantic');
const fixed = chunkerOf('fixed');
const llmChunker = chunkerOf('llm');
const DEFAULT_SEMANTIC = DEFAULT_SETTINGS.chunker as Semantic;

export const CHUNKER_KINDS = [
  { value: 'semantic', label: 'Semantic (ChunkRAG)' },
  { value: 'fixed', label: 'Fixed size' },
  { value: 'llm', label: 'LLM boundaries (LlamaChunk)' },
] as const;

/** The chunker of a kind, keeping the contextual-header choices of the current one. */
export function chunkerOfKind(current: ChunkerSettings, kind: ChunkerSettings['kind']): ChunkerSettings {
  if (current.kind === kind) return current;
  const headers = { headers: current.headers, ...(current.headerVectors ? { headerVectors: true } : {}) };
  if (kind === 'semantic') return { ...DEFAULT_SEMANTIC, ...headers };
  if (kind === 'fixed') return { ...DEFAULT_FIXED_CHUNKER, ...headers };
  return { ...DEFAULT_LLM_CHUNKER, ...headers };
}

export const CHUNKING_FIELDS: readonly FieldSpec[] = [
  choice(
    'chunker.kind',
    'chunking',
    'How documents are cut into chunks',
    CHUNKER_KINDS,
    (s) => s.chunker.kind,
    (s, v) => withChunker(s, chunkerOfKind(s.chunker, v as ChunkerSettings['kind'])),
  ),
  choice(
    'chunker.rule',
    'chunking',
    'Cut where neighbouring sentences are',
    [
      { value: 'percentile', label: 'among the least alike in the document' },
      { value: 'threshold', label: 'less similar than a fixed value' },
    ],
    (s) => {
      const c = semantic(s);
      return c && (c.percentile !== undefined ? 'percentile' : 'threshold');
    },
    (s, v) => {
      const c = semantic(s)!;
      if (v === 'percentile') return withChunker(s, { ...c, percentile: c.percentile ?? DEFAULT_SEMANTIC.percentile });
      const { percentile: _dropped, ...rest } = c;
      return withChunker(s, rest);
    },
    { fallback: (s) => (semantic(s) ? 'percentile' : undefined) },
  ),
  num(
    'chunker.percentile',
    'chunking',
    'Share of sentence pairs that become cuts (%)',
    [0, 100, 1],
    (s) => semantic(s)?.percentile,
    (s, v) => withChunker(s, { ...semantic(s)!, percentile: v }),
    {
      symbol: 'percentile P',
      hint: 'This share of each document’s neighbouring sentence pairs, the least alike, become cuts: lower makes longer chunks. Means the same whatever the embedding model.',
      fallback: (s) => (semantic(s)?.percentile !== undefined ? DEFAULT_SEMANTIC.percentile : undefined),
    },
  ),
  num(
    'chunker.threshold',
    'chunking',
    'Similarity needed to stay in one chunk',
    [-1, 1, 0.01],
    (s) => (semantic(s)?.percentile === undefined ? semantic(s)?.threshold : undefined),
    (s, v) => withChunker(s, { ...semantic(s)!, threshold: v }),
    {
      symbol: 'θ',
      hint: "Neighbouring sentences at least this similar stay together. What a similarity means depends on the embedding model: a value that suits one may cut another's documents into single sentences.",
      fallback: (s) => (semantic(s) && semantic(s)!.percentile === undefined ? DEFAULT_SEMANTIC.threshold : undefined),
    },
  ),
  num(
    'chunker.maxChars',
    'chunking',
    'Longest chunk (characters)',
    [50, 4000, 10],
    (s) => semantic(s)?.maxChars,
    (s, v) => withChunker(s, { ...semantic(s)!, maxChars: v }),
    {
      fallback: (s) => (semantic(s) ? DEFAULT_SEMANTIC.maxChars : undefined),
    },
  ),
  num(
    'chunker.size',
    'chunking',
    'Chunk size (characters)',
    [50, 8000, 10],
    (s) => fixed(s)?.size,
    (s, v) => withChunker(s, { ...fixed(s)!, size: v }),
    {
      fallback: (s) => (fixed(s) ? DEFAULT_FIXED_CHUNKER.size : undefined),
    },
  ),
  num(
    'chunker.overlap',
    'chunking',
    'Overlap between chunks (characters)',
    [0, 7999, 10],
    (s) => fixed(s)?.overlap,
    (s, v) => withChunker(s, { ...fixed(s)!, overlap: v }),
    {
      hint: 'Each chunk repeats this many characters of the one before, so a sentence cut in two is still found whole.',
      fallback: (s) => (fixed(s) ? DEFAULT_FIXED_CHUNKER.overlap : undefined),
    },
  ),
  num(
    'chunker.llmThreshold',
    'chunking',
    'How sure the model must be to cut',
    [-20, 20, 0.1],
    (s) => llmChunker(s)?.threshold,
    (s, v) => withChunker(s, { ...llmChunker(s)!, threshold: v }),
    {
      symbol: 'log-odds',
      hint: "The model's log-odds of a section break, over its usual level at that distance into the window. Higher: fewer, surer cuts.",
      fallback: (s) => (llmChunker(s) ? DEFAULT_LLM_CHUNKER.threshold : undefined),
    },
  ),
  num(
    'chunker.llmMaxChars',
    'chunking',
    'Longest chunk (characters)',
    [100, 8000, 10],
    (s) => llmChunker(s)?.maxChars,
    (s, v) => withChunker(s, { ...llmChunker(s)!, maxChars: v }),
    {
      fallback: (s) => (llmChunker(s) ? DEFAULT_LLM_CHUNKER.maxChars : undefined),
    },
  ),
  num(
    'chunker.minChars',
    'chunking',
    'Shortest chunk (characters)',
    [0, 4000, 10],
    (s) => llmChunker(s)?.minChars,
    (s, v) => withChunker(s, { ...llmChunker(s)!, minChars: v }),
    {
      fallback: (s) => (llmChunker(s) ? DEFAULT_LLM_CHUNKER.minChars : undefined),
    },
  ),
  toggle(
    'chunker.headers',
    'chunking',
    'Search each chunk together with its document title and section',
    (s) => s.chunker.headers !== false,
    (s, v) => withChunker(s, { ...s.chunker, headers: v, headerVectors: v ? s.chunker.headerVectors : undefined }),
    { symbol: 'contextual headers', fallback: () => true },
  ),
  toggle(
    'chunker.headerVectors',
    'chunking',
    'Put the title and section into the meaning vectors too',
    (s) => (s.chunker.headers !== false ? s.chunker.headerVectors === true : undefined),
    (s, v) => withChunker(s, { ...s.chunker, headerVectors: v || undefined }),
    {
      hint: 'Embeds each distinct header once. It did not improve retrieval with the bundled model on the dev set.',
      fallback: (s) => (s.chunker.headers !== false ? false : undefined),
    },
  ),
];
