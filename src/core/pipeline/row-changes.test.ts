import { describe, expect, it } from 'vitest';
import { ask } from './ask';
import { DEFAULT_PIPELINE } from '../settings';
import { applyRowsUpdate, rowReporter, type RowsUpdate } from './row-changes';
import type { AskEvent, CandidateRow } from './types';
import { ferryDeps } from '../../testing/test-kb';

function row(id: string, rank: number, extra: Partial<CandidateRow> = {}): CandidateRow {
  const chunk = { id, docId: 'd', index: rank, text: `text of ${id}`, start: 0, end: 10 } as CandidateRow['chunk'];
  return { chunk, title: 'Doc', rank, bm25: 1, dense: 0.5, bm25Norm: 1, denseNorm: 0.5, hybrid: 0.75, ...extra };
}

describe('rowReporter', () => {
  it('sends each chunk once, then only the fields a stage changed', () => {
    const report = rowReporter();
    const rows = [row('a', 1), row('b', 2)];
    const first = report(rows);
    expect(first.added.map((r) => r.chunk.id)).toEqual(['a', 'b']);
    expect(first.changed).toEqual([]);

    rows[1].verdict = 'duplicate';
    rows[1].reason = 'similar to #1';
    const second = report(rows);
    expect(second.added).toEqual([]);
    expect(second.changed).toEqual([{ id: 'b', verdict: 'duplicate', reason: 'similar to #1' }]);
    expect(report(rows)).toEqual({ added: [], changed: [] });
  });

  it('carries a field set back to nothing, rows added later, and a new order', () => {
    const report = rowReporter();
    const rows = [row('a', 1, { source: 1 }), row('b', 2)];
    let view = applyRowsUpdate([], report(rows));
    rows[0].source = undefined;
    rows.push(row('c', 3));
    rows.reverse();
    const update = report(rows);
    expect(update.changed).toEqual([{ id: 'a', source: undefined }]);
    expect(update.added.map((r) => r.chunk.id)).toEqual(['c']);
    expect(update.order).toEqual(['c', 'b', 'a']);
    view = applyRowsUpdate(view, update);
    expect(view).toEqual(rows.map((r) => ({ ...r })));
  });

  it('keeps unchanged rows as the same objects and replaces changed ones', () => {
    const report = rowReporter();
    const rows = [row('a', 1), row('b', 2)];
    const view = applyRowsUpdate([], report(rows));
    rows[0].final = 0.9;
    const next = applyRowsUpdate(view, report(rows));
    expect(next[1]).toBe(view[1]);
    expect(next[0]).not.toBe(view[0]);
    expect(next[0].final).toBe(0.9);
  });
});

describe('ask reports its candidates by what changed', () => {
  it('rebuilds the final candidates from the reports, each chunk sent once', async () => {
    const { deps } = await ferryDeps();
    const updates: RowsUpdate[] = [];
    const r = await ask('When does the ferry leave the harbour?', DEFAULT_PIPELINE, deps, {
      onEvent: (e: AskEvent) => e.kind === 'rows' && updates.push(structuredClone(e.update)),
    });
    expect(updates.length).toBeGreaterThan(2);
    const view = updates.reduce<CandidateRow[]>(applyRowsUpdate, []);
    expect(view).toEqual(r.rows);
    const sentChunks = updates.flatMap((u) => u.added.map((a) => a.chunk.id));
    expect(sentChunks).toEqual(r.rows.map((x) => x.chunk.id));
    expect(updates.slice(1).some((u) => u.changed.length > 0)).toBe(true);
  });
});
