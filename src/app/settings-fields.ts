/**
 * Every setting the Settings tab shows, in plain words: its group, its label, the paper's
 * symbol (a hint, never the label), its range, whether it needs a language model, how to read
 * it from and write it to Settings, and how to say its value. Components take their labels
 * from here, and the diff from the defaults (settings-diff.ts) walks this list, so a label
 * is written once.
 */
import { DEFAULT_FIXED_CHUNKER, DEFAULT_SETTINGS, llmModelName, type Settings } from '../core/settings';
import { DEFAULT_LLM_CHUNKER, type ChunkerSettings } from '../core/types';
import type { PipelineSettings } from '../core/pipeline/settings';
import { RSE_PRESETS, type RseSettings } from '../core/rse/presets';

export type SettingsGroup = 'models' | 'chunking' | 'search' | 'pipeline' | 'advanced';

export const GROUPS: ReadonlyArray<{ id: SettingsGroup; title: string; blurb: string }> = [
  { id: 'models', title: 'Models', blurb: 'What reads your documents, writes the answers and orders the sources.' },
  { id: 'chunking', title: 'Chunking', blurb: 'How new documents are cut into the passages that search finds and answers cite.' },
  { id: 'search', title: 'Search', blurb: 'How passages are found, on the Search tab and for every question.' },
  { id: 'pipeline', title: 'Question pipeline', blurb: 'What happens between a question and its answer.' },
  { id: 'advanced', title: 'Advanced', blurb: 'Fine-tuning of grading, the threshold, segments and the language model as retriever.' },
];

/** What a control needs before it does anything: 'llm' a loaded language model. */
export type Need = 'llm';

interface Base<V> {
  id: string;
  group: SettingsGroup;
  /** Plain words: what a person would call it. */
  label: string;
  /** The paper's symbol (θ, λ_dup, ε, N), shown as a hint beside the label. */
  symbol?: string;
  /** One sentence on what it does. */
  hint?: string;
  needs?: Need;
  /** The value, or undefined where it does not apply (e.g. the fixed size of a semantic chunker). */
  get(s: Settings): V | undefined;
  set(s: Settings, v: V): Settings;
  /** Its default. By default the value in DEFAULT_SETTINGS; for a chunker's parameters, that chunker's default. */
  fallback?(s: Settings): V | undefined;
  /** The value in words (for the diff). */
  show(v: V): string;
}

export interface NumberSpec extends Base<number> {
  type: 'number';
  min: number;
  max: number;
  step: number;
  /** Whole numbers only. */
  integer?: boolean;
}

export interface ToggleSpec extends Base<boolean> {
  type: 'toggle';
}

export interface ChoiceSpec extends Base<string> {
  type: 'choice';
  options: ReadonlyArray<{ value: string; label: string; needs?: Need }>;
}

export type FieldSpec = NumberSpec | ToggleSpec | ChoiceSpec;

const onOff = (v: boolean) => (v ? 'on' : 'off');
const plain = (n: number) => String(Number(n.toFixed(6)));

type Semantic = Extract<ChunkerSettings, { kind: 'semantic' }>;

function chunkerOf<K extends ChunkerSettings['kind']>(kind: K) {
  return (s: Settings) => (s.chunker.kind === kind ? (s.chunker as Extract<ChunkerSettings, { kind: K }>) : undefined);
}
const semantic = chunkerOf('semantic');
const fixed = chunkerOf('fixed');
const llmChunker = chunkerOf('llm');
const DEFAULT_SEMANTIC = DEFAULT_SETTINGS.chunker as Semantic;

const withChunker = (s: Settings, chunker: ChunkerSettings): Settings => ({ ...s, chunker });
const withPipeline = (s: Settings, patch: Partial<PipelineSettings>): Settings => ({ ...s, pipeline: { ...s.pipeline, ...patch } });
const withGrading = (s: Settings, patch: Partial<PipelineSettings['grading']>) => withPipeline(s, { grading: { ...s.pipeline.grading, ...patch } });
const withGradeWeights = (s: Settings, patch: Partial<PipelineSettings['grading']['weights']>) => withGrading(s, { weights: { ...s.pipeline.grading.weights, ...patch } });
const withThreshold = (s: Settings, patch: Partial<PipelineSettings['threshold']>) => withPipeline(s, { threshold: { ...s.pipeline.threshold, ...patch } });
const withRetriever = (s: Settings, patch: Partial<PipelineSettings['llmRetriever']>) => withPipeline(s, { llmRetriever: { ...s.pipeline.llmRetriever, ...patch } });
const withSegments = (s: Settings, patch: Partial<PipelineSettings['segments']>) => withPipeline(s, { segments: { ...s.pipeline.segments, ...patch } });

