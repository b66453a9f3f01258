import { ChunkHeader } from './ChunkHeader';
import { useEffect, useRef, useState } from 'react';
import { useApp } from '../context';
import { fileName, pagesLabel, sectionLabel, thetaText } from '../format';
import { OcrBadge } from './OcrBadge';
import { SimilarityPlot } from './SimilarityPlot';

const WINDOW = 120;
const CHUNKS_SHOWN = 60;

export function InspectorView() {
  const { state, store } = useApp();
  const [from, setFrom] = useState(0);
  const [selected, setSelected] = useState<number | undefined>();
  const ins = state.inspection;
  const focused = ins && state.focusChunk ? ins.chunks.find((c) => c.id === state.focusChunk) : undefined;
  const focusRef = useRef<HTMLLIElement>(null);
  // A chunk opened from an answer: page the plot to it, then bring it into view.
  useEffect(() => {
    if (focused) setFrom(Math.floor(focused.sentenceStart / WINDOW) * WINDOW);
  }, [focused]);
  useEffect(() => {
    focusRef.current?.scrollIntoView({ block: 'center' });
  }, [focused, from]);
  const pick = (
    <label>
      Document{' '}
      <select
        value={state.inspecting ?? ''}
        onChange={(e) => {
          setFrom(0);
          void store.documents.inspect(e.target.value);
        }}
      >
        <option value="" disabled>
          Choose…
        </option>
        {state.documents.map((d) => (
          <option key={d.id} value={d.id}>
            {d.title} ({fileName(d.name)})
          </option>
        ))}
      </select>
    </label>
  );
  if (!ins) return <section className="inspector">{pick}</section>;

  const sims = ins.neighbourSims;
  const inWindow = ins.chunks.filter((c) => c.sentenceEnd > from && c.sentenceStart < from + WINDOW + 1);
  const focusAt = focused ? inWindow.indexOf(focused) : -1;
  const firstShown = focusAt >= CHUNKS_SHOWN ? focusAt - CHUNKS_SHOWN / 2 : 0;
  const visibleChunks = inWindow.slice(firstShown, firstShown + CHUNKS_SHOWN);
  const below = ins.threshold === undefined ? 0 : sims.filter((s) => s < ins.threshold!).length;
  return (
    <section className="inspector" data-testid="inspector">
      {pick}
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
      <p className="muted small" data-testid="inspector-summary">
        {ins.sentences.length} sentences → {ins.chunks.length} chunks · {below} of {sims.length} neighbour pairs below θ · mean chunk{' '}
        {ins.chunks.length ? Math.round(ins.chunks.reduce((t, c) => t + c.text.length, 0) / ins.chunks.length) : 0} characters
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
      {selected !== undefined && ins.sentences[selected + 1] && (
        <div className="pair">
          <p>
            <b>Sentence {selected + 1}:</b> {ins.sentences[selected].text}
          </p>
          <p>
            <b>Sentence {selected + 2}:</b> {ins.sentences[selected + 1].text}
          </p>
          <p className="muted">cosine {sims[selected].toFixed(3)}</p>
        </div>
      )}
      <ol className="chunks" start={visibleChunks[0] ? visibleChunks[0].index + 1 : 1}>
        {visibleChunks.map((c) => (
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
    </section>
  );
}
