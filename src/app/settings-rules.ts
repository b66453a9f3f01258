/**
 * The rules of the Settings tab, kept out of its components: which settings differ from the
 * defaults, what is wrong with a draft before it can be saved, which options wait for a
 * language model and why, and how a draft follows saved settings that change under it.
 */
import { DEFAULT_CROSS_ENCODER, DEFAULT_SETTINGS, type Settings } from '../core/settings';
import { FIELDS, GROUPS, defaultOf, field, type FieldSpec, type SettingsGroup } from './settings-fields';

interface DiffEntry {
  id: string;
  group: SettingsGroup;
  label: string;
  symbol?: string;
  /** The value and the default, in words. */
  value: string;
  default: string;
}

/** Every setting that differs from its default, in the order the tab shows them. */
export function settingsDiff(s: Settings): DiffEntry[] {
  const order = GROUPS.map((g) => g.id);
  return FIELDS.filter((f) => differs(f, s))
    .map((f) => ({ id: f.id, group: f.group, label: f.label, symbol: f.symbol, value: say(f, f.get(s)), default: say(f, defaultOf(f, s)) }))
    .sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
}

/** Whether this one field differs from its default (false where it does not apply). */
export function differs(f: FieldSpec, s: Settings): boolean {
  const v = f.get(s);
  if (v === undefined) return false;
  const d = defaultOf(f, s);
  return d === undefined || say(f, v) !== say(f, d);
}

function say(f: FieldSpec, v: unknown): string {
  return v === undefined ? '—' : (f.show as (x: unknown) => string)(v);
}

/** These settings with one field put back to its default. */
export function resetField(s: Settings, id: string): Settings {
  if (id === 'embedder' || id === 'llm' || id === 'reranker') return { ...s, [id]: DEFAULT_SETTINGS[id] };
  const f = field(id);
  const d = defaultOf(f, s);
  return d === undefined ? s : (f.set as (s: Settings, v: unknown) => Settings)(s, d);
}

/** Why a control that needs a language model cannot be used now; undefined when it can. */
export type Gate = string | undefined;

export interface LlmGates {
  /** For options that need any loaded language model. */
  llm: Gate;
  /** For LLM-boundary chunking, which reads split-token probabilities. */
  splitScores: Gate;
}

/** What the loaded model (if any) allows, and in plain words why not. */
export function llmGates(status: { state: 'none' | 'loading' | 'ready' | 'failed'; info?: { engine: string; splitScores?: boolean } }): LlmGates {
  const llm =
    status.state === 'ready'
      ? undefined
      : status.state === 'loading'
        ? 'Needs a language model: the chosen one is still loading.'
        : status.state === 'failed'
          ? 'Needs a language model: the chosen one failed to load (see Models).'
          : 'Needs a language model, and none is loaded: choose one under Models.';
  const split =
    'LLM boundaries needs a language model that reads split-token probabilities: a GGUF model on the CPU or a transformers.js model (WebLLM and WebGPU llama.cpp cannot)';
  const splitScores =
    status.state === 'ready' && status.info?.splitScores === true
      ? undefined
      : status.state === 'ready'
        ? `${split}; the loaded model cannot.`
        : status.state === 'loading'
          ? `${split}; wait until the model has loaded.`
          : `${split}; none is loaded. The semantic chunker stays the default.`;
  return { llm, splitScores };
}

/** Whether the option or field can be used now. */
export function gateOf(needs: FieldSpec['needs'], gates: LlmGates): Gate {
  return needs === 'llm' ? gates.llm : undefined;
}

export interface Problem {
  /** The field it is about (a FIELDS id, or 'embedder' / 'llm' / 'reranker'). */
  id: string;
  message: string;
}

