import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { ferryDeps } from '../../testing/test-kb';
import { EVERY_KIND_STATES } from '../../testing/leads';
import { ask } from './ask';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../settings';

/** The model as the reader (an option since session 21; the default writes nothing). */
const READER: PipelineSettings = { ...DEFAULT_PIPELINE, llmAnswer: 'reader' };

const Q = 'When does the ferry leave the harbour?';

/** An engine that keeps the query, grades the noon sentence high, and reads with the given reply. */
function reading(reply: string) {
  return new ScriptedEngine([
    { match: /Original query/, reply: Q },
    { match: /Chunk: The ferry to the island leaves/, reply: '0.9' },
    { match: /Chunk: /, reply: '0.1' },
    { match: /Passages:/, reply },
  ]);
}

describe('ask, with the language model as the reader', () => {
  it('leads with the model’s checked sentence, then Sieve’s own reading of the passage', async () => {
    const { deps } = await ferryDeps({ leadKinds: EVERY_KIND_STATES });
    const engine = reading('At noon, every day [1].');
    const r = await ask(Q, READER, { ...deps, engine }, {});
    const prompt = engine.calls
      .filter((c) => c.kind === 'generate')
      .at(-1)!
      .messages.at(-1)!.content;
    // Sieve's own finding (the time read from the sentence) is given to the model, and the passages by number.
    expect(prompt).toMatch(/Sieve's findings[^\n]*\n- noon: “The ferry to the island leaves the harbour at noon every day\.” \[1\]/);
    expect(prompt).toMatch(/Passages:\n\[1\] The ferry to the island leaves/);
    expect(r.answer.text).toMatch(/^At noon, every day \[1\]\.\n\nnoon: “The ferry/);
    expect(r.answer.extractive).toBe(false);
    expect(r.answer.citations[0].sources).toEqual([1]);
    expect(r.stages.find((s) => s.stage === 'answer')!.detail).toMatchObject({ reader: 'shown' });
    expect(r.problems.join(' ')).not.toMatch(/not shown/);
  });

  it('does not show a reply stating a time no passage prints, and says why; Sieve’s answer leads instead', async () => {
    const { deps } = await ferryDeps({ leadKinds: EVERY_KIND_STATES });
    const r = await ask(Q, READER, { ...deps, engine: reading('It leaves at 14:30 every day [1].') }, {});
    expect(r.answer.text).toMatch(/^noon: “The ferry to the island leaves the harbour at noon every day\.” \[1\]/);
    expect(r.problems.join(' ')).toMatch(/The language model's reply was not shown \(.*it states 14:30/);
    expect(r.stages.find((s) => s.stage === 'answer')!.detail).toMatchObject({ reader: 'refused' });
  });

  it('does not show a reply that copies a source’s label or cites a source it was not given', async () => {
    const { deps } = await ferryDeps({ leadKinds: EVERY_KIND_STATES });
    for (const reply of ['[1] Ferry guide · p. 1 — (relevance: high, score 0.91)', 'At noon [9].']) {
      const r = await ask(Q, READER, { ...deps, engine: reading(reply) }, {});
      expect(r.answer.text.startsWith('noon: ')).toBe(true);
      expect(r.problems.join(' ')).toMatch(/not shown/);
    }
  });
});

describe('ask, the reader repeating its instructions', () => {
  it('does not show a reply that says the prompt back', async () => {
    const { deps } = await ferryDeps({ leadKinds: EVERY_KIND_STATES });
    const r = await ask(Q, READER, { ...deps, engine: reading('Reply with one or two sentences that begin with the answer.') }, {});
    expect(r.answer.text.startsWith('noon: ')).toBe(true);
    expect(r.problems.join(' ')).toMatch(/not shown \(.*it repeats the prompt’s instructions/);
  });

  it('when the model only reads, the passages are chosen as without it: no rewrite, no grading calls, the reader still answers', async () => {
    const { deps } = await ferryDeps({ leadKinds: EVERY_KIND_STATES });
    const engine = reading('At noon, every day [1].');
    const r = await ask(Q, { ...READER, modelChoosesPassages: false }, { ...deps, engine }, {});
    const prompts = engine.calls.map((c) => (c.kind === 'generate' ? c.messages.at(-1)!.content : String((c as { prompt?: string }).prompt ?? '')));
    expect(prompts.some((p) => /Original query|Chunk: /.test(p))).toBe(false);
    expect(r.stages.find((s) => s.stage === 'grade')!.detail).toMatchObject({ from: 'retrieval scores and critic' });
    expect(r.stages.find((s) => s.stage === 'rewrite')!.detail).toMatchObject({ skipped: 'the language model does not choose the passages' });
    expect(r.answer.text).toMatch(/^At noon, every day \[1\]\./);
    expect(r.mode).toBe('llm');
  });
});
