import type { Settings } from '../../core/settings';

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
