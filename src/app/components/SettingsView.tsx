import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useApp } from '../context';
import { DEFAULT_SETTINGS, type Settings } from '../../core/settings';
import { GROUPS, type SettingsGroup } from '../settings-fields';
import { draftFrom, llmGates, rebaseDraft, resetField, sameSettings, settingsDiff, validateSettings } from '../settings-rules';
import { ChunkingSection } from './ChunkingSection';
import { ModelsSection } from './ModelsSection';
import { AdvancedFields, QuestionPipelineFields, SearchFields } from './PipelineSettingsFields';
import type { ControlContext } from './SettingControls';
import { DiffFromDefaults } from './DiffFromDefaults';
import { SettingsNav } from './SettingsNav';
import { SettingsSaveBar } from './SettingsSaveBar';
import './settings.css';

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
  const [saving, setSaving] = useState(false);
  const saveNow = (change: (s: Settings) => Settings) => {
    setSaving(true);
    void store.models.updateSettings(change(saved)).finally(() => setSaving(false));
  };
  const ctx: ControlContext = { draft, onChange: setDraft, gates, problems, saveNow };
  const [advancedOpen, setAdvancedOpen] = useState(() => diff.some((d) => d.group === 'advanced'));

  const advanced = GROUPS.find((x) => x.id === 'advanced')!;

  return (
    <div className="settings">
      <SettingsNav diff={diff} onOpenAdvanced={() => setAdvancedOpen(true)} />
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
        <SettingsSection id="models">
          <ModelsSection ctx={ctx} saved={saved} />
        </SettingsSection>
        <SettingsSection id="chunking">
          <ChunkingSection ctx={ctx} />
        </SettingsSection>
        <SettingsSection id="search">
          <SearchFields ctx={ctx} />
        </SettingsSection>
        <SettingsSection id="pipeline">
          <QuestionPipelineFields ctx={ctx} />
        </SettingsSection>
        <details className="settings-section advanced" id="settings-advanced" tabIndex={-1} open={advancedOpen} onToggle={(ev) => setAdvancedOpen(ev.currentTarget.open)}>
          <summary>
            <h2>{advanced.title}</h2>
            <span className="muted small"> {advanced.blurb}</span>
          </summary>
          {advancedOpen && <AdvancedFields ctx={ctx} />}
        </details>

        <SettingsSaveBar
          problems={problems}
          saving={saving}
          unsaved={unsaved}
          atDefaults={sameSettings(draft, draftFrom(DEFAULT_SETTINGS))}
          onReset={() => setDraft(draftFrom(DEFAULT_SETTINGS))}
          onDiscard={() => setDraft(draftFrom(saved))}
        />
      </form>
    </div>
  );
}

function SettingsSection({ id, children }: { id: SettingsGroup; children: ReactNode }) {
  const g = GROUPS.find((x) => x.id === id)!;
  return (
    <section className="settings-section" id={`settings-${id}`} aria-labelledby={`settings-${id}-title`} tabIndex={-1}>
      <h2 id={`settings-${id}-title`}>{g.title}</h2>
      <p className="muted small blurb">{g.blurb}</p>
      {children}
    </section>
  );
}
