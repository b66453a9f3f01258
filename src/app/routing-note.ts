import type { RoutedDocument } from '../core/card';

/** A reason without the period it repeats: "asks about FY2016; it covers FY2016" → "asks about FY2016". */
function plainReason(why: string): string {
  const m = why.match(/^(asks about (.+)); it covers (.+)$/);
  return m && m[2] === m[3] ? m[1] : why;
}

function reasons(why: readonly string[]): string {
  const plain = why.map(plainReason);
  return plain.length <= 1 ? (plain[0] ?? '') : `${plain.slice(0, -1).join(', ')} and ${plain[plain.length - 1]}`;
}

/**
 * One line saying which documents a question was kept to and why, e.g. "Kept to Adobe Systems
 * Incorporated · 10-K · FY2016 — the question names “Adobe” and asks about FY2016". `chosen`:
 * how many documents the user had chosen to ask (0: all). Empty when nothing was routed.
 */
export function routingNote(routed: readonly RoutedDocument[], chosen = 0): string {
  if (routed.length === 0) return '';
  const within = chosen > 0 ? ` (of the ${chosen} documents you chose)` : '';
  const shared = routed.every((r) => reasons(r.why) === reasons(routed[0].why));
  if (shared) {
    const why = reasons(routed[0].why);
    return `Kept to ${routed.map((r) => r.title).join('; ')}${within}${why ? ` — the question ${why}` : ''}`;
  }
  return `Kept to ${routed.map((r) => (r.why.length ? `${r.title} (the question ${reasons(r.why)})` : r.title)).join('; ')}${within}`;
}

/** The named companies' other documents, once each, that routing passed over when it had to guess (see RoutedDocument.others). */
export function otherDocuments(routed: readonly RoutedDocument[]): Array<{ docId: string; title: string }> {
  const used = new Set(routed.map((r) => r.docId));
  const out = new Map<string, { docId: string; title: string }>();
  for (const r of routed) for (const o of r.others ?? []) if (!used.has(o.docId)) out.set(o.docId, o);
  return [...out.values()];
}
