import { describe, expect, it } from 'vitest';
import { FakeEmbedder } from '../../testing/fake-embedder';
import { docOf } from '../../testing/table-docs';
import { EVERY_KIND_STATES } from '../../testing/leads';
import { buildDocument } from '../ingest';
import { KnowledgeBase } from '../kb';
import { readTables } from '../tables';
import { describeDocument } from '../card';
import { DEFAULT_PIPELINE } from '../settings';
import { inputPeriodText } from '../compute';
import { ask, type AskDeps } from './ask';
import { knowledgeBaseDeps } from './kb-deps';

/** A generated quarterly report of a company whose fiscal year ends on June 30: its second quarter of fiscal 2023 ended December 31, 2022. */
const TEN_Q = docOf(
  `UNITED STATES SECURITIES AND EXCHANGE COMMISSION

FORM 10-Q

☒ QUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d) OF THE SECURITIES EXCHANGE ACT OF 1934

For the quarterly period ended December 31, 2022

BRAMBLE SOFTWARE INC.

(Exact name of registrant as specified in its charter)`,
  `Condensed Consolidated Statements of Operations

(In millions) | Three Months Ended December 31, | Six Months Ended December 31,
| 2022 | 2021 | 2022 | 2021
Revenue | $1,412 | $1,250 | $2,730 | $2,402
Operating income | 301 | 254 | 566 | 470
Net income | $228 | $190 | $431 | $361

This report should be read with the Annual Report on Form 10-K for the fiscal year ended June 30, 2022.`,
);

/** A manual page's attribute table (an HTML table, as parsed), over which a question names a column. */
const MANUAL = docOf(`Connection settings

Table 4.1. Connection attributes

Attribute | Type | Default | Description
connect_timeout | integer | 30 | seconds to wait for a connection
keepalives_idle | integer | 7200 | seconds of inactivity before a keepalive
statement_timeout | integer | 0 | milliseconds a statement may run (0: no limit)
max_retries | integer | 3 | times a failed connection is retried`);

async function depsFor(doc: { text: string; pages: Array<{ page: number; start: number; end: number }> }, file: string, kind: 'pdf' | 'html'): Promise<AskDeps> {
  const embedder = new FakeEmbedder(256);
  const parsed = { kind, title: '', text: doc.text, pages: kind === 'pdf' ? doc.pages : [], sections: [], warnings: [] };
  const built = await buildDocument({ docId: 'doc', parsed, embedder, fileName: file, chunker: { kind: 'semantic', threshold: 2, maxChars: 400 } });
  const kb = new KnowledgeBase(embedder.dim);
  kb.addDocument('doc', built.chunks, built.vectors);
  const tables = readTables(doc.text, doc.pages);
  const card = describeDocument(parsed, file);
  return {
    ...knowledgeBaseDeps(kb),
    embedQuery: async (q) => embedder.vector(q),
    titleOf: () => card.title,
    embedder,
    cards: () => [{ docId: 'doc', card }],
    tablesOf: async () => tables,
    leadKinds: EVERY_KIND_STATES,
  };
}

describe('ask over a June year-end company’s quarterly report', () => {
  it('carded as Q2 of fiscal 2023, "Q2 of FY2023" is answered from the quarter ended December 31, 2022, and says its period', async () => {
    const deps = await depsFor(TEN_Q, 'bramble-10q.pdf', 'pdf');
    expect(deps.titleOf('doc')).toBe('Bramble Software Inc. · 10-Q · Q2 2023');
    const r = await ask('What was Bramble’s revenue in Q2 of FY2023?', DEFAULT_PIPELINE, deps);
    expect(r.declined).toBeUndefined();
    expect(r.figure?.text?.headline).toMatch(/Q2 FY2023: \$1,412 million/);
    const cell = r.figure!.figure.steps[0].inputs[0];
    expect(cell.period).toMatch(/Dec 31, 2022/);
    // The input says which months it read, not the fiscal year alone.
    expect(inputPeriodText(cell)).toBe('Q2 FY2023, three months ended Dec 31, 2022');
    // The calendar year's reading is not the only one: the company's fiscal year named by its end.
    const prior = await ask('What was Bramble’s revenue in the second quarter of fiscal 2022?', DEFAULT_PIPELINE, deps);
    expect(prior.figure?.text?.headline).toMatch(/\$1,250 million/);
  });

  it('declines only a quarter no reading of the document covers', async () => {
    const deps = await depsFor(TEN_Q, 'bramble-10q.pdf', 'pdf');
    expect((await ask('What was Bramble’s revenue in Q4 of FY2023?', DEFAULT_PIPELINE, deps)).declined?.kind).toBe('period');
    // Calendar Q4 2022 is the quarter ended December 31, 2022.
    expect((await ask('What was Bramble’s revenue in Q4 2022?', DEFAULT_PIPELINE, deps)).declined).toBeUndefined();
  });
});

describe('ask over a manual’s attribute table', () => {
  it('names the winning row, the table and the column it read', async () => {
    const deps = await depsFor(MANUAL, 'connection.html', 'html');
    const r = await ask('Which connection attribute has the largest default?', DEFAULT_PIPELINE, deps);
    expect(r.lead?.kind).toBe('compare');
    expect(r.answer.text).toMatch(/^keepalives_idle: the highest, 7200 \(Default\)/);
    expect(r.answer.text).toMatch(/Sieve compared 4 rows of “(?:Connection settings|Table 4\.1\. Connection attributes)”.*, column “?Default”?\./);
  });
});