/** Search and questions retrieve with the same weights: one control sets both. */
function withWeight(s: Settings, key: 'bm25' | 'dense', v: number): Settings {
  return {
    ...s,
    search: { ...s.search, weights: { ...s.search.weights, [key]: v } },
    pipeline: { ...s.pipeline, weights: { ...s.search.weights, [key]: v } },
  };
}

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

/** The RSE preset these segment parameters match, or 'custom'. */
export function segmentPreset(s: RseSettings): keyof typeof RSE_PRESETS | 'custom' {
  const keys = Object.keys(RSE_PRESETS) as Array<keyof typeof RSE_PRESETS>;
  return keys.find((k) => (Object.keys(RSE_PRESETS[k]) as Array<keyof RseSettings>).every((f) => RSE_PRESETS[k][f] === s[f])) ?? 'custom';
}

function describeEmbedder(e: Settings['embedder']): string {
  if (e.kind === 'use-lite') return 'Universal Sentence Encoder lite (bundled)';
  return `${e.modelId} (${e.source === 'local' ? 'this site' : 'Hugging Face hub'}, ${e.device === 'auto' ? 'auto device' : e.device})`;
}

function describeLlm(l: Settings['llm']): string {
  if (l.kind === 'none') return 'None (retrieval-only)';
  const engine = l.kind === 'webllm' ? 'WebLLM' : l.kind === 'transformers' ? 'transformers.js' : 'llama.cpp';
  return `${llmModelName(l)} (${engine})`;
}

function describeReranker(r: Settings['reranker']): string {
  return r.kind === 'none' ? 'None (ordered by grade)' : `${r.modelId} (${r.source === 'local' ? 'this site' : 'Hugging Face hub'})`;
}

function num(
  id: string,
  group: SettingsGroup,
  label: string,
  range: [number, number, number],
  get: (s: Settings) => number | undefined,
  set: (s: Settings, v: number) => Settings,
  more: Partial<NumberSpec> = {},
): NumberSpec {
  const [min, max, step] = range;
  return { type: 'number', id, group, label, min, max, step, integer: Number.isInteger(step) && Number.isInteger(min), get, set, show: plain, ...more };
}

function toggle(
  id: string,
  group: SettingsGroup,
  label: string,
  get: (s: Settings) => boolean | undefined,
  set: (s: Settings, v: boolean) => Settings,
  more: Partial<ToggleSpec> = {},
): ToggleSpec {
  return { type: 'toggle', id, group, label, get, set, show: onOff, ...more };
}

function choice(
  id: string,
  group: SettingsGroup,
  label: string,
  options: ChoiceSpec['options'],
  get: (s: Settings) => string | undefined,
  set: (s: Settings, v: string) => Settings,
  more: Partial<ChoiceSpec> = {},
): ChoiceSpec {
  const show = (v: string) => options.find((o) => o.value === v)?.label ?? v;
  return { type: 'choice', id, group, label, options, get, set, show, ...more };
}

