import { CHUNKER_KINDS, chunkerOfKind } from '../settings-fields';
import { SettingNumber, SettingSelect, SettingToggle, type ControlContext } from './SettingControls';

/** Chunking: the method (semantic, fixed size, LLM boundaries) and its parameters, and contextual headers. */
export function ChunkingSection({ ctx }: { ctx: ControlContext }) {
  const { draft, onChange, gates } = ctx;
  const c = draft.chunker;
  const hints: Record<string, string> = {
    semantic: 'Sentences stay together while they are about the same thing, as the embedding model sees it.',
    fixed: 'Equal slices of text; the baseline the others are compared with.',
    llm: 'The loaded language model marks where sections end.',
  };
  return (
    <>
      <p className="muted small">Applies to documents added from now on; re-index existing ones from the Library.</p>
      <fieldset className="setting-group">
        <legend>How documents are cut into chunks</legend>
        {CHUNKER_KINDS.map((k) => {
          const gate = k.value === 'llm' ? gates.splitScores : undefined;
          return (
            <div key={k.value} className="setting radio">
              <label>
                <input
                  type="radio"
                  name="chunker-kind"
                  checked={c.kind === k.value}
                  disabled={gate !== undefined && c.kind !== k.value}
                  onChange={() => onChange({ ...draft, chunker: chunkerOfKind(c, k.value) })}
                />{' '}
                {k.label}
              </label>
              <span className="setting-notes">
                <span className="hint">{hints[k.value]}</span>
                {gate && (
                  <span className="gate">
                    {gate}
                    {c.kind === 'llm' ? ' Documents added now will fail until one is loaded.' : ''}
                  </span>
                )}
              </span>
              {c.kind === k.value && (
                <div className="indent">
                  {k.value === 'semantic' && (
                    <>
                      <SettingSelect id="chunker.rule" ctx={ctx} />
                      <SettingNumber id="chunker.percentile" ctx={ctx} />
                      <SettingNumber id="chunker.threshold" ctx={ctx} />
                      <SettingNumber id="chunker.maxChars" ctx={ctx} />
                    </>
                  )}
                  {k.value === 'fixed' && (
                    <>
                      <SettingNumber id="chunker.size" ctx={ctx} />
                      <SettingNumber id="chunker.overlap" ctx={ctx} />
                    </>
                  )}
                  {k.value === 'llm' && (
                    <>
                      <SettingNumber id="chunker.llmThreshold" ctx={ctx} />
                      <SettingNumber id="chunker.minChars" ctx={ctx} />
                      <SettingNumber id="chunker.llmMaxChars" ctx={ctx} />
                    </>
                  )}
                </div>
              )}
            </div>
          );
        })}
      </fieldset>
      <SettingToggle id="chunker.headers" ctx={ctx} />
      {c.headers !== false && (
        <div className="indent">
          <SettingToggle id="chunker.headerVectors" ctx={ctx} />
        </div>
      )}
    </>
  );
}
