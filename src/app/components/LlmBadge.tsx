import { useApp } from '../context';
import { describeBytes } from '../format';
import { llmShownName } from './llm-name';

/** Which language model answers questions, next to the embedding model's badge. */
export function LlmBadge() {
  const { state } = useApp();
  const l = state.llm;
  const s = state.settings?.llm;
  // The catalogue's name and the model's size, once, here; the Ask view names it without the size.
  const name = llmShownName(s, state.siteModels?.models, l.info?.model, true);
  const label =
    l.state === 'ready'
      ? `LLM ready: ${name}`
      : l.state === 'loading'
        ? `Loading ${name}${l.total ? ` ${describeBytes(l.loaded ?? 0)} / ${describeBytes(l.total)}` : '…'}`
        : l.state === 'failed'
          ? `LLM failed: ${name}`
          : 'No LLM: retrieval-only';
  return (
    <div className={`model-badge ${l.state}`} data-testid="llm-status" data-state={l.state} title={l.error}>
      {label}
    </div>
  );
}
