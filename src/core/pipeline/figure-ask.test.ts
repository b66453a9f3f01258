import { describe, expect, it } from 'vitest';
import { FakeEmbedder, ThesaurusEmbedder } from '../../testing/fake-embedder';
import { docOf, tablesOf } from '../../testing/table-docs';
import { buildDocument } from '../ingest';
import { KnowledgeBase } from '../kb';
import { readTables } from '../tables';
import type { ParsedDocument } from '../types';
import { DEFAULT_PIPELINE } from '../settings';
import { ask, type AskDeps } from './ask';
import { knowledgeBaseDeps } from './kb-deps';
import { EVERY_KIND_STATES } from '../../testing/leads';
import type { AskResult } from './types';

/** A made-up annual report: prose on page 1, a balance sheet on page 2, an income statement on page 3. */
const FILING = docOf(
  `Harbourline Ferries Ltd. Annual Report 2022

Harbourline Ferries operates passenger and vehicle ferries between twelve island ports. The company expanded its fleet during the year and opened a new terminal.

Management believes the new terminal will lower turnaround times across the network.`,
  `Consolidated Balance Sheets

(In millions) | 2022 | 2021
Cash and cash equivalents | $318 | $295
Accounts receivable, net | 142 | 131
Inventories | 57 | 49
Total current assets | 517 | 475
Property and equipment, net | 2,410 | 2,260
Total assets | 3,120 | 2,905
Accounts payable | 96 | 88
Total current liabilities | 301 | 284
Long-term debt | 1,150 | 1,090
Total liabilities | 1,640 | 1,570
Total stockholders' equity | 1,480 | 1,335`,
  `Consolidated Statements of Operations

(In millions) | 2022 | 2021
Revenues | $1,205 | $1,090
Operating income | 188 | 161
Net income | $121 | $104`,
);

/** The filing in a knowledge base (small chunks: the balance sheet spans two), and deps whose tablesOf reads its tables. */
async function filingDeps(extra: Partial<AskDeps> = {}): Promise<AskDeps> {
  const embedder = new FakeEmbedder(256);
  const parsed: ParsedDocument = { kind: 'text', title: 'Harbourline 10-K', text: FILING.text, pages: FILING.pages, sections: [], warnings: [] };
  const built = await buildDocument({ docId: 'harbour', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 300 } });
  const kb = new KnowledgeBase(embedder.dim);
  kb.addDocument('harbour', built.chunks, built.vectors);
  const tables = readTables(FILING.text, FILING.pages);
  return {
    ...knowledgeBaseDeps(kb),
    embedQuery: async (q) => embedder.vector(q),
    titleOf: () => 'Harbourline 10-K',
    embedder,
    tablesOf: async () => tables,
    // What the figure stage finds, stated, whatever the measured precision of figures.
    leadKinds: EVERY_KIND_STATES,
    ...extra,
  };
}

/** Each input of the computed figure with the candidate row its citation points at. */
function citedInputs(r: AskResult) {
  const figure = r.figure!;
  return figure.figure.steps
    .flatMap((s) => s.inputs)
    .map((input) => {
      const n = figure.sourceOfCell[`${input.cell.docId}:${input.cell.start}`];
      return { input, n, row: r.rows.find((row) => row.source === n) };
    });
}

const DEBT_COVER = 'Debt cover is defined as long-term debt / total current assets. What was the debt cover of Harbourline Ferries in FY2022? Round to two decimal places.';

