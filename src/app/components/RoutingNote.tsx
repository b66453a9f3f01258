import type { RoutedDocument } from '../../core/card';
import { otherDocuments, routingNote } from '../routing-note';

interface Props {
  routed: RoutedDocument[];
  /** How many documents the user had chosen (0 or absent: all). */
  chosen?: number;
  /** Asks or searches again without routing; no button when absent. */
  undo?: { label: string; onClick(): void };
  /** Asks or searches again of one document: offered for the same company's other documents when routing had to guess which one. */
  onUseOther?: (docId: string) => void;
}

const onUseOtherLabel = (n: number) => (n === 1 ? 'Use their other document instead:' : `Use one of their ${n} other documents instead:`);

/** One line saying which documents a question named and was kept to, a way to search them all instead, and the named company's other documents. */
export function RoutingNote({ routed, chosen, undo, onUseOther }: Props) {
  if (routed.length === 0) return null;
  const others = onUseOther ? otherDocuments(routed) : [];
  return (
    <div className="route-note-block">
      <p className="note small route-note" data-testid="route-note">
        {routingNote(routed, chosen)}.
        {undo && (
          <>
            {' '}
            <button type="button" className="link" onClick={undo.onClick}>
              {undo.label}
            </button>
          </>
        )}
      </p>
      {others.length > 0 && (
        <p className="note small route-others" data-testid="route-others">
          {onUseOtherLabel(others.length)}{' '}
          {others.map((o, i) => (
            <span key={o.docId}>
              {i > 0 && ' · '}
              <button type="button" className="link" onClick={() => onUseOther!(o.docId)} title={`Use ${o.title} instead`}>
                {o.title}
              </button>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
