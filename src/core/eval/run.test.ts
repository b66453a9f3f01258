import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../embed/fake-embedder';
import type { ParsedDocument } from '../types';
import { CONFIGS, evaluateQuestion, prepareDocument } from './run';
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
});
