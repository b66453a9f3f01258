import { describe, expect, it } from 'vitest';
import { ScriptedEngine } from '../../testing/scripted-engine';
import type { Chunk } from '../types';
import { digitsToTen, estimateJudgeCost, judgeChunks, parseJudgeReply } from './llm-retriever';
import { type JudgeSettings } from '../settings';

const QUERY = 'When does the ferry leave?';

function chunk(index: number, text: string, header = 'Timetable › Ferries'): Chunk {
  return { id: `doc#${index}`, docId: 'doc', index, text, start: 0, end: text.length, sectionPath: [], header, sentenceStart: 0, sentenceEnd: 1 };
}

const THREE = [chunk(0, 'The ferry leaves at noon.'), chunk(1, 'Kelp grows fast.'), chunk(2, 'The ferry is blue.')];
const yesNoLogprob: JudgeSettings = { scale: 'yes-no', threshold: 5, batch: 5, mode: 'logprob' };
const gradeLogprob: JudgeSettings = { scale: 'grade', threshold: 5, batch: 5, mode: 'logprob' };
const yesNoGenerate: JudgeSettings = { scale: 'yes-no', threshold: 5, batch: 5, mode: 'generate' };
const gradeGenerate: JudgeSettings = { scale: 'grade', threshold: 5, batch: 5, mode: 'generate' };

/** The chunk numbers and texts in a batched prompt: "[n] header\ntext". */
function chunksIn(prompt: string): Array<{ n: number; text: string }> {
  return [...prompt.matchAll(/\[(\d+)\] Timetable › Ferries\n(.*)/g)].map((m) => ({ n: Number(m[1]), text: m[2] }));
}

describe('judgeChunks, logprob mode', () => {
  it('grades yes-no as P(yes) from the distribution, one scoring call per chunk', async () => {
    const engine = new ScriptedEngine(
      [],
      [
        { match: /Chunk: Timetable › Ferries\nThe ferry leaves/, probs: { Yes: 0.6, yes: 0.2, No: 0.1, no: 0.1 } },
        { match: /Chunk: Timetable › Ferries\nKelp/, probs: { no: 0.9, yes: 0.1 } },
        { match: /Chunk: Timetable › Ferries\nThe ferry is blue/, probs: { yes: 0.45, no: 0.55 } },
      ],
    );
    const { judgments, usage, problems } = await judgeChunks(engine, QUERY, THREE, yesNoLogprob);
    expect(judgments.map((j) => j.chunkId)).toEqual(['doc#0', 'doc#1', 'doc#2']);
    expect(judgments[0].grade).toBeCloseTo(0.8);
    expect(judgments[1].grade).toBeCloseTo(0.1);
    expect(judgments[2].grade).toBeCloseTo(0.45);
    expect(judgments.map((j) => j.relevant)).toEqual([true, false, false]);
    expect(engine.calls.every((c) => c.kind === 'score' && c.candidates?.includes('yes') && c.candidates.includes('No'))).toBe(true);
    const prompt = engine.calls[0].messages[1].content;
    expect(prompt.indexOf(QUERY)).toBeLessThan(prompt.indexOf('The ferry leaves'));
    expect(usage).toEqual({ calls: 3, promptTokens: estimateJudgeCost(THREE, QUERY, yesNoLogprob).promptTokens, generatedTokens: 3 });
    expect(problems).toEqual([]);
  });

  it('grades on 1–10 from the digits 1–9 and marks relevant at grade ≥ threshold', async () => {
    expect(digitsToTen({ '1': 1 })).toBe(1);
    expect(digitsToTen({ '9': 1 })).toBe(10);
    const engine = new ScriptedEngine(
      [],
      [
        { match: /The ferry leaves/, probs: { '9': 1 } },
        { match: /Kelp/, probs: { '4': 1 } }, // 4.375 on 1–10
        { match: /blue/, probs: { '5': 1 } }, // 5.5 on 1–10
      ],
    );
    const { judgments, usage } = await judgeChunks(engine, QUERY, THREE, gradeLogprob);
    expect(judgments.map((j) => j.grade)).toEqual([1, 0.4375, 0.55]);
    expect(judgments.map((j) => j.relevant)).toEqual([true, false, true]);
    expect(engine.calls.every((c) => c.candidates?.join('') === '123456789')).toBe(true);
    expect(usage.calls).toBe(3);

    const strict = await judgeChunks(engine, QUERY, THREE, { ...gradeLogprob, threshold: 6 });
    expect(strict.judgments.map((j) => j.relevant)).toEqual([true, false, false]);
  });

  it('flags chunks where the model put almost no probability on the answer tokens', async () => {
    const engine = new ScriptedEngine([], [{ match: /./, probs: { yes: 0.01 } }]);
    const { judgments, problems } = await judgeChunks(engine, QUERY, THREE.slice(0, 2), yesNoLogprob);
    expect(judgments[0].problem).toMatch(/only 1.0% of its probability/);
    expect(problems).toEqual([expect.stringMatching(/^for 2 of 2 chunks/)]);
  });
});

