import { entryNamed, type EntryField } from '../../tables';
import { LEAD_IN } from '../../read';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { citeSpan } from './citing';
import { gridsOf } from './comparing';
import { documentsFor } from './figuring';

/** What the lookup found: the entry's fields, and the answer's opening written from them. */
export interface EntryResult {
  entry: EntryField;
  answer: string;
}

/**
 * 6e. A field of the manual entry the question names ("What is the default BatchSize?", "In
 * which version was os.availableParallelism() added?"): the entry's row among the documents'
 * runs of entries (core/tables readEntries), each field the question names read as printed and
 * cited. Undefined unless exactly one entry is named and it prints such a field.
 */
export async function lookingUp(ctx: AskContext, rows: CandidateRow[], sources: AnswerSource[], scope: ReadonlySet<string> | undefined): Promise<Outcome<EntryResult | undefined>> {
  if (!ctx.deps.chunksOf) return { value: undefined, detail: { skipped: 'the documents’ text is not available' } };
  const docIds = await documentsFor(ctx, rows, scope);
  await ctx.deps.loadDocuments?.(docIds);
  const asked = ctx.question.replace(LEAD_IN, '');
  for (const docId of docIds) {
    const d = gridsOf(ctx, docId);
    const entry = entryNamed(asked, d.grids);
    if (!entry) continue;
    const name = entry.row.cells[0].text;
    const cited = entry.fields.map((f) => citeSpan(ctx, { docId, start: f.value.start, text: f.value.text }, `holds the entry ${name}, ${f.key.text}`, rows, sources));
    const marks = [...new Set(cited.filter((n): n is number => n !== undefined))].map((n) => `[${n}]`).join('');
    const page = d.pageOf?.(entry.row.start);
    const fields = entry.fields.map((f) => `${f.key.text} ${f.value.text}`).join(', ');
    const where = `${entry.grid.title ? ` under “${entry.grid.title}”` : ''}${page !== undefined ? ` (page ${page})` : ''}`;
    const keys = entry.fields.map((f) => `“${f.key.text}”`).join(', ');
    const answer = `${name}: ${fields}${marks ? ` ${marks}` : ''}.\n\nSieve read the entry “${name}”${where}, field${entry.fields.length > 1 ? 's' : ''} ${keys}.`;
    return { value: { entry, answer }, detail: { entry: name, fields, ...(entry.grid.title ? { under: entry.grid.title } : {}) } };
  }
  return { value: undefined, detail: { found: 'no entry the question names with a field it asks for' } };
}
