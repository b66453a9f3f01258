import { GROUPS, type SettingsGroup } from '../settings-fields';
import type { settingsDiff } from '../settings-rules';

const TITLE = Object.fromEntries(GROUPS.map((g) => [g.id, g.title])) as Record<SettingsGroup, string>;

/** What differs from the defaults, each with its default and a button that puts it back (in the draft). */
export function DiffFromDefaults({ diff, onReset }: { diff: ReturnType<typeof settingsDiff>; onReset(id: string): void }) {
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
