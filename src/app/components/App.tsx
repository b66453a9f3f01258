import { useRef, useState, type KeyboardEvent } from 'react';
import { useApp } from '../context';
import { LibraryView } from './LibraryView';
import { SearchView } from './SearchView';
import { AskView } from './AskView';
import { LlmBadge } from './LlmBadge';
import { InspectorView } from './InspectorView';
import { LabView } from './LabView';
import { WalkthroughView } from './WalkthroughView';
import { SettingsView } from './SettingsView';
import { Notices } from './Notices';
import { UpdateNotice } from './UpdateNotice';
import { ModelBadge } from './ModelBadge';
import { SourceViewer } from './SourceViewer';

const TABS = ['Library', 'Ask', 'Search', 'Chunk inspector', 'Lab', 'Walk-through', 'Settings'] as const;
type Tab = (typeof TABS)[number];

/** The id of a tab's button and of its panel, for aria-controls and aria-labelledby. */
const tabId = (t: Tab) => `tab-${t.toLowerCase().replace(/[^a-z]+/g, '-')}`;
const panelId = (t: Tab) => `panel-${t.toLowerCase().replace(/[^a-z]+/g, '-')}`;

export function App() {
  const { state } = useApp();
  const [tab, setTab] = useState<Tab>('Library');
  const tabRefs = useRef(new Map<Tab, HTMLButtonElement>());
  // The ARIA tabs pattern: one tab in the Tab order (roving tabindex); arrows, Home and End move between tabs and select them.
  const onTabKey = (e: KeyboardEvent<HTMLElement>) => {
    const i = TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : e.key === 'ArrowLeft'
          ? TABS[(i - 1 + TABS.length) % TABS.length]
          : e.key === 'Home'
            ? TABS[0]
            : e.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!to) return;
    e.preventDefault();
    setTab(to);
    tabRefs.current.get(to)?.focus();
  };
  return (
    <div className="app">
      <header className="top">
        <h1>
          Sieve <small>private answers from your own documents — nothing leaves this browser</small>
        </h1>
        <div className="badges">
          <ModelBadge />
          <LlmBadge />
        </div>
      </header>
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
            onClick={() => setTab(t)}
          >
            {t}
          </button>
        ))}
      </div>
      <UpdateNotice />
      <Notices />
      <main role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {!state.ready ? (
          <p className="muted" role="status">
            Opening your knowledge base…
          </p>
        ) : tab === 'Library' ? (
          <LibraryView onInspect={() => setTab('Chunk inspector')} />
        ) : tab === 'Ask' ? (
          <AskView onInspect={() => setTab('Chunk inspector')} onSettings={() => setTab('Settings')} />
        ) : tab === 'Search' ? (
          <SearchView />
        ) : tab === 'Chunk inspector' ? (
          <InspectorView />
        ) : tab === 'Lab' ? (
          <LabView />
        ) : tab === 'Walk-through' ? (
          <WalkthroughView onAskOwn={() => setTab('Ask')} />
        ) : (
          <SettingsView />
        )}
      </main>
      <SourceViewer onInspect={() => setTab('Chunk inspector')} />
    </div>
  );
}
