import { useRef, type KeyboardEvent } from 'react';
import { TABS, tabAfterKey, tabId, panelId, type Tab } from './app-tabs';

export function TabBar({ tab, onSelect }: { tab: Tab; onSelect(tab: Tab): void }) {
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  // The ARIA tabs pattern: one tab in the Tab order (roving tabindex); arrows, Home and End move between tabs and select them.
  const onTabKey = (e: KeyboardEvent<HTMLElement>) => {
    const to = tabAfterKey(tab, e.key);
    if (!to) return;
    e.preventDefault();
    onSelect(to);
    tabRefs.current.get(to)?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Sieve" onKeyDown={onTabKey}>
      {TABS.map((t) => (
        <button
          key={t}
          ref={(el) => {
            if (el) tabRefs.current.set(t, el);
            else tabRefs.current.delete(t);
          }}
          type="button"
          role="tab"
          id={tabId(t)}
          aria-selected={tab === t}
          aria-controls={tab === t ? panelId(t) : undefined}
          tabIndex={tab === t ? 0 : -1}
          className={tab === t ? 'active' : ''}
          onClick={() => onSelect(t)}
        >
          {t}
        </button>
      ))}
    </div>
  );
}
