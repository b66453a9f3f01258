import { useEffect, type ReactNode } from 'react';
import { useApp } from '../context';
import { SAMPLE_DOCUMENT } from '../state';
import { score, thetaText } from '../format';
import type { ChunkerSettings } from '../../core/types';
import { AttributionLine, SourceUse } from './Attribution';
import { ChunkHeader } from './ChunkHeader';
import { GradeHistogram } from './GradeHistogram';
import { SegmentPlot } from './SegmentPlot';
import { SimilarityPlot } from './SimilarityPlot';
import { VERDICT_LABEL } from './pipeline-labels';

const SAMPLE_NAME = SAMPLE_DOCUMENT.split('/').pop()!;

interface Step {
  title: string;
  /** One or two sentences on what the stage does and why. */
  text: string;
  /** The step needs the question to have been asked. */
  needsAnswer?: boolean;
  body: () => ReactNode;
}

/**
 * A guided tour of one question through Sieve on the bundled sample document: sentences and
 * their similarities, chunks, candidates, duplicates, grades and threshold, segments, and the
 * answer with its attribution, each explained in a sentence or two.
 */
export function WalkthroughView({ onAskOwn }: { onAskOwn?: () => void } = {}) {
  const { state, store } = useApp();
  const sample = state.documents.find((d) => d.name === SAMPLE_NAME);
  const adding = state.jobs.some((j) => j.name === SAMPLE_NAME && (j.status === 'queued' || j.status === 'running'));
  const samples = state.sampleQuestions;
  const questions = samples && 'questions' in samples ? samples.questions : [];
  const { step } = state.walk;
  const question = state.walk.question ?? questions[0];
  const q = state.question;
  // The tour's own question: asked of the sample document only, not a whole-library question with the same words.
  const asked = q && sample && q.question === question && q.docIds?.length === 1 && q.docIds[0] === sample.id;

  useEffect(() => {
    void store.tour.loadSampleQuestions();
  }, [store]);
  useEffect(() => {
    if (sample && state.inspection?.document.id !== sample.id && state.inspecting !== sample.id) void store.documents.inspect(sample.id);
  }, [sample, state.inspection, state.inspecting, store]);

  if (!sample) {
    return (
      <section className="walk" data-testid="walkthrough">
        <h2>Walk-through: one question, stage by stage</h2>
        <p>
          This tour follows one question through everything Sieve does, on a short sample document about lighthouses (written for Sieve and public domain). It adds the document to
          your library; you can delete it afterwards.
        </p>
        <button type="button" disabled={adding} onClick={() => void store.tour.addSample()}>
          {adding ? 'Adding the sample document…' : 'Add the sample document and start'}
        </button>
      </section>
    );
  }

  const ins = state.inspection?.document.id === sample.id ? state.inspection : undefined;
  const rows = q?.result?.rows ?? q?.rows ?? [];
  const result = asked ? q?.result : undefined;
  const steps: Step[] = [
    {
      title: 'Sentences and their similarities',
      text:
        ins?.document.chunker.kind === 'semantic'
          ? 'The document is cut into sentences and each one is turned into a vector by the embedding model. The line shows how similar each sentence is to the next (cosine); where it dips below θ, the topic shifts.'
          : 'The document is cut into sentences and each one is turned into a vector by the embedding model. The line shows how similar each sentence is to the next (cosine). The semantic chunker cuts where it dips below θ; your chunker (chosen in Settings) cuts differently, as the next step shows.',
      body: () =>
        ins ? (
          <div className="plot-scroll">
            <SimilarityPlot sims={ins.neighbourSims} threshold={ins.threshold} percentile={ins.percentile} chunks={ins.chunks} from={0} count={ins.neighbourSims.length} />
          </div>
        ) : (
          <p className="muted">Loading the document…</p>
        ),
    },
    {
      title: 'Chunks',
      text: `${chunkingText(ins?.document.chunker, ins?.threshold, ins?.percentile)} Each chunk also gets a contextual header — title and section — that search sees but the chunk text does not contain.`,
      body: () =>
        ins ? (
          <ol className="walk-chunks small" data-testid="walk-chunks">
            {ins.chunks.map((c) => (
              <li key={c.id}>
                <ChunkHeader header={c.header} />
                {c.text}
              </li>
            ))}
          </ol>
        ) : null,
    },
    {
      title: 'The question',
      text: 'Pick a question. Sieve searches the chunks with BM25 (matching words) and with the question’s vector (matching meaning), then grades, filters and answers. This tour turns relevant segment extraction on for the question so you can see it.',
      body: () => (
        <div>
          <label>
            Question{' '}
            <select aria-label="Walk-through question" value={question ?? ''} onChange={(e) => store.tour.setWalk({ question: e.target.value })}>
              {questions.map((x) => (
                <option key={x}>{x}</option>
              ))}
            </select>
          </label>{' '}
          <button
            type="button"
            disabled={!question || q?.status === 'running'}
            onClick={() => {
              if (question) void store.tour.askInWalk(question, sample.id);
            }}
          >
            Ask it
          </button>{' '}
          {asked && (
            <span className="small" data-testid="walk-status" data-status={q.status}>
              {q.status === 'running'
                ? 'Working…'
                : q.status === 'done'
                  ? 'Answered: go on to see how.'
                  : q.status === 'failed'
                    ? `The question failed: ${q.error ?? 'unknown error'}`
                    : 'Cancelled.'}
            </span>
          )}
          {samples && 'error' in samples && (
            <p className="error" role="alert">
              {samples.error}
            </p>
          )}
        </div>
      ),
    },
    {
      title: 'Candidates',
      needsAnswer: true,
      text: 'The best-scoring chunks become candidates. Each score is scaled to 0–1 among the candidates and the two are mixed into one hybrid score, so a chunk can rank high by words, by meaning, or both.',
      body: () => (
        <table className="walk-table small cards" data-testid="walk-candidates">
          <thead>
            <tr>
              <th>#</th>
              <th>Chunk</th>
              <th>BM25</th>
              <th>Dense</th>
              <th>Hybrid</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.chunk.id}>
                <td data-label="#">{r.rank}</td>
                <td data-label="Chunk">{r.chunk.text.length > 90 ? `${r.chunk.text.slice(0, 90)}…` : r.chunk.text}</td>
                <td data-label="BM25">{score(r.bm25)}</td>
                <td data-label="Dense">{score(r.dense)}</td>
                <td data-label="Hybrid">{score(r.hybrid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ),
    },
    {
      title: 'Duplicates',
      needsAnswer: true,
      text: 'Candidates that say nearly the same thing as a better-ranked one (cosine above the redundancy limit, and the same figures and years) are dropped, so the answer’s room is not spent twice on one fact.',
      body: () => {
        const dups = rows.filter((r) => r.duplicateOf);
        return dups.length === 0 ? (
          <p data-testid="walk-duplicates">No candidate repeated a better one for this question: all {rows.length} go on to grading.</p>
        ) : (
          <ul data-testid="walk-duplicates">
            {dups.map((r) => (
              <li key={r.chunk.id}>
                #{r.rank} repeats #{r.duplicateOf!.rank} (cosine {r.duplicateOf!.similarity.toFixed(2)})
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      title: 'Grades and the threshold',
      needsAnswer: true,
      text: rows.some((r) => r.judged)
        ? 'The language model judged each candidate relevant or not; those it judged relevant (green) are kept whatever their grade, and the dashed line shows the threshold the grades alone would have set.'
        : result?.stages.some((s) => s.usage.calls > 0)
          ? 'The language model graded each candidate (a grade, a second look, and a critic); the threshold T (the dashed line) is set from the grades themselves. Chunks graded at or above it (green, right of the line) are kept; the rest (grey, left of it) are filtered.'
          : 'With no language model loaded, grades come from the retrieval scores and the critic’s checks; the threshold T (the dashed line) is set from the grades themselves. Chunks graded at or above it (green, right of the line) are kept; the rest (grey, left of it) are filtered.',
      body: () => (
        <div data-testid="walk-grades">
          <GradeHistogram rows={rows} threshold={result?.threshold} />
          <ul className="small">
            {rows
              .filter((r) => r.final !== undefined)
              .slice(0, 8)
              .map((r) => (
                <li key={r.chunk.id}>
                  #{r.rank}: grade {score(r.final!, 2)} — {r.verdict ? VERDICT_LABEL[r.verdict] : ''}
                  {r.reason ? ` (${r.reason})` : ''}
                </li>
              ))}
          </ul>
        </div>
      ),
    },
    {
      title: 'Segments',
      needsAnswer: true,
      text: 'Each chunk of the document gets a value: its relevance minus a penalty. The best runs of adjacent chunks (highest sums) become segments, so an answer that spans several chunks arrives in one piece and in order.',
      body: () =>
        result?.segments && result.segmentValues ? (
          <div data-testid="walk-segments">
            <SegmentPlot values={result.segmentValues} segments={result.segments} />
            <ol className="small">
              {result.segments.map((s) => (
                <li key={s.n}>
                  chunks {s.start + 1}–{s.end} (value {s.value.toFixed(2)}): {s.text.slice(0, 120)}…
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p data-testid="walk-segments">No segment was chosen for this question.</p>
        ),
    },
    {
      title: 'The answer and what it used',
      needsAnswer: true,
      text: 'The answer is written from the kept sources only. Attribution then checks which sources it cites and which of their sentences it actually reflects (sentence similarity), and how much of the key content it covers.',
      body: () =>
        result ? (
          <div data-testid="walk-answer">
            <p className="answer">{result.answer.text}</p>
            {result.attribution ? (
              <>
                <AttributionLine report={result.attribution} />
                <ul className="small">
                  {result.attribution.sources.map((s) => (
                    <li key={s.n}>
                      source [{s.n}]: <SourceUse report={result.attribution!} n={s.n} />
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="muted small">No attribution was measured for this answer.</p>
            )}
          </div>
        ) : null,
    },
  ];
  const current = steps[Math.min(step, steps.length - 1)];
  const answered = asked && q?.status === 'done';
  const blocked = current.needsAnswer && !answered;
  const canNext = step < steps.length - 1 && (answered || current.title !== 'The question');

  return (
    <section className="walk" data-testid="walkthrough">
      <h2>Walk-through: one question, stage by stage</h2>
      <nav className="walk-nav" aria-label="Walk-through steps">
        <button type="button" disabled={step === 0} onClick={() => store.tour.setWalk({ step: step - 1 })}>
          ← Back
        </button>
        <span data-testid="walk-step">
          Step {step + 1} of {steps.length}: <b>{current.title}</b>
        </span>
        <button type="button" disabled={!canNext} onClick={() => store.tour.setWalk({ step: step + 1 })}>
          Next →
        </button>
      </nav>
      <p className="walk-text">{current.text}</p>
      {blocked ? <p className="muted">Ask the question first (step 3).</p> : current.body()}
      {step >= steps.length - 1 && (
        <div className="walk-end" data-testid="walk-end">
          <p>That is the whole journey of one question. Ask your own of your documents, or take the sample out of your library.</p>
          <button type="button" onClick={() => onAskOwn?.()}>
            Try your own question
          </button>{' '}
          <button
            type="button"
            disabled={state.deleting?.includes(sample.id)}
            onClick={() => {
              store.tour.setWalk({ step: 0 });
              void store.documents.deleteDocument(sample.id);
            }}
          >
            {state.deleting?.includes(sample.id) ? 'Removing the sample…' : 'Remove the sample'}
          </button>
        </div>
      )}
    </section>
  );
}

/** How the sample's chunks were cut, in a sentence, for the chunker it was indexed with. */
function chunkingText(chunker: ChunkerSettings | undefined, threshold: number | undefined, percentile: number | undefined): string {
  if (chunker?.kind === 'fixed')
    return `The fixed-size chunker (chosen in Settings) cuts every ${chunker.size} characters, each chunk overlapping the last by ${chunker.overlap}, moving cuts to word boundaries.`;
  if (chunker?.kind === 'llm')
    return 'The language model chose these boundaries: after every token it gave the probability that a section ends there, and the chunker cut at the peaks.';
  const theta = threshold === undefined ? '' : ` (${thetaText(threshold, percentile).replace('θ = ', '')}${percentile !== undefined ? ' of this document’s similarities' : ''})`;
  return `Consecutive sentences stay in one chunk while their similarity stays at or above θ${theta}, and no chunk grows past its length limit.`;
}
