import { useApp } from '../context';

export function Notices() {
  const { state, store } = useApp();
  if (state.notices.length === 0) return null;
  return (
    <div className="notices">
      {state.notices.map((n) => (
        <div key={n.id} className={`notice ${n.kind}`} role={n.kind === 'error' ? 'alert' : 'status'}>
          <span>{n.text}</span>
          <button aria-label="Dismiss" onClick={() => store.dismiss(n.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