describe('judgeChunks, generate mode: batching and re-asking', () => {
  it('batches numbered chunks with their headers, shared part first, one answer line per chunk', async () => {
    const engine = new ScriptedEngine([
      {
        match: /./,
        reply: (p) =>
          chunksIn(p)
            .map(({ n, text }) => `${n}: ${text.includes('ferry') ? 'yes' : 'no'}`)
            .join('\n'),
      },
    ]);
    const { judgments } = await judgeChunks(engine, QUERY, THREE, yesNoGenerate);
    expect(engine.calls).toHaveLength(1);
    expect(judgments.map((j) => [j.grade, j.relevant])).toEqual([
      [1, true],
      [0, false],
      [1, true],
    ]);
    const prompt = engine.calls[0].messages[1].content;
    expect(prompt).toContain('[1] Timetable › Ferries\nThe ferry leaves at noon.');
    expect(prompt.indexOf(QUERY)).toBeLessThan(prompt.indexOf('[1]'));
  });

  it('12 chunks in batches of 5: 3 calls; a skipped and a garbled answer are re-asked alone, then fall back to 0', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => chunk(i, `Fact ${i} about the ferry.`));
    const grades = [9, 2, 7, 5, 4, 8, 1, 6, 3, 10, 5, 2];
    const reply = (p: string) => {
      const items = chunksIn(p).map(({ n, text }) => ({ n, fact: Number(text.match(/Fact (\d+)/)![1]) }));
      if (items.length === 1) {
        const { fact } = items[0];
        if (fact === 6) return '1: 6 - it mentions the timetable'; // skipped in the batch, readable alone
        if (fact === 8) return 'I cannot tell.'; // garbled both times
        return `1: ${grades[fact]}`;
      }
      return items
        .filter(({ fact }) => fact !== 6)
        .map(({ n, fact }) => (fact === 8 ? `${n}: maybe` : `**${n}:** ${grades[fact]}/10`))
        .join('\n');
    };
    const engine = new ScriptedEngine([{ match: /./, reply }]);
    const progress: Array<[number, number]> = [];
    const result = await judgeChunks(engine, QUERY, chunks, gradeGenerate, { onProgress: (d, t) => progress.push([d, t]) });

    // 3 batches + 2 re-asks (chunk 6 and chunk 8, both in the second batch)
    expect(engine.calls.map((c) => chunksIn(c.messages[1].content).length)).toEqual([5, 5, 1, 1, 2]);
    expect(progress).toEqual([
      [5, 12],
      [8, 12],
      [9, 12],
      [10, 12],
      [12, 12],
    ]);

    const byId = new Map(result.judgments.map((j) => [j.chunkId, j]));
    expect(result.judgments.map((j) => j.chunkId)).toEqual(chunks.map((c) => c.id));
    expect(byId.get('doc#0')).toMatchObject({ grade: 0.9, relevant: true });
    expect(byId.get('doc#4')).toMatchObject({ grade: 0.4, relevant: false });
    expect(byId.get('doc#3')).toMatchObject({ grade: 0.5, relevant: true }); // threshold 5 is inclusive
    expect(byId.get('doc#6')).toMatchObject({ grade: 0.6, relevant: true, raw: '6 - it mentions the timetable' });
    expect(byId.get('doc#6')!.problem).toBeUndefined();
    expect(byId.get('doc#8')).toMatchObject({ grade: 0, relevant: false });
    expect(byId.get('doc#8')!.problem).toMatch(/unreadable answer "maybe", and asked alone: "I cannot tell\."; graded 0/);
    expect(result.problems).toEqual([`chunk doc#8: ${byId.get('doc#8')!.problem}`]);

    // usage is the exact sum of what the engine reported, call by call
    const promptTokens = engine.calls.reduce((n, c) => n + c.messages.reduce((m, x) => m + Math.ceil(x.content.length / 4), 0), 0);
    const words = engine.calls.reduce((n, c) => n + (reply(c.messages[1].content).match(/\S+\s*|\s+/g) ?? []).length, 0);
    expect(result.usage).toEqual({ calls: 5, promptTokens, generatedTokens: words });
    expect(result.ms).toBeGreaterThanOrEqual(0);

    // the estimate counts the 3 batch calls and their prompts exactly (re-asks are not foreseen)
    const cost = estimateJudgeCost(chunks, QUERY, gradeGenerate);
    expect(cost).toMatchObject({ chunks: 12, calls: 3 });
    const batchPrompts = [0, 1, 4].map((i) => engine.calls[i]).reduce((n, c) => n + c.messages.reduce((m, x) => m + Math.ceil(x.content.length / 4), 0), 0);
    expect(cost.promptTokens).toBe(batchPrompts);
    expect(cost.generatedTokens).toBeGreaterThan(0);
  });
});

