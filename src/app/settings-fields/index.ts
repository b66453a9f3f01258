/**
 * Every setting the Settings tab shows, in plain words: its group, its label, the paper's
 * symbol (a hint, never the label), its range, whether it needs a language model, how to read
 * it from and write it to Settings, and how to say its value. Components take their labels
 * from here, and the diff from the defaults (settings-diff.ts) walks this list, so a label
 * is written once.
 */
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings';
import type { FieldSpec } from './field-spec';
import { MODEL_FIELDS } from './models';
import { CHUNKING_FIELDS } from './chunking';
import { SEARCH_FIELDS } from './search';
import { PIPELINE_FIELDS } from './pipeline';
import { SEGMENT_FIELDS, SEGMENT_TUNING_FIELDS } from './segments';
import { GRADING_FIELDS } from './grading';
import { RETRIEVER_FIELDS } from './retriever';

export { GROUPS, type ChoiceSpec, type FieldSpec, type Need, type NumberSpec, type SettingsGroup, type ToggleSpec } from './field-spec';
export { CHUNKER_KINDS, chunkerOfKind } from './chunking';
export { segmentPreset } from './segments';

/** Every field, in the order the diff from the defaults lists them. */
export const FIELDS: readonly FieldSpec[] = [
  ...MODEL_FIELDS,
  ...CHUNKING_FIELDS,
  ...SEARCH_FIELDS,
  ...PIPELINE_FIELDS,
  ...SEGMENT_FIELDS,
  ...GRADING_FIELDS,
  ...SEGMENT_TUNING_FIELDS,
  ...RETRIEVER_FIELDS,
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
