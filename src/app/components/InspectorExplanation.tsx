import { thetaText } from '../format';
import type { Inspection } from '../../services/library';

/** What the similarity plot shows, and how the document's chunker used it. */
export function InspectorExplanation({ ins }: { ins: Inspection }) {
  return (
    <p className="explain">
      Each dot is the cosine similarity between one sentence and the next, from the embedding model.
      {ins.threshold !== undefined ? (
        <>
          {' '}
          The semantic chunker keeps sentences together while this stays at or above {thetaText(ins.threshold, ins.percentile)} (the dashed line) and the chunk stays within{' '}
          {ins.document.chunker.kind === 'semantic' ? ins.document.chunker.maxChars : 0} characters; a red dot below θ starts a new chunk (vertical lines). A new heading also
          starts one.
          {ins.percentile !== undefined && <> θ comes from this document’s own similarities: about {ins.percentile}% of its neighbour pairs lie below it.</>}
        </>
      ) : (
        <> This document was cut into fixed-size chunks, so the similarities did not decide the boundaries.</>
      )}
    </p>
  );
}
