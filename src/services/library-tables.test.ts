import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openKnowledgeBase } from '../adapters/store';
import type { DocumentText } from '../core/kb';
import { TABLES_VERSION } from '../core/tables';
import { file, freshName, libraryWith, never } from '../testing/library-fixtures';

const PRICES = '# Price list\n\n| Item | Quantity | Unit price |\n| --- | --- | --- |\n| Deluxe widget | 4 | $12.50 |\n| Basic widget | 10 | $3.00 |\n';

/** A library whose store hands out each stored text through `change` (to see which tables a question reads). */
async function libraryReading(change: (t: DocumentText) => DocumentText) {
  const real = await openKnowledgeBase({ name: freshName(), storage: null });
  const store = new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'getText') return async (id: string) => ((await target.getText(id)) ? change((await target.getText(id))!) : undefined);
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...(await libraryWith({ store })), real };
}

const relabelled =
  (version: number | undefined) =>
  (t: DocumentText): DocumentText => {
    if (!t.tables || version === undefined) return { ...t, tables: undefined };
    const [first, ...rest] = t.tables.tables;
    return { ...t, tables: { version, tables: [{ ...first, rows: first.rows.map((r) => ({ ...r, label: `Stored ${r.label}` })) }, ...rest] } };
  };

describe('a document’s tables', () => {
  it('are read at ingest and stored with its text, stamped with the reader’s version', async () => {
    const { library, real } = await libraryReading((t) => t);
    const { document } = await library.ingest(file('prices.md', PRICES), () => {}, never);
    const stored = await real.getText(document.id);
    expect(stored?.tables?.version).toBe(TABLES_VERSION);
    expect(stored?.tables?.tables[0].rows.map((r) => r.label)).toEqual(['Deluxe widget', 'Basic widget']);
    expect(stored?.tables?.tables[0].columns.map((c) => c.label)).toEqual(['Quantity', 'Unit price']);
  });

  it('are what a question reads when stored by this reader; read again from the text when stored by another, or not stored', async () => {
    for (const [version, labels] of [
      [TABLES_VERSION, ['Stored Deluxe widget', 'Stored Basic widget']],
      [TABLES_VERSION + 1, ['Deluxe widget', 'Basic widget']],
      [undefined, ['Deluxe widget', 'Basic widget']],
    ] as const) {
      const { library } = await libraryReading(relabelled(version));
      const { document } = await library.ingest(file('prices.md', PRICES), () => {}, never);
      const tables = await library.retrievalDeps().tablesOf!(document.id);
      expect(tables[0].rows.map((r) => r.label)).toEqual(labels);
    }
  });
});
