import type { CandidateRow } from './types';

/** The fields of one candidate that changed since the last report, by its chunk id; the chunk itself travels once, when the row is added. */
export type RowChange = { id: string } & Partial<Omit<CandidateRow, 'chunk'>>;

/** What a question reports of its candidates after a stage: the rows new since the last report and what changed on the others. */
export interface RowsUpdate {
  added: CandidateRow[];
  changed: RowChange[];
  /** The candidates' chunk ids in order, only when a stage reordered them. */
  order?: string[];
}

type Fields = Map<string, string>;

function fieldsOf(row: CandidateRow): Fields {
  const fields: Fields = new Map();
  for (const [key, value] of Object.entries(row)) if (key !== 'chunk' && value !== undefined) fields.set(key, JSON.stringify(value));
  return fields;
}

function changeOf(row: CandidateRow, before: Fields, now: Fields): RowChange | undefined {
  const change: Record<string, unknown> = {};
  for (const [key, json] of now) if (before.get(key) !== json) change[key] = row[key as keyof CandidateRow];
  for (const key of before.keys()) if (!now.has(key)) change[key] = undefined;
  return Object.keys(change).length ? ({ id: row.chunk.id, ...change } as RowChange) : undefined;
}

/** Reports the candidates as the stages change them, each report holding only what changed since the one before. */
export function rowReporter(): (rows: readonly CandidateRow[]) => RowsUpdate {
  const sent = new Map<string, Fields>();
  let order: string[] = [];
  return (rows) => {
    const update: RowsUpdate = { added: [], changed: [] };
    const ids = rows.map((r) => r.chunk.id);
    if (order.some((id, i) => ids[i] !== id)) update.order = ids;
    for (const row of rows) {
      const now = fieldsOf(row);
      const before = sent.get(row.chunk.id);
      if (!before) update.added.push({ ...row });
      else {
        const change = changeOf(row, before, now);
        if (change) update.changed.push(change);
      }
      sent.set(row.chunk.id, now);
    }
    order = ids;
    return update;
  };
}

/** The candidates after a report: changed rows are new objects, the rest are kept as they were. */
export function applyRowsUpdate(rows: readonly CandidateRow[], update: RowsUpdate): CandidateRow[] {
  const changes = new Map(update.changed.map((c) => [c.id, c]));
  const merged = rows.map((row) => {
    const change = changes.get(row.chunk.id);
    if (!change) return row;
    const { id: _id, ...fields } = change;
    return { ...row, ...fields };
  });
  const all = [...merged, ...update.added];
  if (!update.order) return all;
  const byId = new Map(all.map((r) => [r.chunk.id, r]));
  return update.order.flatMap((id) => byId.get(id) ?? []);
}
