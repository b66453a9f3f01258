import { useApp } from '../context';
import { describeBytes } from '../format';

export function ModelBadge() {
  const { state, store } = useApp();
  const m = state.model;
  const label =
    m.state === 'ready'
      ? `Embedding model ready: ${m.id}`
      : m.state === 'loading'
        ? `Loading embedding model${m.total ? ` ${describeBytes(m.loaded ?? 0)} / ${describeBytes(m.total)}` : '…'}`
        : m.state === 'failed'
          ? 'Embedding model failed to load'
          : 'Embedding model not loaded';
  return (
    <div className={`model-badge ${m.state}`} data-testid="model-status" data-state={m.state}>
      {label}
      {m.state === 'failed' && <button onClick={() => void store.models.loadModel()}>Retry</button>}
    </div>
  );
}
