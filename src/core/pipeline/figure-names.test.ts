import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { docOf } from '../../testing/table-docs';
import { buildDocument } from '../ingest';
import { KnowledgeBase } from '../kb';
import { readTables } from '../tables';
import { describeDocument } from '../card';
import { DEFAULT_PIPELINE } from '../settings';
import { ask, type AskDeps } from './ask';
import { knowledgeBaseDeps } from './kb-deps';
import { EVERY_KIND_STATES } from '../../testing/leads';

/** Two made-up filings: the ferry operator's talks of operating income at length; only the airline's names its GWX cargo arm. */
const FERRY = docOf(
  `Harbourline Ferries operating income. Operating income in 2022 rose; operating income in 2021 fell. Operating income is our measure of operating income.`,
  `Consolidated Statements of Operations

(In millions) | 2022 | 2021
Revenues | $1,205 | $1,090
Operating income | 188 | 161`,
);
const AIRLINE = docOf(
  `Gullwing Air carries freight through GWX, its cargo business.`,
  `GWX segment results

(In millions) | 2022 | 2021
Revenues | $640 | $590
Operating income | 71 | 64`,
);

async function libraryDeps(): Promise<AskDeps> {
  const embedder = new FakeEmbedder(256);
  const kb = new KnowledgeBase(embedder.dim);
  const tables = new Map<string, ReturnType<typeof readTables>>();
  const titles = new Map([
    ['ferry', 'Harbourline Ferries 10-K'],
    ['airline', 'Gullwing Air 10-K'],
  ]);
  for (const [docId, doc] of [
    ['ferry', FERRY],
    ['airline', AIRLINE],
  ] as const) {
    const parsed = { kind: 'text' as const, title: titles.get(docId)!, text: doc.text, pages: doc.pages, sections: [], warnings: [] };
    const built = await buildDocument({ docId, parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 300 } });
    kb.addDocument(docId, built.chunks, built.vectors);
    tables.set(docId, readTables(doc.text, doc.pages));
  }
  return {
    ...knowledgeBaseDeps(kb),
    embedQuery: async (q) => embedder.vector(q),
    titleOf: (id) => titles.get(id)!,
    embedder,
    tablesOf: async (id) => tables.get(id)!,
    leadKinds: EVERY_KIND_STATES,
  };
}

/** One filing whose prose names a product line its tables give no row of, with the documents' cards. */
async function productDeps(company: string | null = 'Harbourline Ferries Ltd.'): Promise<AskDeps> {
  const doc = docOf(
    `Harbourline Ferries Ltd. Annual Report 2022

Harbourline Ferries operates passenger ferries. Skyhook, our cargo drone line, began trials in 2022.`,
    `Consolidated Statements of Operations

(In millions) | 2022 | 2021
Revenues | $1,205 | $1,090
Operating income | 188 | 161`,
  );
  const embedder = new FakeEmbedder(256);
  const kb = new KnowledgeBase(embedder.dim);
  const parsed = { kind: 'text' as const, title: 'Harbourline Ferries 10-K', text: doc.text, pages: doc.pages, sections: [], warnings: [] };
  const built = await buildDocument({ docId: 'ferry', parsed, embedder, chunker: { kind: 'semantic', threshold: 2, maxChars: 300 } });
  kb.addDocument('ferry', built.chunks, built.vectors);
  const tables = readTables(doc.text, doc.pages);
  const card = describeDocument(parsed, 'harbourline-2022.pdf');
  return {
    ...knowledgeBaseDeps(kb),
    embedQuery: async (q) => embedder.vector(q),
    titleOf: () => parsed.title,
    embedder,
    tablesOf: async () => tables,
    cards: () => [{ docId: 'ferry', card: { ...card, company: company ?? undefined } }],
  };
}

describe('ask: a figure about something one document names', () => {
  it('reads the figure from the document that prints the acronym the question uses, not from a better-matching other company', async () => {
    const r = await ask('What was GWX operating income in 2022?', DEFAULT_PIPELINE, await libraryDeps());
    expect(r.figure?.figure.value).toBe(71_000_000);
    expect(r.answer.text).toMatch(/^Operating income, FY2022: \$71(?:\.00)? million/);
  });
});

describe('ask: a figure of a part the question names', () => {
  it('is not the company’s total when no row names that part', async () => {
    const r = await ask('What were Skyhook revenues in 2022?', DEFAULT_PIPELINE, await productDeps());
    expect(r.figure?.figure.value).toBeUndefined();
    expect(r.answer.text).not.toMatch(/^Revenue[^\n]*1,205/);
    expect(r.stages.find((s) => s.stage === 'figure')?.detail?.skipped).toMatch(/do not name what the question names/);
    // The company's own total is still read when the question names only the company.
    expect((await ask('What were Harbourline revenues in 2022?', DEFAULT_PIPELINE, await productDeps())).figure?.figure.value).toBe(1_205_000_000);
    // Where the card knows no company, any name may be the company's own: the figure stays.
    const plain = await ask('What were Skyhook revenues in 2022?', DEFAULT_PIPELINE, await productDeps(null));
    expect(plain.figure?.figure.value).toBe(1_205_000_000);
  });
});
