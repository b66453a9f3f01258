import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApp } from '../context';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings';
import { GROUPS, type SettingsGroup } from '../settings-fields';
import { draftFrom, llmGates, rebaseDraft, resetField, sameSettings, settingsDiff, validateSettings } from '../settings-rules';
import { ChunkingSection } from './ChunkingSection';
import { ModelsSection } from './ModelsSection';
import { AdvancedFields, QuestionPipelineFields, SearchFields } from './PipelineSettingsFields';
import type { ControlContext } from './SettingControls';
import './settings.css';

const TITLE = Object.fromEntries(GROUPS.map((g) => [g.id, g.title])) as Record<SettingsGroup, string>;

/**
 * Settings in five groups (Models, Chunking, Search, Question pipeline, Advanced), edited as
 * one draft with one Save and one Reset, and a list of what differs from the defaults.
 */
export function SettingsView() {
  const { state, store } = useApp();
  const saved = state.settings ?? DEFAULT_SETTINGS;
  const [draft, setDraft] = useState<Settings>(() => draftFrom(saved));
  // Saved settings that change under the draft (a GGUF file picked, an import, another tab) move the parts not edited here.
  const before = useRef(saved);
  useEffect(() => {
    if (before.current === saved) return;
    setDraft((d) => rebaseDraft(d, before.current, saved));
    before.current = saved;
  }, [saved]);
  const diff = useMemo(() => settingsDiff(draft), [draft]);
  const problems = useMemo(() => validateSettings(draft), [draft]);
  const unsaved = !sameSettings(draft, draftFrom(saved));
  const gates = llmGates(state.llm);
  const ctx: ControlContext = { draft, onChange: setDraft, gates, problems };
  const [advancedOpen, setAdvancedOpen] = useState(() => diff.some((d) => d.group === 'advanced'));
  const [saving, setSaving] = useState(false);

  const section = (id: SettingsGroup, body: ReactNode) => {
    const g = GROUPS.find((x) => x.id === id)!;
    return (
      <section className="settings-section" id={`settings-${id}`} aria-labelledby={`settings-${id}-title`} tabIndex={-1}>
        <h2 id={`settings-${id}-title`}>{g.title}</h2>
        <p className="muted small blurb">{g.blurb}</p>
        {body}
      </section>
    );
  };
  const advanced = GROUPS.find((x) => x.id === 'advanced')!;

  return (
    <div className="settings">
      <nav className="settings-nav" aria-label="Settings groups">
        {GROUPS.map((g) => (
          <a
            key={g.id}
            href={`#settings-${g.id}`}
            onClick={(ev) => {
              ev.preventDefault();
              if (g.id === 'advanced') setAdvancedOpen(true);
              const target = document.getElementById(`settings-${g.id}`);
              target?.scrollIntoView({ block: 'start' });
              // Keyboard and screen-reader users land in the group they chose.
              target?.focus({ preventScroll: true });
            }}
          >
            {g.title}
            {diff.some((d) => d.group === g.id) && (
              <>
                <span className="dot" aria-hidden="true" />
                <span className="sr-only"> (changed from the defaults)</span>
              </>
            )}
          </a>
        ))}
      </nav>
      <form
        className="settings-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (problems.length > 0 || !unsaved) return;
          setSaving(true);
          void store.models.updateSettings(draft).finally(() => setSaving(false));
        }}
      >
        <DiffFromDefaults diff={diff} onReset={(id) => setDraft(resetField(draft, id))} />
        {section('models', <ModelsSection ctx={ctx} saved={saved} />)}
        {section('chunking', <ChunkingSection ctx={ctx} />)}
        {section('search', <SearchFields ctx={ctx} />)}
        {section('pipeline', <QuestionPipelineFields ctx={ctx} />)}
        <details className="settings-section advanced" id="settings-advanced" tabIndex={-1} open={advancedOpen} onToggle={(ev) => setAdvancedOpen(ev.currentTarget.open)}>
          <summary>
            <h2>{advanced.title}</h2>
            <span className="muted small"> {advanced.blurb}</span>
          </summary>
          {advancedOpen && <AdvancedFields ctx={ctx} />}
        </details>

        <div className="save-bar" role="region" aria-label="Save settings">
          <div className="save-state small" data-testid="settings-state" data-state={problems.length ? 'invalid' : unsaved ? 'unsaved' : 'saved'}>
            {problems.length > 0 ? (
              <span className="problem">
                {problems.length === 1 ? problems[0].message : `${problems.length} settings need fixing: ${problems.map((p) => p.message).join(' ')}`}
              </span>
            ) : saving ? (
              'Saving…'
            ) : unsaved ? (
              <strong>Unsaved changes</strong>
            ) : (
              <span className="muted">All changes saved</span>
            )}
          </div>
          <div className="buttons">
            <button type="submit" className="primary" disabled={!unsaved || problems.length > 0 || saving}>
              Save settings
            </button>
            <button type="button" disabled={sameSettings(draft, draftFrom(DEFAULT_SETTINGS))} onClick={() => setDraft(draftFrom(DEFAULT_SETTINGS))}>
              Reset to defaults
            </button>
            {unsaved && (
              <button type="button" onClick={() => setDraft(draftFrom(saved))}>
                Discard<span className="sr-only"> changes</span>
              </button>
            )}
          </div>
        </div>
      </form>
    </div>
  );
}

/** What differs from the defaults, each with its default and a button that puts it back (in the draft). */
function DiffFromDefaults({ diff, onReset }: { diff: ReturnType<typeof settingsDiff>; onReset(id: string): void }) {
  if (diff.length === 0)
    return (
      <p className="settings-diff none small" data-testid="settings-diff">
        Every setting is at its default (the paper’s values where it gives them).
      </p>
    );
  return (
    <details className="settings-diff" data-testid="settings-diff">
      <summary>{diff.length === 1 ? '1 setting differs' : `${diff.length} settings differ`} from the defaults</summary>
      <ul>
        {diff.map((d) => (
          <li key={d.id} data-setting={d.id}>
            <span className="where muted small">{TITLE[d.group]}</span> <span className="what">{d.label}</span>
            {d.symbol && (
              <>
                {' '}
                <span className="symbol">{d.symbol}</span>
              </>
            )}
            {': '}
            <strong className="value">{d.value}</strong> <span className="muted">(default {d.default})</span>{' '}
            <button type="button" className="link" onClick={() => onReset(d.id)}>
              use default<span className="sr-only"> for {d.label}</span>
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}