export const FIELDS: readonly FieldSpec[] = [
  // Models: the choosers are their own components; these entries name them in the diff.
  choice(
    'embedder',
    'models',
    'Embedding model',
    [],
    (s) => describeEmbedder(s.embedder),
    (s) => s,
    { show: (v) => v },
  ),
  choice(
    'llm',
    'models',
    'Language model',
    [],
    (s) => describeLlm(s.llm),
    (s) => s,
    { show: (v) => v },
  ),
  choice(
    'reranker',
    'models',
    'Reranker',
    [],
    (s) => describeReranker(s.reranker),
    (s) => s,
    { show: (v) => v },
  ),

  // Chunking
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

  // Search
  choice(
    'search.mode',
    'search',
    'Search by',
    [
      { value: 'hybrid', label: 'Keywords and meaning (hybrid)' },
      { value: 'bm25', label: 'Keywords only (BM25)' },
      { value: 'dense', label: 'Meaning only (vectors)' },
    ],
    (s) => s.search.mode,
    (s, v) => ({ ...s, search: { ...s.search, mode: v as Settings['search']['mode'] } }),
  ),
  num(
    'weights.bm25',
    'search',
    'Weight of keyword matches',
    [0, 1, 0.05],
    (s) => s.search.weights.bm25,
    (s, v) => withWeight(s, 'bm25', v),
    {
      symbol: 'BM25',
      hint: 'Used by the Search tab and by every question.',
    },
  ),
  num(
    'weights.dense',
    'search',
    'Weight of similar meaning',
    [0, 1, 0.05],
    (s) => s.search.weights.dense,
    (s, v) => withWeight(s, 'dense', v),
    {
      symbol: 'cosine of vectors',
      hint: 'Used by the Search tab and by every question.',
    },
  ),
  num(
    'search.limit',
    'search',
    'Results to show',
    [1, 200, 1],
    (s) => s.search.limit,
    (s, v) => ({ ...s, search: { ...s.search, limit: v } }),
  ),

  // Question pipeline
  toggle(
    'pipeline.routing',
    'pipeline',
    'Keep to the documents a question names',
    (s) => s.pipeline.routing,
    (s, v) => withPipeline(s, { routing: v }),
    {
      hint: 'A question that names a company, ticker or file, and a year or quarter, searches only those documents; the answer offers to search them all.',
    },
  ),
  toggle(
    'pipeline.rewrite',
    'pipeline',
    'Rewrite the question with the LLM before searching',
    (s) => s.pipeline.rewrite,
    (s, v) => withPipeline(s, { rewrite: v }),
    {
      needs: 'llm',
      hint: 'The original question is still used for keywords and grading.',
    },
  ),
  num(
    'pipeline.candidates',
    'pipeline',
    'Chunks retrieved for a question',
    [1, 100, 1],
    (s) => s.pipeline.candidates,
    (s, v) => withPipeline(s, { candidates: v }),
    { symbol: 'N' },
  ),
  num(
    'pipeline.duplicateThreshold',
    'pipeline',
    'Similarity at which a chunk counts as a duplicate',
    [0, 1, 0.01],
    (s) => s.pipeline.duplicateThreshold,
    (s, v) => withPipeline(s, { duplicateThreshold: v }),
    {
      symbol: 'λ_dup',
      hint: 'A chunk more similar than this to a better-ranked one is dropped as redundant, unless the two name different figures or years.',
    },
  ),
  num(
    'threshold.floor',
    'pipeline',
    'Lowest grade a chunk may have and still be used',
    [0, 1, 0.01],
    (s) => s.pipeline.threshold.floor,
    (s, v) => withThreshold(s, { floor: v }),
    {
      symbol: 'grade floor',
      hint: 'No chunk graded below this is used, whatever the threshold.',
    },
  ),
  num(
    'pipeline.contextBudget',
    'pipeline',
    'Characters of chunks given to the answer',
    [200, 64000, 100],
    (s) => s.pipeline.contextBudget,
    (s, v) => withPipeline(s, { contextBudget: v }),
    {
      symbol: 'context budget',
    },
  ),
  num(
    'pipeline.maxAnswerTokens',
    'pipeline',
    'Longest answer (tokens)',
    [16, 4096, 16],
    (s) => s.pipeline.maxAnswerTokens,
    (s, v) => withPipeline(s, { maxAnswerTokens: v }),
    {
      needs: 'llm',
      hint: 'Without a language model the answer quotes sentences and has no token limit.',
    },
  ),
  toggle(
    'segments.enabled',
    'pipeline',
    'Give the answer runs of adjacent chunks instead of isolated ones',
    (s) => s.pipeline.segments.enabled,
    (s, v) => withSegments(s, { enabled: v }),
    {
      symbol: 'relevant segment extraction, dsRAG',
    },
  ),
  choice(
    'segments.preset',
    'pipeline',
    'Segment preset',
    [
      { value: 'precise', label: 'Precise: short runs' },
      { value: 'balanced', label: 'Balanced' },
      { value: 'find-everything', label: 'Find everything: long runs' },
      { value: 'custom', label: 'Custom (see Advanced)' },
    ],
    (s) => segmentPreset(s.pipeline.segments),
    (s, v) => (v in RSE_PRESETS ? withSegments(s, RSE_PRESETS[v as keyof typeof RSE_PRESETS]) : s),
  ),

  // Advanced: grading (needs a language model)
  choice(
    'grading.mode',
    'advanced',
    'How the model grades chunks',
    [
      { value: 'logprob', label: 'From its next-token probabilities (fast; a second look only near the threshold)' },
      { value: 'generate', label: 'By writing each grade and a second look (as in the paper)' },
    ],
    (s) => s.pipeline.grading.mode,
    (s, v) => withGrading(s, { mode: v as PipelineSettings['grading']['mode'] }),
    { needs: 'llm' },
  ),
  num(
    'grading.base',
    'advanced',
    'Weight of the first grade',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.base,
    (s, v) => withGradeWeights(s, { base: v }),
    { needs: 'llm', symbol: 'base score' },
  ),
  num(
    'grading.reflection',
    'advanced',
    'Weight of the model’s second look',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.reflection,
    (s, v) => withGradeWeights(s, { reflection: v }),
    {
      needs: 'llm',
      symbol: 'reflection',
    },
  ),
  num(
    'grading.critic',
    'advanced',
    'Weight of the critic check',
    [0, 1, 0.05],
    (s) => s.pipeline.grading.weights.critic,
    (s, v) => withGradeWeights(s, { critic: v }),
    { needs: 'llm', symbol: 'critic' },
  ),
  num(
    'grading.reflectionMargin',
    'advanced',
    'Second look only for grades this close to the threshold',
    [0, 1, 0.01],
    (s) => s.pipeline.grading.reflectionMargin,
    (s, v) => withGrading(s, { reflectionMargin: v }),
    {
      needs: 'llm',
      symbol: 'reflection margin',
      hint: 'Next-token grading only.',
    },
  ),
  num(
    'grading.maxScoreTokens',
    'advanced',
    'Longest grade reply (tokens)',
    [1, 64, 1],
    (s) => s.pipeline.grading.maxScoreTokens,
    (s, v) => withGrading(s, { maxScoreTokens: v }),
    { needs: 'llm' },
  ),
  choice(
    'threshold.mode',
    'advanced',
    'Who sets the grade threshold',
    [
      { value: 'dynamic', label: 'Computed from the grades: their mean, or mean + spread when they are close' },
      { value: 'llm', label: 'The language model proposes it from the grades', needs: 'llm' },
    ],
    (s) => s.pipeline.threshold.mode,
    (s, v) => withThreshold(s, { mode: v as 'dynamic' | 'llm' }),
    { symbol: 'T = μ or μ + σ' },
  ),
  num(
    'threshold.epsilon',
    'advanced',
    'Grades count as close when their variance is below',
    [0, 1, 0.001],
    (s) => s.pipeline.threshold.epsilon,
    (s, v) => withPipeline(withThreshold(s, { epsilon: v }), { grading: { ...s.pipeline.grading, epsilon: v } }),
    {
      symbol: 'ε',
      hint: 'Close grades raise the threshold from their mean μ to μ + σ.',
    },
  ),
  num(
    'threshold.minDense',
    'advanced',
    'Least similarity for a chunk with none of the question’s words',
    [-1, 1, 0.01],
    (s) => s.pipeline.threshold.minDense,
    (s, v) => withThreshold(s, { minDense: v }),
    {
      symbol: 'minimum cosine',
      hint: 'A candidate needs a word of the question or at least this similarity.',
    },
  ),
  num(
    'threshold.relative',
    'advanced',
    'Keep chunks graded at least this share of the best one',
    [0, 1, 0.05],
    (s) => s.pipeline.threshold.relative,
    (s, v) => withThreshold(s, { relative: v }),
    {
      hint: 'They are kept until the context budget is full. 0 uses the computed threshold (μ or μ + σ) instead.',
    },
  ),

  // Advanced: segments
  num(
    'segments.penalty',
    'advanced',
    'Penalty for an irrelevant chunk in a segment',
    [0, 1, 0.01],
    (s) => s.pipeline.segments.penalty,
    (s, v) => withSegments(s, { penalty: v }),
    {
      hint: "Subtracted from every chunk's relevance: higher keeps segments tighter.",
    },
  ),
  num(
    'segments.decay',
    'advanced',
    'Rank at which relevance fades (without a language model)',
    [1, 1000, 1],
    (s) => s.pipeline.segments.decay,
    (s, v) => withSegments(s, { decay: v }),
    {
      hint: 'Chunks ranked past this count for about a third.',
    },
  ),
  num(
    'segments.maxChunks',
    'advanced',
    'Most chunks in one segment',
    [1, 200, 1],
    (s) => s.pipeline.segments.maxChunks,
    (s, v) => withSegments(s, { maxChunks: v }),
  ),
  num(
    'segments.minValue',
    'advanced',
    'Least value a segment must have',
    [0, 10, 0.05],
    (s) => s.pipeline.segments.minValue,
    (s, v) => withSegments(s, { minValue: v }),
  ),
  num(
    'segments.candidates',
    'advanced',
    'Chunks considered for segments (without a language model)',
    [1, 500, 1],
    (s) => s.pipeline.segments.candidates,
    (s, v) => withSegments(s, { candidates: v }),
  ),

  // Advanced: the language model as retriever
  choice(
    'retriever.use',
    'advanced',
    'Let the language model read the chunks itself',
    [
      { value: 'off', label: 'Off' },
      { value: 'primary', label: 'Always: it reads every chunk of the documents', needs: 'llm' },
      { value: 'refine', label: 'To refine: it judges a larger set of search results', needs: 'llm' },
      { value: 'fallback', label: 'As a fallback: it reads every chunk when nothing clears the floor', needs: 'llm' },
    ],
    (s) => s.pipeline.llmRetriever.use,
    (s, v) => withRetriever(s, { use: v as PipelineSettings['llmRetriever']['use'] }),
    { needs: 'llm', symbol: 'LLM as retriever' },
  ),
  choice(
    'retriever.scale',
    'advanced',
    'It answers',
    [
      { value: 'grade', label: 'A grade from 1 to 10' },
      { value: 'yes-no', label: 'Relevant: yes or no' },
    ],
    (s) => s.pipeline.llmRetriever.scale,
    (s, v) => withRetriever(s, { scale: v as 'yes-no' | 'grade' }),
    { needs: 'llm' },
  ),
  choice(
    'retriever.mode',
    'advanced',
    'Judge by',
    [
      { value: 'generate', label: 'Written answers, several chunks per call' },
      { value: 'logprob', label: 'Next-token probabilities, one chunk per call' },
    ],
    (s) => s.pipeline.llmRetriever.mode,
    (s, v) => withRetriever(s, { mode: v as 'generate' | 'logprob' }),
    { needs: 'llm' },
  ),
  num(
    'retriever.threshold',
    'advanced',
    'Grade a chunk needs (1–10)',
    [1, 10, 1],
    (s) => s.pipeline.llmRetriever.threshold,
    (s, v) => withRetriever(s, { threshold: v }),
    { needs: 'llm' },
  ),
  num(
    'retriever.batch',
    'advanced',
    'Chunks per model call',
    [1, 20, 1],
    (s) => s.pipeline.llmRetriever.batch,
    (s, v) => withRetriever(s, { batch: v }),
    { needs: 'llm' },
  ),
  num(
    'retriever.refineCandidates',
    'advanced',
    'Search results it judges when refining',
    [1, 500, 1],
    (s) => s.pipeline.llmRetriever.refineCandidates,
    (s, v) => withRetriever(s, { refineCandidates: v }),
    {
      needs: 'llm',
    },
  ),
];

const BY_ID = new Map(FIELDS.map((f) => [f.id, f]));

/** The field with this id (throws on a typo, so a component cannot silently show nothing). */
export function field(id: string): FieldSpec {
  const f = BY_ID.get(id);
  if (!f) throw new Error(`No setting "${id}"`);
  return f;
}

/** The default of a field for these settings (that chunker's default for a chunker's parameters). */
export function defaultOf(f: FieldSpec, s: Settings): unknown {
  return f.fallback ? f.fallback(s) : f.get(DEFAULT_SETTINGS);
}