describe('ask, retrieval-only, with a question that asks for a figure', () => {
  it('answers with the computed value first, citing the chunks holding the input rows', async () => {
    const r = await ask(DEBT_COVER, DEFAULT_PIPELINE, await filingDeps());
    expect(r.answer.text).toMatch(/^Debt cover, FY2022: 2\.22 \[\d\]\[\d\]\n/);
    // the computation line starts with its year, not "= "
    expect(r.answer.text).toContain('\n\nFY2022: 1,150 ÷ 517 = 2.22\n\n• Long-term debt, FY2022: 1,150 million (page 2) [');
    expect(r.answer.text).not.toContain('= FY2022');
    expect(r.answer).toMatchObject({ notFound: false, extractive: true });
    expect(r.figure?.figure.value).toBeCloseTo(1150 / 517, 10);
    expect(r.figure?.figure.asked).toMatchObject({ from: 'definition', years: [2022] });

    const cited = citedInputs(r);
    expect(cited.map((c) => c.input.label)).toEqual(['Long-term debt', 'Total current assets']);
    for (const { input, n, row } of cited) {
      expect(n).toBeGreaterThan(0);
      expect(row?.chunk.text).toContain(input.cell.rowText);
      expect(r.answer.text).toContain(`[${n}]`);
      expect(r.answer.citations.some((c) => c.sources.includes(n))).toBe(true);
    }
    // the two rows lie in different chunks: two sources
    expect(new Set(cited.map((c) => c.n)).size).toBe(2);
  });

  it('runs the figure stage between rerank and answer, and reports what it computed', async () => {
    const r = await ask(DEBT_COVER, DEFAULT_PIPELINE, await filingDeps());
    const names = r.stages.map((s) => s.stage);
    expect(names.indexOf('decline')).toBe(names.indexOf('rerank') + 1);
    // A manual entry is looked up first (none is named here), then the tables are read.
    expect(names.indexOf('entry')).toBe(names.indexOf('decline') + 1);
    expect(names.indexOf('figure')).toBe(names.indexOf('entry') + 1);
    expect(names.indexOf('lead')).toBe(names.indexOf('figure') + 1);
    expect(names.indexOf('answer')).toBe(names.indexOf('lead') + 1);
    expect(r.stages.find((s) => s.stage === 'figure')?.detail).toMatchObject({ asked: 'Debt cover', formula: 'definition', years: '2022', inputs: 2 });
  });

  it('adds a chunk holding an input that retrieval did not return as a kept row with its own source number', async () => {
    const deps = await filingDeps();
    const holds = (text: string) => text.includes('Long-term debt | 1,150');
    const search: AskDeps['search'] = async (query, vector, options) => {
      const { candidates } = await deps.search(query, vector, options);
      return { candidates: candidates.filter((c) => !holds(c.chunk.text)) };
    };
    const r = await ask(DEBT_COVER, DEFAULT_PIPELINE, { ...deps, search });
    const added = r.rows.find((row) => holds(row.chunk.text))!;
    expect(added).toBeDefined();
    expect(added.rank).toBe(r.rows.length);
    expect(added.verdict).toBe('kept');
    expect(added.reason).toMatch(/holds a cell of the computed figure \(Long-term debt, FY2022\)/);
    expect(added.source).toBeGreaterThan(0);
    const others = r.rows.filter((row) => row !== added && row.source !== undefined).map((row) => row.source!);
    expect(others).not.toContain(added.source);
    expect(added.source).toBe(Math.max(...others, 0) + 1);
    expect(r.answer.text).toContain(`[${added.source}]`);
    expect(r.answer.citations.some((c) => c.sources.includes(added.source!))).toBe(true);
  });

  it('a standard metric is computed the same way', async () => {
    const r = await ask('What is the current ratio of Harbourline Ferries in FY2022?', DEFAULT_PIPELINE, await filingDeps());
    expect(r.answer.text).toMatch(/^Current ratio, FY2022: 1\.72 \[\d\]/);
    expect(r.figure?.figure.asked.metric?.id).toBe('current_ratio');
  });
});

