import { describe, expect, it } from 'vitest';
import type { DocumentCard } from '../../card';
import type { DocumentTables } from '../../compute';
import { quartersReported } from './declining';

const card = (period: DocumentCard['period']) => ({ title: 'Calloway · 10-Q', names: [], period }) as unknown as DocumentCard;
const tables = (columns: Array<{ label: string; months?: number }>): DocumentTables['tables'] =>
  [
    { columns: columns.map((c) => ({ label: c.label, period: { fy: Number(c.label.slice(-4)), label: c.label, ...(c.months ? { months: c.months } : {}) } })) },
  ] as unknown as DocumentTables['tables'];

describe('quartersReported', () => {
  it('counts each three-month column and balance-sheet date back from the report’s own quarter end', () => {
    // A Q1 2023 report: its quarter, last year's, and the year-end balance sheet (Q4 2022).
    const q1 = [{ docId: 'q', card: card({ kind: 'quarter', year: 2023, quarter: 1, ended: 'March 31, 2023' } as DocumentCard['period']) }];
    const docs = [{ docId: 'q', tables: tables([{ label: 'March 31, 2023', months: 3 }, { label: 'March 31, 2022', months: 3 }, { label: 'December 31, 2022' }]) }];
    expect(quartersReported(q1, docs)).toEqual(
      expect.arrayContaining([
        { fy: 2023, quarter: 1 },
        { fy: 2022, quarter: 1 },
        { fy: 2022, quarter: 4 },
      ]),
    );
    // Six-month columns are no quarter.
    const half = [{ docId: 'q', tables: tables([{ label: 'June 30, 2022', months: 6 }]) }];
    expect(quartersReported([{ docId: 'q', card: card({ kind: 'quarter', year: 2022, quarter: 2, ended: 'June 30, 2022' } as DocumentCard['period']) }], half)).toEqual([
      { fy: 2022, quarter: 2 },
    ]);
  });

  it('says nothing when a document in scope is an annual report or has no end date', () => {
    expect(quartersReported([{ docId: 'a', card: card({ kind: 'annual', year: 2022 } as DocumentCard['period']) }], [])).toEqual([]);
    expect(quartersReported([{ docId: 'q', card: card({ kind: 'quarter', year: 2022, quarter: 2 } as DocumentCard['period']) }], [])).toEqual([]);
  });
});
