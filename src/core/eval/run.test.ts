import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import type { ParsedDocument } from '../types';
import { ScriptedEngine } from '../../testing/scripted-engine';
import { CONFIGS, evaluateQuestion, prepareDocument, summarizeAttributions } from './run';
import type { BenchQuestion } from './financebench';

const PAGES = [
  'Kelp farms grow seaweed on long lines in cold water. The harvest starts in April.',
  'The ferry to the island leaves the harbour at noon. Tickets cost 12 dollars.',
  'Beekeepers harvest honey in late summer. Hives need shade.',
];

function parsedDoc(): ParsedDocument {
  let text = '';
  const pages = PAGES.map((p, i) => {
    if (i > 0) text += '\n\n';
    const start = text.length;
    text += p;
    return { page: i + 1, start, end: text.length };
  });
  return { kind: 'pdf', title: 'Guide', text, pages, sections: [], warnings: [] };
}

const question: BenchQuestion = {
  financebench_id: 'q1',
  question: 'When does the ferry leave the harbour?',
  doc_name: 'guide',
  evidence: [{ doc_name: 'guide', evidence_page_num: 1, evidence_text: 'The ferry to the island leaves the harbour at noon.' }],
};

describe('evaluateQuestion', () => {
  it('scores plain top-k and the retrieval-only pipeline against the evidence page, within the budget', async () => {
    const embedder = new FakeEmbedder(4096); // wide, so unrelated words do not collide
    const parsed = parsedDoc();
    const configs = CONFIGS.filter((c) => c.name === 'semantic-bm25' || c.name === 'pipeline-retrieval-only');
    const prepared = await prepareDocument('guide', parsed, embedder, configs);
    const [qv] = await embedder.embed([question.question]);
    for (const config of configs) {
      const s = await evaluateQuestion(config, prepared, parsed, question, qv, 120);
      expect(s.pageHit, config.name).toBe(1);
      expect(s.retrievedChars).toBeLessThanOrEqual(120);
      expect(s.evidenceCoverage).toBeGreaterThan(0.5);
    }
    const pipeline = configs.find((c) => c.pipeline)!;
    const off = await evaluateQuestion(pipeline, prepared, parsed, { ...question, question: 'volcano eruptions' }, (await embedder.embed(['volcano eruptions']))[0], 4000);
    expect(off.retrievedChars).toBe(0); // nothing clears the floor: nothing is retrieved
  });

  it('judges every pipeline answer against the gold answer and keeps the question type', async () => {
    const embedder = new FakeEmbedder(4096);
    const parsed = parsedDoc();
    const configs = CONFIGS.filter((c) => c.name === 'semantic-bm25' || c.name === 'pipeline-retrieval-only');
    const prepared = await prepareDocument('guide', parsed, embedder, configs);
    const [qv] = await embedder.embed([question.question]);
    const asked = { ...question, answer: 'At noon.', question_type: 'novel-generated' };
    const [plain, pipeline] = await Promise.all(configs.map((c) => evaluateQuestion(c, prepared, parsed, asked, qv, 4000)));
    expect(plain.answerCorrect).toBeUndefined();
    expect(plain.questionType).toBe('novel-generated');
    expect(pipeline.answer).toMatch(/noon/);
    expect(pipeline).toMatchObject({ answerCorrect: true, answerKind: 'text', questionType: 'novel-generated' });
    const wrong = await evaluateQuestion(configs[1], prepared, parsed, { ...asked, answer: '$12.50' }, qv, 4000);
    expect(wrong).toMatchObject({ answerCorrect: false, answerKind: 'figure' });
  });

  it('runs the whole pipeline with a language model for pipeline-llm and keeps its attribution totals', async () => {
    const embedder = new FakeEmbedder(4096);
    const parsed = parsedDoc();
    const config = CONFIGS.find((c) => c.name === 'pipeline-llm')!;
    expect(config).toMatchObject({ llm: true, pipeline: true });
    const prepared = await prepareDocument('guide', parsed, embedder, [config]);
    const [qv] = await embedder.embed([question.question]);
    await expect(evaluateQuestion(config, prepared, parsed, question, qv, 4000)).rejects.toThrow(/language model/);
    const engine = new ScriptedEngine(
      [
        { match: /Original query/, reply: 'ferry departure time' },
        { match: /Passages:/, reply: 'The ferry to the island leaves the harbour at noon [1].' },
      ],
      [
        { match: /Chunk: The ferry to the island leaves/, probs: { '9': 1 } },
        { match: /Chunk: /, probs: { '1': 1 } },
      ],
    );
    const s = await evaluateQuestion(config, prepared, parsed, question, qv, 4000, undefined, { engine, embedder, maxAnswerTokens: 12 });
    expect(s.pageHit).toBe(1);
    expect(s.attribution).toBeTruthy();
    expect(s.attribution!.cited).toBeGreaterThan(0);
    const answer = engine.calls.filter((c) => c.kind === 'generate').at(-1)!;
    // The model is the reader: it is given the best passages by number and writes one sentence.
    expect(answer.messages.at(-1)!.content).toMatch(/Passages:\n\[1\] The ferry/);
    const [summary] = summarizeAttributions([
      { config: config.name, ...s },
      { config: 'semantic-bm25', ...s, attribution: undefined },
    ]);
    expect(summary).toMatchObject({ name: 'pipeline-llm', questions: 1, measured: 1 });
    expect(summary.attributed.n).toBe(1);
  });
});
