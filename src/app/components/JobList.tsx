import { useApp } from '../context';
import { describeBytes, fileName, stageText } from '../format';

export function JobList() {
  const { state, store } = useApp();
  if (state.jobs.length === 0) return null;
  const finished = state.jobs.some((j) => j.status !== 'queued' && j.status !== 'running');
  return (
    <section className="jobs" aria-label="Files being added">
      <ul>
        {state.jobs.map((j) => {
          const e = j.event;
          const pct = e && e.total > 0 ? Math.round((100 * ('done' in e ? e.done : e.loaded)) / e.total) : undefined;
          const stage = e ? stageText(e) : 'Waiting';
          return (
            <li key={j.id} className={`job ${j.status}`} data-testid="job" data-status={j.status}>
              <span className="name">{fileName(j.name)}</span>
              <span className="size muted">{describeBytes(j.size)}</span>
              {j.status === 'running' || j.status === 'queued' ? (
                <>
                  <span className="stage">{stage}</span>
                  <progress max={100} value={pct} aria-label={`${fileName(j.name)}: ${stage}`} />
                  <button onClick={j.cancel}>Cancel</button>
                  {j.estimate && <span className="estimate muted">{j.estimate}</span>}
                </>
              ) : j.status === 'done' ? (
                <span className="stage">Added</span>
              ) : (
                <span className="stage error">{j.status === 'cancelled' ? 'Cancelled — nothing was added' : j.error}</span>
              )}
            </li>
          );
        })}
      </ul>
      {finished && (
        <button className="link" onClick={() => store.clearFinishedJobs()}>
          Clear finished
        </button>
      )}
    </section>
  );
}
