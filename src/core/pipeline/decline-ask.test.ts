import { describe, expect, it } from 'vitest';
import { ferryDeps, ferryDepsOver } from '../../testing/test-kb';
import { ask } from './ask';
import { DEFAULT_PIPELINE } from '../settings';
import { LEAD_KINDS } from './stages/leading';

describe('ask: not in your documents', () => {
  it('says first that no document is about a company the question names, runs no answering stage, and offers the nearest passages', async () => {
    const { deps } = await ferryDeps();
    const r = await ask("When does Tesla's ferry leave the harbour?", DEFAULT_PIPELINE, deps);
    expect(r.declined).toMatchObject({ kind: 'name' });
    // Declines are below the bar on fresh data (19 of 24): said as what Sieve found.
    expect(r.answer.text).toMatch(/^Sieve could not find this, and cannot vouch that it is not there\. None of your documents is about Tesla: .*\n\nThe closest passages:\n\S/);
    const sure = await ask("When does Tesla's ferry leave the harbour?", DEFAULT_PIPELINE, {
      ...deps,
      leadKinds: LEAD_KINDS.map((k) => (k.kind === 'decline' ? { ...k, measured: { right: 9, led: 9, set: 'test' } } : k)),
    });
    expect(sure.answer.text).toMatch(/^None of your documents is about Tesla: .*\n\nThe nearest passages, which do not answer it:\n\S/);
    const names = r.stages.map((s) => s.stage);
    expect(names).toContain('decline');
    expect(names).not.toContain('read');
    expect(names).not.toContain('figure');
  });

  it('answers as before when every name the question uses is in the documents', async () => {
    const { deps } = await ferryDeps();
    const r = await ask('When does the ferry leave the harbour?', DEFAULT_PIPELINE, deps);
    expect(r.declined).toBeUndefined();
    expect(r.lead).toMatchObject({ kind: 'span', found: expect.stringMatching(/^noon: /) });
  });

  it('finds nothing stating a count when no passage names what is counted: declined in a hedged wording while such declines are below the bar', async () => {
    const { deps } = await ferryDeps();
    const r = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, deps);
    expect(r.lead).toMatchObject({ kind: 'nothing stated', states: false });
    expect(r.declined).toMatchObject({ kind: 'fact' });
    expect(r.answer.text).toMatch(/^Sieve found no passage that plainly states this, and cannot vouch that none does\.\n\nThe closest passages:\n\S/);
    // Measured precise enough, the same finding is said as sure.
    const sure = [
      ...LEAD_KINDS.filter((k) => k.kind !== 'nothing stated'),
      { kind: 'nothing stated' as const, what: 'nothing states it', measured: { right: 9, led: 10, set: 'a set' } },
    ];
    const d = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, { ...deps, leadKinds: sure });
    expect(d.declined).toMatchObject({ kind: 'fact' });
    expect(d.answer.text).toMatch(/^I found nothing in your documents that states this\.\n\nThe nearest passages, which do not answer it:/);
  });

  it('finds nothing stating a count when the passages name what is counted but print no count of it; a count stated anywhere in the document is kept', async () => {
    const sentences = [
      'The island ferry carries cars, bicycles and foot passengers between the two harbours.',
      'Passengers on the ferry may buy tickets at the harbour office or on board.',
      'The harbour office sells tickets for the ferry and the island bus.',
      'Lifeboats on the ferry are inspected every spring by the harbour master.',
    ];
    // The lifeboats are named, but no passage says how many there are.
    const named = await ferryDepsOver(sentences);
    const none = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, named.deps);
    expect(none.lead?.kind).toBe('nothing stated');
    // Stated in the document, even where retrieval keeps other passages: not declined.
    const stated = await ferryDepsOver([...sentences, 'In the autumn the crew checked 6 lifeboats and the rafts.']);
    const some = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, stated.deps);
    expect(some.lead?.kind).not.toBe('nothing stated');
    // A count in words states it too.
    const words = await ferryDepsOver([...sentences, 'The ferry carries four lifeboats and two rafts.']);
    expect((await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, words.deps)).lead?.kind).not.toBe('nothing stated');
    // People are counted as employees too.
    const staff = await ferryDepsOver([...sentences, 'The ferry company had 140 employees at the end of the season.']);
    const r = await ask('How many people did the ferry company employ?', DEFAULT_PIPELINE, staff.deps);
    expect(r.lead?.kind, r.answer.text.slice(0, 120)).not.toBe('nothing stated');
    // … and as individuals, participants or patients: any noun for persons.
    const survey = await ferryDepsOver([...sentences, 'Smith and Jones (1997) analyze data on 4406 individuals, aged 66 and over.']);
    const s = await ask('How many people are in the Smith and Jones data?', DEFAULT_PIPELINE, survey.deps);
    expect(s.lead?.kind, s.answer.text.slice(0, 120)).not.toBe('nothing stated');
  });
});
