import { useEffect, useState } from 'react';
import { useApp } from '../context';
import { describeBytes, fileName } from '../format';
import { progressDetail, progressText } from '../progress-text';

/** The time now, renewed every second while `active`: the rows' elapsed time and time left tick even when no event comes. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

export function JobList() {
  const { state, store } = useApp();
  const active = state.jobs.some((j) => j.status === 'queued' || j.status === 'running');
  const now = useNow(active);
  if (state.jobs.length === 0) return null;
  const finished = state.jobs.some((j) => j.status !== 'queued' && j.status !== 'running');
  return (
    <section className="jobs" aria-label="Files being added">
      <ul>
        {state.jobs.map((j) => {
          const p = progressText(j.event, j.clock, j.startedAt, Math.max(now, j.startedAt));
          const pct = p.fraction === undefined ? undefined : Math.round(100 * p.fraction);
          return (
            <li key={j.id} className={`job ${j.status}`} data-testid="job" data-status={j.status}>
              <span className="name">{fileName(j.name)}</span>
              <span className="size muted">{j.size > 0 ? describeBytes(j.size) : ''}</span>
              {j.status === 'running' || j.status === 'queued' ? (
                <>
                  <span className="stage">{p.stage}</span>
                  <progress max={100} value={pct} aria-label={`${fileName(j.name)}: ${p.stage}`} />
                  <button onClick={j.cancel}>Cancel</button>
                  <span className="progress-detail muted" data-testid="job-progress">
                    {progressDetail(p)}
                  </span>
                  {j.estimate && <span className="estimate muted">{j.estimate}</span>}
                  {j.searchable !== undefined && j.status === 'running' && (
                    <span className="searchable muted" data-testid="job-searchable">
                      Searchable by keyword now; search by meaning when embedding finishes.
                    </span>
                  )}
                </>
              ) : j.status === 'done' ? (
                <span className="stage">Added</span>
              ) : j.status === 'cancelled' ? (
                <span className="stage error">Cancelled — nothing was added</span>
              ) : j.status === 'duplicate' ? (
                <>
                  <span className="stage" role="status" data-testid="job-duplicate">
                    {j.error}
                  </span>
                  <span className="job-actions">
                    <button onClick={j.keepBoth}>Add a second copy</button>
                    <button onClick={() => store.jobs.skipDuplicate(j.id)}>Skip it</button>
                  </span>
                </>
              ) : (
                <span className="stage error" role="alert">
                  {j.error}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {finished && (
        <button className="link" onClick={() => store.jobs.clearFinishedJobs()}>
          Clear finished
        </button>
      )}
    </section>
  );
}
