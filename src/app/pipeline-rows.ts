/**
 * What the Pipeline panel shows of each candidate, worked out apart from the component:
 * which rows a filter shows, the counts on the filter buttons, a one-line snippet, the score
 * its bar draws, a colour per document, and the verdict's reason in words.
 */
import type { CandidateRow, Verdict } from '../core/pipeline';

/** The verdicts that filter a candidate out, in the order the pipeline applies them. */
const FILTERED_VERDICTS = ['duplicate', 'below-floor', 'below-threshold', 'over-budget', 'outside-segments'] as const satisfies readonly Verdict[];
export type FilteredVerdict = (typeof FILTERED_VERDICTS)[number];

/** All rows, the kept ones, the filtered ones, or the ones filtered for one reason. */
export type RowFilter = 'all' | 'kept' | 'filtered' | FilteredVerdict;

function isFiltered(r: Pick<CandidateRow, 'verdict'>): boolean {
  return r.verdict !== undefined && r.verdict !== 'kept';
}

function matchesFilter(r: Pick<CandidateRow, 'verdict'>, filter: RowFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'kept':
      return r.verdict === 'kept';
    case 'filtered':
      return isFiltered(r);
    default:
      return r.verdict === filter;
  }
}

export function filterRows<R extends Pick<CandidateRow, 'verdict'>>(rows: R[], filter: RowFilter): R[] {
  return rows.filter((r) => matchesFilter(r, filter));
}

interface FilterCounts {
  all: number;
  kept: number;
  filtered: number;
  /** Each reason some row was filtered for, with its count, in pipeline order (none with 0). */
  reasons: Array<{ verdict: FilteredVerdict; count: number }>;
}

export function filterCounts(rows: Array<Pick<CandidateRow, 'verdict'>>): FilterCounts {
  const reasons = FILTERED_VERDICTS.map((verdict) => ({ verdict, count: rows.filter((r) => r.verdict === verdict).length })).filter((x) => x.count > 0);
  return {
    all: rows.length,
    kept: rows.filter((r) => r.verdict === 'kept').length,
    filtered: rows.filter(isFiltered).length,
    reasons,
  };
}

/**
 * The filter to show once the rows change: the same one while it still matches a row,
 * otherwise all rows (a reason no row has any more would show an empty list).
 */
export function effectiveFilter(rows: Array<Pick<CandidateRow, 'verdict'>>, filter: RowFilter): RowFilter {
  if (filter === 'all') return filter;
  return rows.some((r) => matchesFilter(r, filter)) ? filter : 'all';
}

/** The text on one line: whitespace collapsed, cut at a word boundary near `max` characters, with "…" when cut. */
export function snippet(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What a row's score bar draws: the final grade once graded (with the threshold it was held to), the hybrid retrieval score before. */
interface ScoreBar {
  value: number;
  /** 0–1, for the bar's width. */
  fraction: number;
  kind: 'final grade' | 'retrieval score';
  threshold?: number;
  /** "final grade 0.62, threshold 0.40" */
  label: string;
}

export function scoreBar(r: Pick<CandidateRow, 'final' | 'hybrid'>, threshold?: number): ScoreBar {
  const clamp = (x: number) => Math.min(1, Math.max(0, Number.isFinite(x) ? x : 0));
  if (r.final !== undefined) {
    const t = threshold === undefined ? undefined : clamp(threshold);
    return {
      value: r.final,
      fraction: clamp(r.final),
      kind: 'final grade',
      threshold: t,
      label: `final grade ${r.final.toFixed(2)}${t === undefined ? '' : `, threshold ${t.toFixed(2)}`}`,
    };
  }
  return { value: r.hybrid, fraction: clamp(r.hybrid), kind: 'retrieval score', label: `retrieval score ${r.hybrid.toFixed(2)} (not graded)` };
}

/** Number of document colours the stylesheet defines (`doc-0` … `doc-5`). */
const DOC_COLOURS = 6;

/** Each document's colour slot, in order of first appearance, so the chips of one document match. */
export function docColours(rows: Array<{ chunk: { docId: string } }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) if (!out.has(r.chunk.docId)) out.set(r.chunk.docId, out.size % DOC_COLOURS);
  return out;
}

const SEGMENT_SUFFIX = /; context of segment \[(\d+)\]$/;

/**
 * Why a candidate was kept or filtered, in words short enough for its line (the verdict
 * beside it says which way it went): "grade 0.62, needed 0.40", "repeats #2 (93% similar)".
 * A reason of an unknown form (the LLM retriever's) is shown as recorded.
 */
export function reasonInWords(r: Pick<CandidateRow, 'verdict' | 'reason' | 'duplicateOf'>): string {
  if (r.verdict === undefined) return 'not decided yet';
  const recorded = r.reason ?? '';
  const segment = SEGMENT_SUFFIX.exec(recorded);
  const main = segment ? recorded.slice(0, segment.index) : recorded;
  const tail = segment ? `; given to the answer in source [${segment[1]}]` : '';
  return `${mainReason(r.verdict, main, r.duplicateOf)}${tail}`;
}

function mainReason(verdict: Verdict, reason: string, duplicateOf?: CandidateRow['duplicateOf']): string {
  let m: RegExpExecArray | null;
  if (verdict === 'duplicate' && duplicateOf) return `repeats #${duplicateOf.rank} (${Math.round(duplicateOf.similarity * 100)}% similar)`;
  if ((m = /^(\d+)% similar to #(\d+)$/.exec(reason))) return `repeats #${m[2]} (${m[1]}% similar)`;
  if ((m = /^grade (\S+) [≥<] (\S+)$/.exec(reason))) return `grade ${m[1]}, needed ${m[2]}`;
  if ((m = /^no query word and similarity (\S+) < (\S+)$/.exec(reason))) return `no word of the question; similarity ${m[1]}, needed ${m[2]}`;
  if ((m = /^the context budget of (\d+) characters was full$/.exec(reason))) return `the context was full (${Number(m[1]).toLocaleString('en')} characters)`;
  if (reason === 'not in any of the best runs of adjacent chunks') return 'not in the best runs of adjacent chunks';
  return reason;
}

/**
 * What a candidate's grade is made of, in plain words, for the Pipeline panel: the retrieval
 * score or the language model's relevance grade, weighed with Sieve's own check of the passage
 * (the critic), and what the threshold does with it.
 */
export function gradeInWords(rows: readonly CandidateRow[]): string {
  const graded = rows.filter((r) => r.grade);
  if (graded.length === 0) return '';
  const byModel = graded.some((r) => (r.grade?.usage.calls ?? 0) > 0);
  const reflected = graded.some((r) => r.grade?.reflection !== undefined);
  const start = byModel
    ? `A grade (0 to 1) says how well a passage answers the question: the language model's own relevance grade${reflected ? ' and its second look' : ''}`
    : 'A grade (0 to 1) says how well a passage answers the question: its retrieval score (how many of the question’s words it shares, and how close it is in meaning)';
  return `${start}, weighed with Sieve’s check that it has the years, figures and words the question asks for. Passages graded at or above the threshold T are kept for the answer.`;
}
