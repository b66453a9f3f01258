import { describe, expect, it } from 'vitest';
import { leading, LEAD_KINDS, MIN_LEAD_PRECISION, statesKind, type Findings, type LeadKindSpec } from './leading';
import type { AskContext } from './context';
import { DEFAULT_PIPELINE } from '../../settings';
import { intentOf } from '../../intent';

const ctx = (question: string): AskContext => ({
  question,
  settings: DEFAULT_PIPELINE,
  deps: { search: () => ({ candidates: [] }), embedQuery: async () => undefined, vectorOf: () => undefined, titleOf: () => 'doc' },
  judging: 'off',
  emit: () => {},
  problems: [],
});

const kinds = (right: number, led: number): LeadKindSpec[] => LEAD_KINDS.map((k) => ({ ...k, measured: { right, led, set: 'test' } }));
const unit = { source: 2, text: 'The ferry leaves the harbour at noon every day.', row: false, coverage: 0.9, covered: [] };

describe('statesKind', () => {
  it('states a kind only where its measured precision reaches the bar; an unmeasured kind and the passages never', () => {
    expect(MIN_LEAD_PRECISION).toBe(0.85);
    expect(statesKind('span', kinds(17, 20))).toBe(true);
    expect(statesKind('span', kinds(16, 20))).toBe(false);
    expect(
      statesKind(
        'span',
        LEAD_KINDS.map((k) => ({ kind: k.kind, what: k.what })),
      ),
    ).toBe(false);
    expect(statesKind('passages', kinds(1, 1))).toBe(false);
  });

  it('states a kind measured with one language model only for that model', () => {
    const withModel = LEAD_KINDS.map((k) => ({ ...k, measured: { right: 9, led: 9, set: 'test', model: 'Qwen2.5 Coder 1.5B' } }));
    expect(statesKind('verdict chosen by the model', withModel, 'Qwen2.5 Coder 1.5B Instruct (Q4_K_M)')).toBe(true);
    expect(statesKind('verdict chosen by the model', withModel, 'Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF')).toBe(true);
    expect(statesKind('verdict chosen by the model', withModel, 'Qwen2.5 Coder 0.5B Instruct (Q4_K_M)')).toBe(false);
    expect(statesKind('verdict chosen by the model', withModel)).toBe(false);
  });
});

describe('leading', () => {
  const span = (q: string): Findings => ({
    intent: intentOf(q),
    read: { fact: { type: 'date', span: 'noon', unit, start: 0, end: 4 }, answer: `noon: “${unit.text}” [2]`, quoted: unit.text },
  });

  it('states a span of a precise kind, and offers it as the closest sentence, without the bare span, where the kind is not', () => {
    const q = 'When does the ferry leave?';
    const stated = leading(ctx(q), span(q), [], kinds(9, 10)).value;
    expect(stated).toMatchObject({ kind: 'span', states: true, answer: `noon: “${unit.text}” [2]` });
    const offered = leading(ctx(q), span(q), [], kinds(1, 2)).value;
    expect(offered.states).toBe(false);
    expect(offered.answer).toBe(`Sieve found no sentence it can vouch for. The closest says “${unit.text}” [2]`);
    expect(offered.found).toBe(`noon: “${unit.text}” [2]`);
  });

  it('never says a bare Yes for a verdict from a sentence of a kind that is not precise', () => {
    const q = 'Does the ferry leave at noon?';
    const found: Findings = {
      intent: intentOf(q),
      read: { verdict: { verdict: 'yes', unit, why: 'the passage states it' }, answer: `Yes: the passage that decides it says “${unit.text}” [2]` },
    };
    const offered = leading(ctx(q), found, [], kinds(3, 5)).value;
    expect(offered).toMatchObject({ kind: 'verdict from a sentence', states: false });
    expect(offered.answer).not.toMatch(/^Yes/);
    expect(offered.answer).toMatch(/^Sieve cannot judge this for certain\. The passage nearest to deciding it says “The ferry/);
    expect(leading(ctx(q), found, [], kinds(9, 10)).value).toMatchObject({ states: true, verdict: 'Yes' });
  });

  it('leads with a decline whatever else was found, says which rule declined, and states it only while declines are precise enough', () => {
    const q = 'What was Tesla’s revenue?';
    const found: Findings = { intent: intentOf(q), declined: { kind: 'name', text: 'None of your documents is about Tesla.' } };
    const out = leading(ctx(q), found, [], kinds(9, 10));
    expect(out.value).toMatchObject({ kind: 'decline', states: true, answer: 'None of your documents is about Tesla.' });
    expect(out.detail).toMatchObject({ lead: 'decline', declined: 'name' });
    const offered = leading(ctx(q), found, [], kinds(3, 4)).value;
    expect(offered).toMatchObject({ kind: 'decline', states: false });
    expect(offered.answer).toBe('Sieve could not find this, and cannot vouch that it is not there. None of your documents is about Tesla.');
  });

  it('leads with the passages when nothing was found', () => {
    const q = 'Why did revenue grow?';
    expect(leading(ctx(q), { intent: intentOf(q) }, [], kinds(1, 1)).value).toMatchObject({ kind: 'passages', states: false });
  });
});
