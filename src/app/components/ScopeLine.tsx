import { useApp } from '../context';
import { scopeLine } from '../scope';

/** "Searched: all documents" (or the chosen documents' titles) under a question or search. */
export function ScopeLine({ docIds, unrouted, running, testId, action }: { docIds?: string[]; unrouted?: boolean; running?: boolean; testId: string; action?: 'ask' | 'search' }) {
  const { state } = useApp();
  return (
    <p className="muted small scope-line" data-testid={testId}>
      {scopeLine(docIds, state.documents, unrouted, running, action)}
    </p>
  );
}