/** What must be fixed before the draft can be saved, in plain words; empty when nothing. */
export function validateSettings(s: Settings): Problem[] {
  const problems: Problem[] = [];
  for (const f of FIELDS) {
    if (f.type !== 'number') continue;
    const v = f.get(s);
    if (v === undefined) continue;
    if (!Number.isFinite(v)) problems.push({ id: f.id, message: `${f.label}: give a number.` });
    else if (v < f.min || v > f.max) problems.push({ id: f.id, message: `${f.label}: between ${f.min} and ${f.max}.` });
    else if (f.integer && !Number.isInteger(v)) problems.push({ id: f.id, message: `${f.label}: a whole number.` });
  }
  const c = s.chunker;
  if (c.kind === 'fixed' && Number.isFinite(c.overlap) && c.overlap >= c.size)
    problems.push({ id: 'chunker.overlap', message: 'The overlap must be smaller than the chunk size.' });
  if (c.kind === 'llm' && c.minChars > c.maxChars / 2) problems.push({ id: 'chunker.minChars', message: 'The shortest chunk can be at most half the longest.' });
  const w = s.search.weights;
  if (s.search.mode === 'hybrid' && w.bm25 === 0 && w.dense === 0)
    problems.push({ id: 'weights.bm25', message: 'Keyword and meaning weights are both 0: hybrid search would rank nothing.' });
  const g = s.pipeline.grading.weights;
  if (g.base === 0 && g.reflection === 0 && g.critic === 0) problems.push({ id: 'grading.base', message: 'The three grade weights are all 0: at least one must count.' });
  if (s.embedder.kind === 'transformers' && !s.embedder.modelId.trim()) problems.push({ id: 'embedder', message: 'Name the embedding model.' });
  if (s.reranker.kind === 'transformers' && !s.reranker.modelId.trim()) problems.push({ id: 'reranker', message: 'Name the reranker model.' });
  const l = s.llm;
  if ((l.kind === 'transformers' || l.kind === 'webllm') && !l.modelId.trim()) problems.push({ id: 'llm', message: 'Name the language model.' });
  if (l.kind === 'wllama' && l.source === 'url' && !l.url) problems.push({ id: 'llm', message: 'Give the GGUF file’s address, pick one on this site, or choose a file.' });
  return problems;
}

/**
 * Saved settings as the tab edits them. Search and questions retrieve with one pair of
 * weights (the Search tab's), and the reranker is on exactly when a reranker model is chosen,
 * so neither shows twice.
 */
export function draftFrom(saved: Settings): Settings {
  const rerankerOff = saved.reranker.kind === 'none' || !saved.pipeline.rerank;
  return {
    ...saved,
    reranker: rerankerOff ? { kind: 'none' } : saved.reranker,
    pipeline: { ...saved.pipeline, weights: { ...saved.search.weights }, rerank: true },
  };
}

/** The reranker turned on (the last model chosen, or the default cross-encoder) or off. */
export function withReranker(s: Settings, on: boolean, last?: Settings['reranker']): Settings {
  const model = last && last.kind === 'transformers' ? last : DEFAULT_CROSS_ENCODER;
  return { ...s, reranker: on ? model : { kind: 'none' }, pipeline: { ...s.pipeline, rerank: true } };
}

/** Whether two settings say the same (for "unsaved changes"). */
export function sameSettings(a: Settings, b: Settings): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v && typeof v === 'object')
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([k, x]) => [k, canonical(x)]),
    );
  return v;
}

/**
 * The draft after the saved settings changed under it (a model picked from a file, another
 * tab, a saved change): each part the user has not touched follows the new saved value; each
 * part they changed keeps their edit.
 */
export function rebaseDraft(draft: Settings, before: Settings, after: Settings): Settings {
  const prev = draftFrom(before);
  const next = draftFrom(after);
  const keys = Object.keys(next) as Array<keyof Settings>;
  return Object.fromEntries(keys.map((k) => [k, JSON.stringify(canonical(draft[k])) === JSON.stringify(canonical(prev[k])) ? next[k] : draft[k]])) as unknown as Settings;
}
