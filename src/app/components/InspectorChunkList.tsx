import type { Ref } from 'react';
import type { Chunk } from '../../core/types';
import { pagesLabel, sectionLabel } from '../format';
import { ChunkHeader } from './ChunkHeader';
import { OcrBadge } from './OcrBadge';

/** The chunks under the plot, the focused one (opened from an answer) marked and given `focusRef`. */
export function InspectorChunkList({ chunks, focused, focusRef }: { chunks: Chunk[]; focused?: Chunk; focusRef: Ref<HTMLLIElement> }) {
  return (
    <ol className="chunks" start={chunks[0] ? chunks[0].index + 1 : 1}>
      {chunks.map((c) => (
        <li
          key={c.id}
          value={c.index + 1}
          ref={c === focused ? focusRef : undefined}
          className={c === focused ? 'chunk focused' : 'chunk'}
          data-testid={c === focused ? 'focused-chunk' : 'chunk'}
          data-chunk={c.id}
        >
          <div className="muted small">
            chunk {c.index + 1} · sentences {c.sentenceStart + 1}–{c.sentenceEnd} · {c.text.length} chars {pagesLabel(c)} <OcrBadge ocr={c.ocr} />
            {c.sectionPath.length > 0 && ` · ${sectionLabel(c.sectionPath)}`}
          </div>
          <ChunkHeader header={c.header} />
          <p>{c.text}</p>
        </li>
      ))}
    </ol>
  );
}
