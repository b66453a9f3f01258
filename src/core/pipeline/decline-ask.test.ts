import { describe, expect, it } from 'vitest';
import { ferryDeps } from '../../testing/test-kb';
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
});
