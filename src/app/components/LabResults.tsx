import { useApp } from '../context';
import { objectiveValue, requestSpecs } from '../../core/lab';
import type { LabResultSummary } from '../../services/lab';
import { score } from '../format';
import { CollapsedNotes } from './CollapsedNotes';
import { LengthHistograms, RatioScatter, SweepGrid, ThetaPlot } from './LabPlots';
import { OBJECTIVES } from './lab-objectives';

export function LabResults() {
  const { state } = useApp();
  const { response, request } = state.lab!;
  if (!response) return null;
  const compared = requestSpecs({ ...request, sweepFixed: undefined, sweepTheta: undefined, sweepPercentile: undefined }).map((s) => s.label);
  const rows = response.results.filter((r) => compared.includes(r.label));
  const best = response.results.find((r) => r.label === response.best.overall);
  return (
    <section className="lab-results" data-testid="lab-results">
      <p className="small">
        {response.questions} question{response.questions === 1 ? '' : 's'}, {(response.ms / 1000).toFixed(1)} s.
        {best && (
          <>
            {' '}
            Best by {OBJECTIVES[response.objective]}: <b data-testid="lab-best">{best.label}</b> (retrieval {score(best.retrievalRatio)}, signal {score(best.signalRatio)}).
          </>
        )}
        {request.sweepFixed && response.best.fixed && (
          <>
            {' '}
            Best fixed size and overlap: <b data-testid="lab-best-fixed">{response.best.fixed}</b>.
          </>
        )}
        {request.sweepTheta && response.best.semantic && (
          <>
            {' '}
            Best θ: <b data-testid="lab-best-theta">{response.best.semantic}</b>.
          </>
        )}
        {request.sweepPercentile && response.best.percentile && (
          <>
            {' '}
            Best percentile: <b data-testid="lab-best-percentile">{response.best.percentile}</b>.
          </>
        )}
      </p>
      <CollapsedNotes notes={response.problems} about=" on the questions" />
      <table className="lab-table cards" data-testid="lab-table">
        <thead>
          <tr>
            <th>Chunking</th>
            <th>Chunks</th>
            <th>Length: median (p25–p75)</th>
            <th>Retrieval ratio</th>
            <th>Signal ratio</th>
            <th>Balance</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <LabRow key={r.label} r={r} best={r.label === response.best.overall} />
          ))}
        </tbody>
      </table>
      <div className="lab-plots">
        <RatioScatter results={response.results} named={compared} best={response.best.overall} />
        <LengthHistograms results={rows} />
        {request.sweepFixed && (
          <SweepGrid results={response.results.filter((r) => response.sweeps.fixed.includes(r.label))} objective={response.objective} best={response.best.fixed} />
        )}
        {request.sweepTheta && <ThetaPlot results={response.results.filter((r) => response.sweeps.theta.includes(r.label))} />}
        {request.sweepPercentile && <ThetaPlot by="percentile" results={response.results.filter((r) => response.sweeps.percentile.includes(r.label))} />}
      </div>
    </section>
  );
}

function LabRow({ r, best }: { r: LabResultSummary; best: boolean }) {
  if (!r.available) {
    return (
      <tr data-testid="lab-row" data-label={r.label} className="unavailable">
        <td>{r.label}</td>
        <td colSpan={5} className="muted">
          unavailable: {r.note}
        </td>
      </tr>
    );
  }
  return (
    <tr data-testid="lab-row" data-label={r.label} className={best ? 'best' : undefined}>
      <td data-label="Chunking">{r.label}</td>
      <td data-label="Chunks">{r.chunkCount}</td>
      <td data-label="Length: median (p25–p75)">
        {r.lengths.median} ({r.lengths.p25}–{r.lengths.p75})
      </td>
      <td data-label="Retrieval ratio" data-testid="lab-retrieval">
        {score(r.retrievalRatio)}
      </td>
      <td data-label="Signal ratio" data-testid="lab-signal">
        {score(r.signalRatio)}
        {r.locatedQuestions < r.questions && (
          <span className="muted small">
            {' '}
            ({r.locatedQuestions} of {r.questions} located)
          </span>
        )}
      </td>
      <td data-label="Balance">{score(objectiveValue(r, 'balanced'))}</td>
    </tr>
  );
}
