import { GROUPS } from '../settings-fields';
import type { settingsDiff } from '../settings-rules';

/** Links to the settings groups, each marked when a setting in it differs from the defaults. */
export function SettingsNav({ diff, onOpenAdvanced }: { diff: ReturnType<typeof settingsDiff>; onOpenAdvanced(): void }) {
  return (
    <nav className="settings-nav" aria-label="Settings groups">
      {GROUPS.map((g) => (
        <a
          key={g.id}
          href={`#settings-${g.id}`}
          onClick={(ev) => {
            ev.preventDefault();
            if (g.id === 'advanced') onOpenAdvanced();
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
  );
}
