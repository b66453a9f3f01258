import type { AttributionReport } from '../../core/attribution';

/** Above this share of its words copied verbatim from its sources, a model's answer is called a copy. */
export const COPY_SHARE = 0.8;

/**
 * How much of what it was given the answer used (sentence similarity ≥ the threshold). The
 * figures are not offered as reassurance where they cannot be: Sieve's own quotes use their
 * sources by construction, and a model's answer that copies its sources word for word "uses"
 * them without showing it understood them.
 */
export function AttributionLine({ report, extractive = false }: { report: AttributionReport; extractive?: boolean }) {
  const t = report.totals;
  const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
  const counts = `cites ${t.cited} and uses ${t.used} of ${t.sources} sources`;
  const copied = !extractive && (report.copied ?? 0) >= COPY_SHARE;
  return (
    <p className="small attribution" data-testid="attribution" data-copied={copied ? 'true' : undefined}>
      {extractive ? (
        <>{quotedLine(t.cited, t.used, t.sources)}</>
      ) : copied ? (
        <>
          Attribution: the answer copies its sources word for word ({pct(report.copied ?? 0)} of its words). It {counts}, which shows copying, not that the model understood them.
        </>
      ) : (
        <>
          Attribution: the answer {counts}; utilization of the used ones {pct(t.meanUtilization)}; completeness {pct(t.completeness)}{' '}
          <span className="muted">(a sentence counts as used at cosine ≥ {t.threshold})</span>
        </>
      )}
    </p>
  );
}

/**
 * A quoted answer's attribution in a user's words: which sources it quotes (the ones it numbers)
 * and how many others say much the same. Its similarity figures would only restate that it quotes.
 */
export function quotedLine(cited: number, used: number, sources: number): string {
  const alike = Math.max(0, used - cited);
  const of = `${cited} of the ${sources} source${sources === 1 ? '' : 's'} below`;
  return `The answer quotes ${of}${alike ? `; ${alike} more say${alike === 1 ? 's' : ''} much the same` : ''}.`;
}

/** How one source was used: cited, reflected in the answer, or neither; for a quoted answer, quoted, alike or not quoted, without figures. */
export function SourceUse({ report, n, extractive = false }: { report: AttributionReport; n: number; extractive?: boolean }) {
  const s = report.sources.find((x) => x.n === n);
  if (!s) return null;
  const label = extractive
    ? s.cited
      ? 'quoted'
      : s.used
        ? 'says much the same'
        : 'not quoted'
    : s.cited && s.used
      ? 'cited and used'
      : s.cited
        ? 'cited, not used'
        : s.used
          ? 'used, not cited'
          : 'not used';
  return (
    <span
      className={`use-badge ${s.used || s.cited ? 'used' : 'unused'}`}
      data-testid="source-use"
      title={extractive ? undefined : `${s.usedSentences.length} of ${s.sentences} sentences reflected in the answer`}
    >
      {label}
      {s.used && !extractive ? ` · ${Math.round(s.utilization * 100)}%` : ''}
    </span>
  );
}
