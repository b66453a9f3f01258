import { useEffect, useRef } from 'react';
import type { SourceView } from '../state';
import type { DocumentSource } from '../../services/library';

/** A document without pages to draw: its stored text, with the passage marked. */
export function TextSource({ source, v }: { source: DocumentSource; v: SourceView }) {
  const mark = useRef<HTMLElement>(null);
  const { text } = source;
  const { start, end } = v.chunk;
  const placed = start >= 0 && end <= text.length && end > start;
  useEffect(() => {
    mark.current?.scrollIntoView({ block: 'center', behavior: 'auto' });
  }, [v.chunk]);
  return (
    <div className="source-page-column">
      <p className={`source-note ${placed ? 'found' : 'not-found'}`} role="status" data-testid="source-note" data-placement={placed ? 'found' : 'not-found'}>
        {placed ? 'The cited passage is marked in the document’s text.' : 'This passage could not be placed in the document’s text. Its text is shown beside it.'}
      </p>
      <div className="source-text" data-testid="source-text" tabIndex={0} aria-label={`Text of ${source.document.title}`}>
        {placed ? (
          <>
            {text.slice(0, start)}
            <mark ref={mark} data-testid="highlight">
              {text.slice(start, end)}
            </mark>
            {text.slice(end)}
          </>
        ) : (
          text
        )}
      </div>
    </div>
  );
}
