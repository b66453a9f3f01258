import { useEffect, useRef, useState } from 'react';
import { useApp } from '../context';
import { fileName } from '../format';
import type { Inspection } from '../../services/library';
import { SimilarityPlot } from './SimilarityPlot';
import { InspectorExplanation } from './InspectorExplanation';
import { InspectorChunkList } from './InspectorChunkList';
import { WINDOW, chunksShown, meanChunkChars, pairsBelow, windowStart } from './inspector-window';

export function InspectorView() {
  const { state, store } = useApp();
  const [from, setFrom] = useState(0);
  const [selected, setSelected] = useState<number | undefined>();
  const ins = state.inspection;
  const focused = ins && state.focusChunk ? ins.chunks.find((c) => c.id === state.focusChunk) : undefined;
  const focusRef = useRef<HTMLLIElement>(null);
  // A chunk opened from an answer: page the plot to it, then bring it into view.
  useEffect(() => {
    if (focused) setFrom(windowStart(focused.sentenceStart));
  }, [focused]);
  useEffect(() => {
    focusRef.current?.scrollIntoView({ block: 'center' });
  }, [focused, from]);
  // Opened with nothing chosen: show the first document rather than an empty page.
  const first = state.documents[0]?.id;
  useEffect(() => {
    if (!state.inspecting && first) void store.documents.inspect(first);
  }, [state.inspecting, first, store]);
  const pick = (
    <DocumentPick
      value={state.inspecting}
      documents={state.documents}
      onPick={(id) => {
        setFrom(0);
        void store.documents.inspect(id);
      }}
    />
  );
  if (!ins)
    return (
      <section className="inspector">
        {pick}
        {state.documents.length === 0 ? <p className="muted">Add a document in the Library to see how it was chunked.</p> : <p className="muted">Reading the chunks…</p>}
      </section>
    );

  const sims = ins.neighbourSims;
  return (
    <section className="inspector" data-testid="inspector">
      {pick}
      <InspectorExplanation ins={ins} />
      <p className="muted small" data-testid="inspector-summary">
        {ins.sentences.length} sentences → {ins.chunks.length} chunks · {pairsBelow(sims, ins.threshold)} of {sims.length} neighbour pairs below θ · mean chunk{' '}
        {meanChunkChars(ins.chunks)} characters
      </p>
      <div className="plot-nav">
        <button disabled={from === 0} onClick={() => setFrom(Math.max(0, from - WINDOW))}>
          ← Earlier
        </button>
        <span className="muted small">
          sentences {from + 1}–{Math.min(ins.sentences.length, from + WINDOW + 1)} of {ins.sentences.length}
        </span>
        <button disabled={from + WINDOW >= sims.length} onClick={() => setFrom(from + WINDOW)}>
          Later →
        </button>
      </div>
      <div className="plot-scroll">
        <SimilarityPlot
          sims={sims}
          threshold={ins.threshold}
          percentile={ins.percentile}
          chunks={ins.chunks}
          from={from}
          count={WINDOW}
          selected={selected}
          onSelectSentence={setSelected}
        />
      </div>
      {selected !== undefined && ins.sentences[selected + 1] && <SentencePair ins={ins} at={selected} />}
      <InspectorChunkList chunks={chunksShown(ins.chunks, from, focused)} focused={focused} focusRef={focusRef} />
    </section>
  );
}

/** Sentence `at` and the next, with their cosine similarity. */
function SentencePair({ ins, at }: { ins: Inspection; at: number }) {
  return (
    <div className="pair">
      <p>
        <b>Sentence {at + 1}:</b> {ins.sentences[at].text}
      </p>
      <p>
        <b>Sentence {at + 2}:</b> {ins.sentences[at + 1].text}
      </p>
      <p className="muted">cosine {ins.neighbourSims[at].toFixed(3)}</p>
    </div>
  );
}

function DocumentPick({ value, documents, onPick }: { value?: string; documents: Array<{ id: string; title: string; name: string }>; onPick(id: string): void }) {
  return (
    <label>
      Document{' '}
      <select value={value ?? ''} onChange={(e) => onPick(e.target.value)}>
        <option value="" disabled>
          Choose…
        </option>
        {documents.map((d) => (
          <option key={d.id} value={d.id}>
            {d.title} ({fileName(d.name)})
          </option>
        ))}
      </select>
    </label>
  );
}
