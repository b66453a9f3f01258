import { useState } from 'react';
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
import { TabBar } from './TabBar';
import { panelId, tabId, type Tab } from './app-tabs';

export function App() {
  const { state } = useApp();
  const [tab, setTab] = useState<Tab>('Library');
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
      <TabBar tab={tab} onSelect={setTab} />
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
