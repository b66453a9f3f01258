import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { ferryDeps } from '../../testing/test-kb';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../settings';
import { withoutEcho, writesProse } from './answer';
import { ask } from './ask';
import { answerPrompt } from './prompts';

/** These tests are of the answer a language model writes over every kept passage (llmAnswer 'writer'); the reader is tested in reader-ask.test.ts. */
const WRITER: PipelineSettings = { ...DEFAULT_PIPELINE, llmAnswer: 'writer' };

const Q = 'When does the ferry leave the harbour?';
const settings: PipelineSettings = { ...WRITER, grading: { ...WRITER.grading, mode: 'generate' } };
const SOURCES = [{ n: 1, label: 'Timetable, p. 2', relevance: 'high', score: 0.9, text: 'The ferry to the island leaves the harbour at noon every day.' }];

describe('withoutEcho', () => {
  it('drops a source label the model copied, keeping what it wrote and its citation marks', () => {
    const prompt = answerPrompt(Q, SOURCES);
    const texts = SOURCES.map((x) => x.text);
    expect(withoutEcho('[1] Timetable, p. 2 (relevance: high, score 0.90) It leaves at noon [1].', prompt, texts)).toBe('[1] It leaves at noon [1].');
    expect(withoutEcho('The ferry to the island leaves the harbour at noon every day. [1]', prompt, texts)).toBe(
      'The ferry to the island leaves the harbour at noon every day. [1]',
    );
  });
});

describe('writesProse', () => {
  it('is false for bare citation marks and for a copy of the prompt’s source list', () => {
    const prompt = answerPrompt(Q, SOURCES);
    expect(writesProse('[1] [2] [3]', prompt)).toBe(false);
    const texts = SOURCES.map((x) => x.text);
    expect(writesProse('[1] Timetable, p. 2 (relevance: high, score 0.90) [1] Timetable, p. 2 (relevance: high, score 0.90)', prompt, texts)).toBe(false);
    expect(writesProse('You answer questions using only the numbered sources you are given, never prior knowledge.', prompt, texts)).toBe(false);
    expect(writesProse('', prompt)).toBe(false);
  });

  it('is true for a sentence that answers, even one quoting a source', () => {
    const prompt = answerPrompt(Q, SOURCES);
    expect(writesProse('It leaves at noon [1].', prompt)).toBe(true);
    expect(writesProse('Noon [1].', prompt)).toBe(true);
    expect(writesProse('$1,577 million [1]', prompt)).toBe(true);
    expect(writesProse('The source says: "leaves the harbour at noon" [1], so at noon.', prompt)).toBe(true);
    // Quoting the source's own text is an answer, not an echo.
    expect(
      writesProse(
        'The ferry to the island leaves the harbour at noon every day. [1]',
        prompt,
        SOURCES.map((x) => x.text),
      ),
    ).toBe(true);
  });
});

/** An engine that grades the noon chunk high and answers the full prompt with `first`, the plain one with `second`. */
function engine(first: string, second: string) {
  return new ScriptedEngine([
    { match: /Original query/, reply: 'ferry departure time' },
    { match: /Chunk: The ferry to the island leaves/, reply: '0.9' },
    { match: /Chunk: /, reply: '0.1' },
    { match: /^Sources:/, reply: first },
    { match: /Using only the text above/, reply: second },
  ]);
}

describe('an answer that says nothing', () => {
  it('is asked once more, plainly, and the second answer is used', async () => {
    const { deps } = await ferryDeps();
    const e = engine('[1] [2]', 'It leaves at noon [1].');
    const r = await ask(Q, settings, { ...deps, engine: e });
    expect(r.answer.text).toBe('It leaves at noon [1].');
    expect(r.answer.extractive).toBe(false);
    expect(e.calls.filter((c) => c.kind === 'generate' && /Using only the text above/.test(c.messages.at(-1)!.content))).toHaveLength(1);
  });

  it('falls back to Sieve’s quoted answer when the model writes nothing twice, saying so', async () => {
    const { deps } = await ferryDeps();
    const r = await ask(Q, settings, { ...deps, engine: engine('[1]', '[1] [1]') });
    expect(r.answer.extractive).toBe(true);
    expect(r.answer.text).toMatch(/leaves the harbour at noon every day\. \[\d\]/);
    expect(r.problems).toContain('The language model wrote no answer, twice (the second time asked more simply); Sieve quoted the sources instead.');
    expect(r.stages.find((s) => s.stage === 'answer')?.detail.fallback).toMatch(/quoted by Sieve/);
  });

  it('stops a reply of citation marks alone early instead of running to the token limit', async () => {
    const { deps } = await ferryDeps();
    const e = engine('[1] '.repeat(100).trim(), 'It leaves at noon [1].');
    const r = await ask(Q, settings, { ...deps, engine: e });
    expect(r.answer.text).toBe('It leaves at noon [1].');
    const answer = r.stages.find((s) => s.stage === 'answer')!.usage;
    expect(answer.calls).toBe(2);
    // the first reply was cut after a few marks: far fewer than its 100
    expect(answer.generatedTokens).toBeLessThan(30);
  });
});