describe('judgeChunks, generate mode: missing answers, aborting and empty lists', () => {
  it('a missing answer that stays missing is recorded as such', async () => {
    const engine = new ScriptedEngine([{ match: /./, reply: (p) => (chunksIn(p).length > 1 ? '1: yes' : '') }]);
    const { judgments, problems, usage } = await judgeChunks(engine, QUERY, THREE.slice(0, 2), yesNoGenerate);
    expect(judgments[0]).toMatchObject({ grade: 1, relevant: true });
    expect(judgments[1]).toMatchObject({ grade: 0, relevant: false });
    expect(judgments[1].problem).toMatch(/^no answer in the batch reply "1: yes", and asked alone/);
    expect(problems).toHaveLength(1);
    expect(usage.calls).toBe(2);
  });

  it('stops after the current call when aborted', async () => {
    const chunks = Array.from({ length: 12 }, (_, i) => chunk(i, `Fact ${i} about the ferry.`));
    const engine = new ScriptedEngine([
      {
        match: /./,
        reply: (p) =>
          chunksIn(p)
            .map(({ n }) => `${n}: 5`)
            .join('\n'),
      },
    ]);
    const ac = new AbortController();
    const run = judgeChunks(engine, QUERY, chunks, gradeGenerate, { signal: ac.signal, onProgress: () => ac.abort() });
    await expect(run).rejects.toThrow();
    expect(engine.calls).toHaveLength(1);

    const lp = new ScriptedEngine([], [{ match: /./, probs: { yes: 1 } }]);
    const ac2 = new AbortController();
    const run2 = judgeChunks(lp, QUERY, THREE, yesNoLogprob, { signal: ac2.signal, onProgress: (done) => done === 2 && ac2.abort() });
    await expect(run2).rejects.toThrow();
    expect(lp.calls).toHaveLength(2);
  });

  it('makes no calls for an empty chunk list', async () => {
    for (const settings of [yesNoLogprob, gradeGenerate]) {
      const engine = new ScriptedEngine();
      const result = await judgeChunks(engine, QUERY, [], settings);
      expect(result.judgments).toEqual([]);
      expect(result.usage).toEqual({ calls: 0, promptTokens: 0, generatedTokens: 0 });
      expect(engine.calls).toHaveLength(0);
      expect(estimateJudgeCost([], QUERY, settings)).toEqual({ chunks: 0, calls: 0, promptTokens: 0, generatedTokens: 0 });
    }
  });
});

describe('estimateJudgeCost', () => {
  it('counts one call per chunk in logprob mode and ceil(chunks / batch) in generate mode', () => {
    const chunks = Array.from({ length: 11 }, (_, i) => chunk(i, `Fact ${i}.`));
    expect(estimateJudgeCost(chunks, QUERY, yesNoLogprob)).toMatchObject({ chunks: 11, calls: 11, generatedTokens: 11 });
    expect(estimateJudgeCost(chunks, QUERY, { ...gradeGenerate, batch: 4 }).calls).toBe(3);
    expect(estimateJudgeCost(chunks, QUERY, { ...gradeGenerate, batch: 1 }).calls).toBe(11);
  });

  it('estimates judging a whole library from document sizes alone', async () => {
    const { estimateLibraryJudgeCost } = await import('./llm-retriever');
    const docs = [
      { chunkCount: 10, charCount: 4000 },
      { chunkCount: 2, charCount: 800 },
    ];
    expect(estimateLibraryJudgeCost(docs, { scale: 'grade', threshold: 5, batch: 5, mode: 'generate' })).toEqual({
      chunks: 12,
      calls: 3,
      promptTokens: 1200 + 240,
      generatedTokens: 48,
    });
    expect(estimateLibraryJudgeCost(docs, { scale: 'yes-no', threshold: 5, batch: 5, mode: 'logprob' })).toMatchObject({ calls: 12, generatedTokens: 12 });
    expect(estimateLibraryJudgeCost([], { scale: 'grade', threshold: 5, batch: 5, mode: 'generate' })).toEqual({ chunks: 0, calls: 0, promptTokens: 0, generatedTokens: 0 });
  });
});

describe('parseJudgeReply', () => {
  it('tolerates labels, markdown, reasons and several answers on one line', () => {
    const yn = parseJudgeReply('Here are my answers:\n- Chunk 1: **Yes**, it gives the time\n[2] no\n3) not relevant; 4: relevant\n5. maybe\n9: yes', 5, 'yes-no');
    expect([...yn.entries()].map(([n, a]) => [n, a.value])).toEqual([
      [1, 1],
      [2, 0],
      [3, 0],
      [4, 1],
      [5, undefined],
    ]);
    const g = parseJudgeReply('1: 7, 2: 3/10\n2: 9\n3: 10 (direct answer)\n4: 42', 4, 'grade');
    expect([...g.entries()].map(([n, a]) => [n, a.value])).toEqual([
      [1, 7],
      [2, 3],
      [3, 10],
      [4, undefined],
    ]);
    expect(parseJudgeReply('Yes.', 1, 'yes-no').get(1)?.value).toBe(1);
    expect(parseJudgeReply('8', 1, 'grade').get(1)?.value).toBe(8);
    expect(parseJudgeReply('10', 1, 'grade').get(1)?.value).toBe(10);
  });
});
