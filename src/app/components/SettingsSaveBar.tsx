import type { Problem } from '../settings-rules';

/** The Settings tab's save state (problems, saving, unsaved, saved) with Save, Reset to defaults and Discard. */
export function SettingsSaveBar({
  problems,
  saving,
  unsaved,
  atDefaults,
  onReset,
  onDiscard,
}: {
  problems: Problem[];
  saving: boolean;
  unsaved: boolean;
  /** The draft already holds the defaults: nothing to reset. */
  atDefaults: boolean;
  onReset(): void;
  onDiscard(): void;
}) {
  return (
    <div className="save-bar" role="region" aria-label="Save settings">
      <div className="save-state small" data-testid="settings-state" data-state={problems.length ? 'invalid' : unsaved ? 'unsaved' : 'saved'}>
        {problems.length > 0 ? (
          <span className="problem">{problems.length === 1 ? problems[0].message : `${problems.length} settings need fixing: ${problems.map((p) => p.message).join(' ')}`}</span>
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
        <button type="button" disabled={atDefaults} onClick={onReset}>
          Reset to defaults
        </button>
        {unsaved && (
          <button type="button" onClick={onDiscard}>
            Discard<span className="sr-only"> changes</span>
          </button>
        )}
      </div>
    </div>
  );
}
