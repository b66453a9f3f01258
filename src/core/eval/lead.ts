import { LEAD_KINDS, MIN_LEAD_PRECISION, type AskResult, type LeadKind } from '../pipeline';
import { answerCorrect, answerLead } from './answer-correct';
import { fraction, markdownTable } from './metrics';

/** One answer's lead as the lead table counts it. */
export interface LeadRow {
  kind: LeadKind;
  /** Stated as the answer, or offered as what Sieve found (passages never state). */
  states: boolean;
  /** The finding, judged as it reads stated (absent for passages). */
  right?: boolean;
  /** The question's gold answer is "not in the documents". */
  unanswerable: boolean;
}

/** Precision and coverage of one kind of lead over a set's answers. */
export interface LeadSummary {
  kind: LeadKind;
  /** Answers it led. */
  led: number;
  /** Of those, the finding was right (precision = right / led). */
  right: number;
  /** Answers it led where it was stated. */
  stated: number;
  statedRight: number;
}

/** Per kind of lead: how often it leads (coverage), how often it is right when it does (precision), and the same for the answers that state it. */
export function summarizeLeads(rows: LeadRow[]): LeadSummary[] {
  return LEAD_KINDS.map(({ kind }) => {
    const own = rows.filter((r) => r.kind === kind);
    const stated = own.filter((r) => r.states);
    return { kind, led: own.length, right: own.filter((r) => r.right).length, stated: stated.length, statedRight: stated.filter((r) => r.right).length };
  }).filter((s) => s.led > 0);
}

/**
 * The lead table: per kind, the answers it led (and their share of all, its coverage), how often
 * its finding was right (precision), and whether it is stated (precision ≥ MIN_LEAD_PRECISION on
 * fresh data, LEAD_KINDS); then every stated answer together: its precision and coverage, over
 * answerable questions (a decline is right on an unanswerable one) and over all.
 */
export function formatLeadTable(rows: LeadRow[]): string {
  if (rows.length === 0) return '';
  const n = rows.length;
  const body = summarizeLeads(rows).map((s) => [
    s.kind,
    fraction(s.led, n),
    s.kind === 'passages' ? '—' : fraction(s.right, s.led),
    s.stated ? `${fraction(s.statedRight, s.stated)}` : 'not stated',
  ]);
  const stated = rows.filter((r) => r.states);
  const answerable = rows.filter((r) => !r.unanswerable);
  // Both declines are abstentions, "nothing stated" given in a hedged wording where it is below the bar.
  const declines = (r: LeadRow) => r.kind === 'decline' || r.kind === 'nothing stated';
  const committed = answerable.filter((r) => r.states && !declines(r));
  const falseDeclines = answerable.filter(declines).length;
  const unanswerable = rows.filter((r) => r.unanswerable);
  const summary = [
    `Stated answers (a figure, a row, a span, Yes/No, or a decline): precision ${fraction(stated.filter((r) => r.right).length, stated.length)}, coverage ${fraction(stated.length, n)}.`,
    `Answerable questions: a finding stated on ${fraction(committed.length, answerable.length)}, right ${fraction(committed.filter((r) => r.right).length, committed.length)} of those; declined ${falseDeclines} of ${answerable.length}.`,
    unanswerable.length
      ? `Unanswerable questions declined: ${fraction(unanswerable.filter(declines).length, unanswerable.length)} (${unanswerable.filter((r) => r.kind === 'nothing stated' && !r.states).length} of them in the hedged wording).`
      : '',
    `A kind is stated where its precision on fresh data is at least ${MIN_LEAD_PRECISION}.`,
  ].filter(Boolean);
  return `${markdownTable(['lead', 'led (coverage)', 'right when led (precision)', 'stated: right'], body)}\n\n${summary.join('\n')}`;
}

/** Per config, what led each answer: the lead table of each config whose answers were judged. */
export function leadTables(rows: Array<{ config: string; lead?: LeadRow }>): string {
  return [...new Set(rows.map((r) => r.config))]
    .map((config) => rows.filter((r) => r.config === config && r.lead).map((r) => r.lead!))
    .filter((leads) => leads.length > 0)
    .map((leads, i, all) => `\nWhat led the answer${all.length > 1 ? `, config ${i + 1}` : ''} (${leads.length} judged questions)\n\n${formatLeadTable(leads)}`)
    .join('\n');
}

/** The lead of an answer as the lead table counts it: the finding judged as it reads stated, whether or not it was. */
export function leadRow(result: AskResult, gold: string, unanswerable: boolean): LeadRow {
  const lead = result.lead!;
  // A decline is right on an unanswerable question, stated or (nothing stated, below the bar) offered.
  if (lead.kind === 'decline' || lead.kind === 'nothing stated') return { kind: lead.kind, states: lead.states, right: unanswerable, unanswerable };
  if (lead.kind === 'passages' || !lead.found) return { kind: lead.kind, states: false, unanswerable };
  // A figure by its headline (its inputs below could show the gold by chance); anything else by its first line.
  const text = result.figure?.answer && lead.found === result.figure.answer ? (result.figure.text?.headline ?? lead.found) : answerLead(lead.found);
  return { kind: lead.kind, states: lead.states, right: !unanswerable && answerCorrect(gold, text).correct, unanswerable };
}
