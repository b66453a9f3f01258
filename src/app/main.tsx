import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { LibraryClient } from './client';
import { LlmClient } from './llm-client';
import { AppStore } from './state';
import { StoreContext } from './context';
import { startUpdates } from './updates';
import { watchUsage } from './usage-watch';
import './styles.css';

const client = new LibraryClient((message) => store.notify('error', message));
const llm = new LlmClient(client.worker, (message) => store.notify('error', message));
const store = new AppStore(client, llm);
void store.start();
startUpdates();
watchUsage(() => void store.documents.refreshUsage());
// Read by the ingest benchmark (scripts/bench-ingest.ts); holds no document data of its own.
Object.defineProperty(window, '__sieveStore', { value: store });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StoreContext.Provider value={store}>
      <App />
    </StoreContext.Provider>
  </StrictMode>,
);
