/** Test-only: opens knowledge-base stores and closes them all after each test. */
import { afterEach } from 'vitest';
import { openKnowledgeBase, type KnowledgeBaseStore } from '../adapters/store/knowledge-base';
import { freshName } from './store-fixtures';

/** Registers the closing hook in the calling test file; returns the opener. */
export function storeOpener() {
  const open: KnowledgeBaseStore[] = [];
  afterEach(() => {
    for (const store of open.splice(0)) store.close();
  });
  return async function kb(name = freshName(), options: Parameters<typeof openKnowledgeBase>[0] = {}) {
    const store = await openKnowledgeBase({ name, storage: null, ...options });
    open.push(store);
    return store;
  };
}
