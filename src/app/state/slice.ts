import type { LibraryClient } from '../client';
import type { LlmClient } from '../llm-client';
import type { AppStore } from '../state';
import type { AppState, Listener, Notice } from './types';

type Patch = Partial<AppState> | ((s: AppState) => Partial<AppState>);

/** The app's state: one value, replaced on every change, and who listens to it. */
export class StateCell {
  state: AppState = { ready: false, documents: [], scope: [], jobs: [], notices: [], interrupted: [], model: { state: 'idle' }, llm: { state: 'none' }, walk: { step: 0 } };
  private listeners = new Set<Listener>();
  private lastId = 0;

  set(patch: Patch) {
    const p = typeof patch === 'function' ? patch(this.state) : patch;
    this.state = { ...this.state, ...p };
    for (const l of this.listeners) l();
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** A new id for a notice or a job. */
  nextId(): number {
    return ++this.lastId;
  }

  notify(kind: Notice['kind'], text: string) {
    const id = this.nextId();
    this.set((s) => ({ notices: [...s.notices, { id, kind, text }] }));
  }
}

/** One part of the store: it reads and patches the shared state, and reaches the other parts through the store. */
export abstract class Slice {
  constructor(
    protected readonly cell: StateCell,
    protected readonly app: AppStore,
  ) {}

  protected get state(): AppState {
    return this.cell.state;
  }

  protected set(patch: Patch) {
    this.cell.set(patch);
  }

  protected notify(kind: Notice['kind'], text: string) {
    this.cell.notify(kind, text);
  }

  protected get client(): LibraryClient {
    return this.app.client;
  }

  protected get llm(): LlmClient | undefined {
    return this.app.llm;
  }
}
