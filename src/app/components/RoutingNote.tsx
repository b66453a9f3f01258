import type { RoutedDocument } from '../../core/card';
import { routingNote } from '../routing-note';

interface Props {
  routed: RoutedDocument[];
  /** How many documents the user had chosen (0 or absent: all). */
  chosen?: number;
  /** Asks or searches again without routing; no button when absent. */
  undo?: { label: string; onClick(): void };
}

/** One line saying which documents a question named and was kept to, and a way to search them all instead. */
export function RoutingNote({ routed, chosen, undo }: Props) {
  if (routed.length === 0) return null;
  return (
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
  );
}