describe('ask, retrieval-only, a line item its filing names in words of its own', () => {
  const Q = 'What were Harbourline’s capital expenditures in FY2022?';
  const cashFlow = tablesOf(`Consolidated Statements of Cash Flows

(In millions) | 2022 | 2021
Net cash provided by operating activities | 402 | 366
Additions to vessels and terminals | (310) | (280)`).tables;

  it('reads the row by meaning with the library’s embedder, and the trace says which', async () => {
    const embedder = new ThesaurusEmbedder({ 'vessels and terminals': 'property and equipment' });
    const r = await ask(Q, DEFAULT_PIPELINE, await filingDeps({ embedder, tablesOf: async () => cashFlow }));
    expect(r.answer.text).toMatch(/^Capital expenditure, FY2022: \$310 million/);
    expect(r.answer.text).toContain('row matched by meaning');
    expect(r.stages.find((s) => s.stage === 'figure')?.detail?.byMeaning).toMatch(/^capital expenditure → “Additions to vessels and terminals” \(\d\.\d\d\)$/);
  });

  it('without a similar label, says the figure could not be computed', async () => {
    const r = await ask(Q, DEFAULT_PIPELINE, await filingDeps({ embedder: new FakeEmbedder(256, 'plain'), tablesOf: async () => cashFlow }));
    expect(r.answer.text).not.toMatch(/^Capital expenditure, FY2022:/);
    expect(r.stages.find((s) => s.stage === 'figure')?.detail?.byMeaning).toMatch(/^no label reached 0\.85$/);
  });
});

describe('ask, retrieval-only, with a question that asks for no figure', () => {
  const Q = 'Why did Harbourline open a new terminal?';

  it('leaves the figure unset and answers as without tables', async () => {
    const withTables = await ask(Q, DEFAULT_PIPELINE, await filingDeps());
    const without = await ask(Q, DEFAULT_PIPELINE, await filingDeps({ tablesOf: undefined }));
    expect(withTables.figure).toBeUndefined();
    expect(withTables.answer).toEqual(without.answer);
    expect(withTables.answer.text).toContain('opened a new terminal');
    expect(withTables.stages.find((s) => s.stage === 'figure')?.detail).toHaveProperty('skipped');
  });
});

describe('ask, retrieval-only, with a formula whose input has no row', () => {
  it('says plainly that Sieve could not compute it, then quotes the sources', async () => {
    const q = 'Terminal yield is defined as operating income / goodwill. What was the terminal yield of Harbourline Ferries in FY2022?';
    const r = await ask(q, DEFAULT_PIPELINE, await filingDeps());
    expect(r.answer.text).toMatch(/^Sieve could not compute Terminal yield: no table row matched goodwill \(FY2022\)\.\n\nFrom the sources:\n\S/);
    expect(r.answer.notFound).toBe(false);
    expect(r.figure?.figure.value).toBeUndefined();
    expect(r.figure?.answer).toBeUndefined();
    expect(r.figure?.figure.missing).toEqual(['goodwill (FY2022)']);
    // the quoted answer's citations still point at its sources
    expect(r.answer.citations.length).toBeGreaterThan(0);
    for (const c of r.answer.citations) expect(r.answer.text.slice(c.start, c.end)).toMatch(/^\[\d+\]$/);
  });

  it('a definition no table answers falls back to the metric the question names outside it', async () => {
    const q = 'What is the current ratio of Harbourline Ferries in FY2022? The current ratio is defined as total current assets / berth lease obligations.';
    const r = await ask(q, DEFAULT_PIPELINE, await filingDeps());
    expect(r.answer.text).toMatch(/^Current ratio, FY2022: 1\.72 \[\d\]/);
    expect(r.figure?.figure.asked).toMatchObject({ from: 'metric', name: 'Current ratio' });
  });

  it('names the nearest rows when a year is missing', async () => {
    const q = 'Asset yield is defined as FY2021 net income / (average total assets between FY2020 and FY2021). What is the asset yield of Harbourline Ferries?';
    const r = await ask(q, DEFAULT_PIPELINE, await filingDeps());
    expect(r.answer.text).toMatch(/^Sieve could not compute Asset yield: no table row matched total assets \(FY2020\)\. Nearest rows: “Total assets” \(page 2\)/);
  });
});
