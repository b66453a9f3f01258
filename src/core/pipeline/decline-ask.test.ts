import { describe, expect, it } from 'vitest';
import { ferryDeps, ferryDepsOver } from '../../testing/test-kb';
import { ask } from './ask';
import { DEFAULT_PIPELINE } from '../settings';

describe('ask: not in your documents', () => {
  it('says first that no document is about a company the question names, runs no answering stage, and offers the nearest passages as no answer', async () => {
    const { deps } = await ferryDeps();
    const r = await ask("When does Tesla's ferry leave the harbour?", DEFAULT_PIPELINE, deps);
    expect(r.declined).toMatchObject({ kind: 'name' });
    expect(r.answer.text).toMatch(/^None of your documents is about Tesla: .*\n\nThe nearest passages, which do not answer it:\n\S/);
    const names = r.stages.map((s) => s.stage);
    expect(names).toContain('decline');
    expect(names).not.toContain('read');
    expect(names).not.toContain('figure');
  });

  it('answers as before when every name the question uses is in the documents', async () => {
    const { deps } = await ferryDeps();
    const r = await ask('When does the ferry leave the harbour?', DEFAULT_PIPELINE, deps);
    expect(r.declined).toBeUndefined();
    expect(r.answer.text).toMatch(/^noon: /);
  });

  it('says nothing states a count when no passage names what is counted', async () => {
    const { deps } = await ferryDeps();
    const r = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, deps);
    expect(r.declined).toMatchObject({ kind: 'fact' });
    expect(r.answer.text).toMatch(/^I found nothing in your documents that states this\./);
  });

  it('says nothing states a count when the passages name what is counted but print no count of it; a count stated anywhere in the document is kept', async () => {
    const sentences = [
      'The island ferry carries cars, bicycles and foot passengers between the two harbours.',
      'Passengers on the ferry may buy tickets at the harbour office or on board.',
      'The harbour office sells tickets for the ferry and the island bus.',
      'Lifeboats on the ferry are inspected every spring by the harbour master.',
    ];
    // The lifeboats are named, but no passage says how many there are.
    const named = await ferryDepsOver(sentences);
    const none = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, named.deps);
    expect(none.declined).toMatchObject({ kind: 'fact' });
    // Stated in the document, even where retrieval keeps other passages: not declined.
    const stated = await ferryDepsOver([...sentences, 'In the autumn the crew checked 6 lifeboats and the rafts.']);
    const some = await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, stated.deps);
    expect(some.declined).toBeUndefined();
    // A count in words states it too.
    const words = await ferryDepsOver([...sentences, 'The ferry carries four lifeboats and two rafts.']);
    expect((await ask('How many lifeboats does the ferry carry?', DEFAULT_PIPELINE, words.deps)).declined).toBeUndefined();
    // People are counted as employees too.
    const staff = await ferryDepsOver([...sentences, 'The ferry company had 140 employees at the end of the season.']);
    const r = await ask('How many people did the ferry company employ?', DEFAULT_PIPELINE, staff.deps);
    expect(r.declined, r.answer.text.slice(0, 120)).toBeUndefined();
  });
});

describe('ask: nothing in the documents prints what is asked', () => {
  it('says nothing states what is asked when no chunk of the documents prints it; printed anywhere, spelled out or as a statement names it, it is not declined', async () => {
    const sentences = [
      'The island ferry carries cars, bicycles and foot passengers between the two harbours.',
      'Passengers on the ferry may buy tickets at the harbour office or on board.',
      'The harbour master inspects the ferry every spring and reports to the island council.',
    ];
    const q = "Who is the ferry company's chief financial officer?";
    const absent = await ask(q, DEFAULT_PIPELINE, (await ferryDepsOver(sentences)).deps);
    expect(absent.declined).toMatchObject({ kind: 'fact' });
    expect(absent.answer.text).toMatch(/^I found nothing in your documents that states this\.\n\nThe nearest passages, which do not answer it:/);
    // Printed in a chunk retrieval did not keep, or as an acronym spelled out: the passages are offered as before.
    const printed = await ferryDepsOver([...sentences, 'Accounts are kept by Ada Lind, Chief Financial Officer since 2019.']);
    expect((await ask(q, DEFAULT_PIPELINE, printed.deps)).declined).toBeUndefined();
    expect((await ask('Who is the CFO of the ferry company?', DEFAULT_PIPELINE, printed.deps)).declined).toBeUndefined();
    expect((await ask('who is the cfo of the ferry company?', DEFAULT_PIPELINE, printed.deps)).declined).toBeUndefined();
    // "Net income" is printed as "net earnings" by some statements (core/compute's lexicon).
    const earnings = await ferryDepsOver([...sentences, 'The ferry company reported net earnings of $2.1 million for the season.']);
    expect((await ask("What was the ferry company's net income?", DEFAULT_PIPELINE, earnings.deps)).declined).toBeUndefined();
    // Words around the head are not part of what is asked.
    const lastYear = await ferryDepsOver([...sentences, 'The ferry company reported net income of $2.1 million last year.']);
    expect((await ask('What was net income last year?', DEFAULT_PIPELINE, lastYear.deps)).declined).toBeUndefined();
    expect((await ask('What was the ferry net income excluding one-time items?', DEFAULT_PIPELINE, lastYear.deps)).declined).toBeUndefined();
    expect((await ask("What was the ferry company's net income?", DEFAULT_PIPELINE, (await ferryDepsOver(sentences)).deps)).declined).toMatchObject({ kind: 'fact' });
  });

  it('says nothing states a version or a number that no chunk prints beside what it identifies', async () => {
    const sentences = [
      'The island ferry carries cars, bicycles and foot passengers between the two harbours.',
      'Tickets are sold in the booking app, which runs on Android phones and on the harbour kiosk.',
      'The ferry company thanks the island council for a harbour grant towards the new pier.',
    ];
    const none = (await ferryDepsOver(sentences)).deps;
    expect((await ask('Which version of Android does the booking app need?', DEFAULT_PIPELINE, none)).declined).toMatchObject({ kind: 'fact' });
    expect((await ask('Which grant number paid for the new pier?', DEFAULT_PIPELINE, none)).declined).toMatchObject({ kind: 'fact' });
    const printed = (await ferryDepsOver([...sentences, 'The booking app needs Android 9.0 or later; the pier was paid by harbour grant HG-2024-17.'])).deps;
    expect((await ask('Which version of Android does the booking app need?', DEFAULT_PIPELINE, printed)).declined).toBeUndefined();
    expect((await ask('Which grant number paid for the new pier?', DEFAULT_PIPELINE, printed)).declined).toBeUndefined();
  });
});
