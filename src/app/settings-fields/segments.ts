import { RSE_PRESETS, type RseSettings } from '../../core/settings';
import { choice, num, toggle } from './field-builders';
import type { FieldSpec } from './field-spec';
import { withSegments } from './updates';

/** The RSE preset these segment parameters match, or 'custom'. */
export function segmentPreset(s: RseSettings): keyof typeof RSE_PRESETS | 'custom' {
  const keys = Object.keys(RSE_PRESETS) as Array<keyof typeof RSE_PRESETS>;
  return keys.find((k) => (Object.keys(RSE_PRESETS[k]) as Array<keyof RseSettings>).every((f) => RSE_PRESETS[k][f] === s[f])) ?? 'custom';
}

export const SEGMENT_FIELDS: readonly FieldSpec[] = [
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
];

/** The segment knobs under Advanced. */
export const SEGMENT_TUNING_FIELDS: readonly FieldSpec[] = [
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
];
