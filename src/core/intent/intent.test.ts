import { describe, expect, it } from 'vitest';
import { INTENTS, intentOf } from '.';

describe('intentOf', () => {
  it.each([
    ['Which segment had the highest operating income in 2022?', 'compare', ['compare', 'figure']],
    ['In the 2022 10-K, did any customer account for more than 10% of revenue?', 'verdict', ['figure', 'read']],
    ['Is 3M a capital-intensive business based on FY2022 data?', 'verdict', ['figure', 'read']],
    ['How large is the new revolving credit facility?', 'fact', ['entry', 'read', 'figure']],
    ['How much has the effective tax rate of Corning changed between FY2021 and FY2022?', 'fact', ['figure', 'entry', 'read']],
    ['What is the FY2019 fixed asset turnover ratio for Nike?', 'passages', ['entry', 'figure']],
    ['What drove revenue growth in fiscal 2018?', 'passages', ['entry', 'figure']],
  ])('%s → %s', (question, kind, stages) => {
    const intent = intentOf(question);
    expect(intent.kind).toBe(kind);
    expect(intent.stages).toEqual(stages);
  });

  it('gives a comparison what its stage needs', () => {
    expect(intentOf('Which region’s sales fell most from 2020 to 2021?').compare).toMatchObject({ measure: 'change', direction: 'min', set: 'region' });
    expect(intentOf('How many people did it employ?').fact).toBe('count');
  });

  it('documents every intent, and ends with one that reads any question', () => {
    for (const spec of INTENTS) {
      expect(spec.asks.length).toBeGreaterThan(20);
      expect(spec.stages.length).toBeGreaterThan(0);
    }
    expect(INTENTS[INTENTS.length - 1].read('anything at all')).toBeDefined();
  });
});
