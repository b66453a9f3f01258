import type { AttributionReport } from '../../core/attribution';

/** How much of what it was given the answer used (sentence similarity ≥ the threshold). */
export function AttributionLine({ report }: { report: AttributionReport }) {
  const t = report.totals;
  const pct = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)}%`);
  return (
    <p className="small attribution" data-testid="attribution">
      Attribution: the answer cites {t.cited} and uses {t.used} of {t.sources} sources; utilization of the used ones {pct(t.meanUtilization)}; completeness {pct(t.completeness)}{' '}
      <span className="muted">(a sentence counts as used at cosine ≥ {t.threshold})</span>
    </p>
  );
}

/** How one source was used: cited, reflected in the answer, or neither. */
export function SourceUse({ report, n }: { report: AttributionReport; n: number }) {
  const s = report.sources.find((x) => x.n === n);
  if (!s) return null;
  const label = s.cited && s.used ? 'cited and used' : s.cited ? 'cited, not used' : s.used ? 'used, not cited' : 'not used';
  return (
    <span className={`use-badge ${s.used ? 'used' : 'unused'}`} data-testid="source-use" title={`${s.usedSentences.length} of ${s.sentences} sentences reflected in the answer`}>
      {label}
      {s.used ? ` · ${Math.round(s.utilization * 100)}%` : ''}
    </span>
  );
}
