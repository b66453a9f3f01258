import { useEffect, useRef, useState } from 'react';
import type { CandidateRow } from '../../core/pipeline';
import { filterRows, type RowFilter } from '../pipeline-rows';

/**
 * Going to a candidate from a duplicate's link: the lines by chunk id, the one to go to, and the
 * one flashing for a moment once it is there.
 */
export function useCandidateJump(rows: CandidateRow[], filter: RowFilter, showAll: () => void) {
  const [jump, setJump] = useState<string>();
  const [flash, setFlash] = useState<string>();
  const lines = useRef(new Map<string, HTMLLIElement>());
  // A duplicate's link: show the row it repeats (whatever the filter), scroll to it and focus it.
  useEffect(() => {
    if (!jump) return;
    const el = lines.current.get(jump);
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.focus({ preventScroll: true });
    setFlash(jump);
    setJump(undefined);
    const t = setTimeout(() => setFlash(undefined), 1600);
    return () => clearTimeout(t);
  }, [jump, filter]);
  const jumpTo = (chunkId: string) => {
    if (!filterRows(rows, filter).some((r) => r.chunk.id === chunkId)) showAll();
    setJump(chunkId);
  };
  const lineRef = (chunkId: string) => (el: HTMLLIElement | null) => {
    if (el) lines.current.set(chunkId, el);
    else lines.current.delete(chunkId);
  };
  return { flash, jumpTo, lineRef };
}
