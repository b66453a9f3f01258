import { describe, expect, it } from 'vitest';
import { ask } from './ask';
import { DEFAULT_PIPELINE } from '../settings';
import { statementOf, statementPages, statementsNamed, statementTitled } from './statements';
import type { Chunk } from '../types';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { buildDocument } from '../ingest';
import { KnowledgeBase } from '../kb';
import { knowledgeBaseDeps } from './kb-deps';

describe('statementsNamed and statementTitled', () => {
  it('hears the statements a question names, in US and IFRS words', () => {
    expect(statementsNamed('Basing your judgments off of the balance sheet, what is accounts payable?')).toEqual(['balance sheet']);
    expect(statementsNamed('Using the statement of financial position and the cash flow statement')).toEqual(['balance sheet', 'cash flow statement']);
    expect(statementsNamed('From the statements of operations, what was revenue?')).toEqual(['income statement']);
    expect(statementsNamed('What was revenue in 2022?')).toEqual([]);
  });

  it('takes a short title line for a statement, not prose or a contents entry', () => {
    expect(statementTitled('CONSOLIDATED BALANCE SHEETS')).toBe('balance sheet');
    expect(statementTitled('The Kraft Heinz Company Consolidated Statements of Income (in millions, except per share data)')).toBe('income statement');
    expect(statementTitled('Consolidated Statements of Cash Flows | 58')).toBeUndefined();
    expect(statementTitled('These amounts are shown in the consolidated balance sheets.')).toBeUndefined();
  });
});

const chunk = (id: number, page: number, text: string, sectionPath: string[] = []): Chunk => ({
  id: `d#${id}`,
  docId: 'd',
  index: id,
  text,
  start: 0,
  end: text.length,
  pageStart: page,
  pageEnd: page,
  sectionPath,
  sentenceStart: id,
  sentenceEnd: id + 1,
});

describe('statementPages', () => {
  it('marks the pages that print the statement, from a line or a section path', () => {
    const chunks = [
      chunk(0, 40, 'CONSOLIDATED BALANCE SHEETS\n(In millions) | 2022 | 2021'),
      chunk(1, 40, 'Accounts payable | 303 | 280'),
      chunk(2, 41, 'Total liabilities | 9,120 | 8,870', ['Item 8', 'Consolidated Balance Sheets (continued)']),
      chunk(3, 12, 'Accounts payable rose because of timing of payments.'),
    ];
    const pages = statementPages(chunks, ['balance sheet']);
    expect([...pages.keys()].sort()).toEqual(['d:40', 'd:41']);
    expect(statementOf(chunks[1], pages)).toBe('balance sheet');
    expect(statementOf(chunks[3], pages)).toBeUndefined();
  });
});

describe('ask, retrieval-only, a question naming a statement', () => {
  it('brings in and prefers the rows printed on that statement', async () => {
    const prose = Array.from({ length: 30 }, (_, i) => `Accounts payable timing in quarter ${i + 1} reflected supplier payments and accounts payable terms.`);
    const sheet = 'CONSOLIDATED BALANCE SHEETS\n\nLiabilities | 2018 | 2017\nAccounts payable | 303 | 280';
    const text = [...prose.slice(0, 15), sheet, ...prose.slice(15)].join('\n\n');
    const sheetStart = text.indexOf('CONSOLIDATED');
    const pages = [
      { page: 1, start: 0, end: sheetStart },
      { page: 2, start: sheetStart, end: sheetStart + sheet.length },
      { page: 3, start: sheetStart + sheet.length, end: text.length },
    ];
    const embedder = new FakeEmbedder(64);
    const built = await buildDocument({
      docId: 'd',
      parsed: { kind: 'pdf', title: 'Report', text, pages, sections: [], warnings: [] },
      embedder,
      chunker: { kind: 'semantic', threshold: 2, maxChars: 500 },
    });
    const kb = new KnowledgeBase(embedder.dim);
    kb.addDocument('d', built.chunks, built.vectors);
    const deps = { ...knowledgeBaseDeps(kb), embedQuery: async (q: string) => embedder.vector(q), titleOf: () => 'Report' };
    const question = 'Based on the balance sheet, what were accounts payable at year end 2018?';
    const r = await ask(question, { ...DEFAULT_PIPELINE, candidates: 5, contextBudget: 300 }, deps);
    const row = r.rows.find((x) => x.chunk.text.includes('Accounts payable | 303'));
    expect(row?.statement).toBe('balance sheet');
    expect(row?.grade?.critic?.notes).toContain('on the balance sheet the question names');
    expect(row?.verdict).toBe('kept');
    expect(r.answer.text).toContain('303');
  });
});
