import { describeBytes } from '../format';
import type { LlmStatus } from '../state';

/** The language model's load: progress while loading, what was loaded, or why it failed. */
export function LlmLoadStatus({ l }: { l: LlmStatus }) {
  return (
    <div className="llm-load" data-testid="llm-load" data-state={l.state} role="status">
      {l.state === 'none' && <span className="muted small">No language model loaded: questions are answered retrieval-only.</span>}
      {l.state === 'loading' && (
        <>
          <span className="small">Loading… {l.total ? `${describeBytes(l.loaded ?? 0)} / ${describeBytes(l.total)}` : ''}</span>{' '}
          {l.total ? <progress max={l.total} value={l.loaded ?? 0} /> : <progress />}
          {l.file && <div className="muted small">{l.file}</div>}
        </>
      )}
      {l.state === 'ready' && l.info && (
        <span className="small">
          Loaded {l.info.model} ({l.info.engine}, {l.info.contextWindow} tokens of context).
        </span>
      )}
      {l.state === 'failed' && <span className="error small">{l.error}</span>}
    </div>
  );
}
