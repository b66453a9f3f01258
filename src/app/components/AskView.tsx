import { useState, type ReactNode } from 'react';
import { useApp } from '../context';
import { ocrLabel, pagesLabel, sectionLabel } from '../format';
import { OcrBadge } from './OcrBadge';
import { findCitations, type CitationMark } from '../../core/pipeline/citations';
import type { CandidateRow, SegmentSource } from '../../core/pipeline/types';
import type { LlmStatus, QuestionState } from '../state';
import { llmModelName, type LlmSettings } from '../../core/settings';
import type { PipelineSettings } from '../../core/pipeline/settings';
import { estimateLibraryJudgeCost } from '../../core/pipeline/llm-retriever';
import { AttributionLine, SourceUse } from './Attribution';
import { PipelineView } from './PipelineView';
import { runningLabel } from './pipeline-labels';
import { DocumentFilter } from './DocumentFilter';
import { RoutingNote } from './RoutingNote';
import { ScopeLine } from './ScopeLine';

interface Props {
  /** Switch to the chunk inspector (after a citation or source was opened). */
  onInspect(): void;
  onSettings(): void;
}

export function AskView({ onInspect, onSettings }: Props) {
  const { state, store } = useApp();
  const q = state.question;
  const [question, setQuestion] = useState(q?.question ?? '');
  const running = q?.status === 'running';
  const open = (row: CandidateRow) => {
    void store.documents.openChunk(row.chunk.docId, row.chunk.id);
    onInspect();
  };
  /** Citations and sources open the passage where it came from. */
  const openSource = (row: CandidateRow) => void store.documents.openSource(row.chunk, 'answer');
  return (
    <section className="ask">
      <form
        className="query"
        onSubmit={(e) => {
          e.preventDefault();
          if (!running) void store.questions.ask(question);
        }}
      >
        <input aria-label="Question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Ask a question about your documents" />
        <DocumentFilter purpose="Documents to ask" documents={state.documents} scope={state.scope} onChange={(ids) => store.questions.setScope(ids)} />
        {/* Distinct keys: reusing one element would turn the clicked Cancel into a submit
            button before the click's default action runs, asking the question again. */}
        {running ? (
          <button key="cancel" type="button" onClick={() => q.cancel()}>
            Cancel
          </button>
        ) : (
          <button key="ask" type="submit" disabled={!question.trim()}>
            Ask
          </button>
        )}
      </form>
      <ModeLine llm={state.llm} settings={state.settings?.llm} question={q} onRetrievalOnly={() => void store.models.useRetrievalOnly()} onSettings={onSettings} />
      {state.documents.length === 0 && <p className="muted">Add documents in the Library first.</p>}
      {state.llm.state === 'ready' && state.settings && state.settings.pipeline.llmRetriever.use !== 'off' && (
        <p className="note small" data-testid="judge-estimate">
          {judgeNote(state.settings.pipeline.llmRetriever, state.documents)}
        </p>
      )}
      {q && <QuestionPanel q={q} onOpen={open} onOpenSource={openSource} onAskAll={() => void store.questions.askWithoutRouting()} />}
    </section>
  );
}

function ModeLine({
  llm,
  settings,
  question,
  onRetrievalOnly,
  onSettings,
}: {
  llm: LlmStatus;
  settings?: LlmSettings;
  question?: QuestionState;
  onRetrievalOnly(): void;
  onSettings(): void;
}) {
  const name = settings && settings.kind !== 'none' ? llmModelName(settings) : 'the language model';
  if (llm.state === 'failed') {
    return (
      <div className="llm-error" role="alert" data-testid="llm-error" data-code={llm.code}>
        <p>
          <strong>The language model {name} could not be loaded.</strong> {llm.error}
        </p>
        <p className="small">Questions are answered retrieval-only (quoted sentences, no language model) until another engine loads.</p>
        <div className="buttons">
          <button type="button" onClick={onRetrievalOnly}>
            Use retrieval-only
          </button>
          <button type="button" onClick={onSettings}>
            Choose another engine
          </button>
        </div>
      </div>
    );
  }
  const result = question?.status === 'done' ? question.result : undefined;
  const text = result
    ? result.mode === 'retrieval-only'
      ? 'Retrieval-only (no language model)'
      : `Answered by ${result.model ?? name}`
    : llm.state === 'ready'
      ? `Language model: ${llm.info?.model ?? name}${llm.info ? ` (${llm.info.engine}, ${llm.info.contextWindow} tokens of context)` : ''}`
      : llm.state === 'loading'
        ? `Loading ${name}… questions asked now are answered retrieval-only.`
        : 'Retrieval-only (no language model)';
  return (
    <p className="mode muted small" data-testid="ask-mode">
      {text}
    </p>
  );
}

function QuestionPanel({ q, onOpen, onOpenSource, onAskAll }: { q: QuestionState; onOpen(row: CandidateRow): void; onOpenSource(row: CandidateRow): void; onAskAll(): void }) {
  const result = q.result;
  const rows = result?.rows ?? q.rows;
  // One entry per source number: the best-ranked row in it (a segment holds several rows).
  const lead = new Map<number, CandidateRow>();
  for (const r of [...rows].sort((a, b) => a.rank - b.rank)) if (r.source !== undefined && !lead.has(r.source)) lead.set(r.source, r);
  const sources = [...lead.values()].sort((a, b) => a.source! - b.source!);
  const segments = new Map((result?.segments ?? q.segments ?? []).map((s) => [s.n, s]));
  const text = result?.answer.text ?? q.answer;
  return (
    <>
      <p className={`ask-status ${q.status}`} data-testid="ask-status" data-status={q.status} role="status">
        {q.status === 'running'
          ? `${runningLabel(q.stage, q.graded)}${q.judgeCost && q.stage === 'judge' ? ` (about ${q.judgeCost.calls} calls, ${formatTokens(q.judgeCost.promptTokens + q.judgeCost.generatedTokens)} tokens)` : ''}`
          : q.status === 'cancelled'
            ? 'Cancelled.'
            : q.status === 'failed'
              ? `The question failed: ${q.error ?? 'unknown error'}`
              : `Answered “${q.question}”${result && result.query !== result.question ? ` (searched as “${result.query}”)` : ''}.`}
      </p>
      {result && result.routed.length > 0 ? (
        <RoutingNote
          routed={result.routed}
          chosen={q.docIds?.length}
          undo={{ label: q.docIds ? 'Search all the chosen documents instead' : 'Search all documents instead', onClick: onAskAll }}
        />
      ) : (
        <ScopeLine docIds={q.docIds} unrouted={q.unrouted} testId="ask-scope" />
      )}
      {(text || q.status === 'running') && (
        <div className={`answer${q.status === 'running' ? ' streaming' : ''}`} data-testid="answer" aria-live="polite">
          <AnswerText text={text} sources={sources} citations={result?.answer.citations} onOpen={onOpenSource} />
          {q.status === 'running' && q.stage === 'answer' && <span className="cursor" aria-hidden="true" />}
        </div>
      )}
      {result?.attribution && <AttributionLine report={result.attribution} />}
      {result?.answer.extractive && !result.answer.notFound && (
        <p className="note small" data-testid="extractive-note">
          Retrieval-only: these sentences are quoted from your documents; no language model wrote them.
        </p>
      )}
      {result?.answer.notFound && (
        <p className="note small" data-testid="not-found-note">
          No candidate cleared the threshold, so the documents do not seem to answer this question.
        </p>
      )}
      {sources.length > 0 && (
        <div className="sources">
          <h3>Sources</h3>
          <ol data-testid="sources">
            {sources.map((r) => (
              <li key={r.chunk.id} value={r.source}>
                <button
                  type="button"
                  className="link source"
                  data-testid="source"
                  data-chunk={r.chunk.id}
                  data-source={r.source}
                  aria-label={`${r.title}: source [${r.source}]`}
                  onClick={() => onOpenSource(r)}
                >
                  {r.title}
                </button>{' '}
                {result?.attribution && <SourceUse report={result.attribution} n={r.source!} />}{' '}
                <span className="muted small">
                  {segments.has(r.source!)
                    ? segmentLabel(segments.get(r.source!)!)
                    : `${pagesLabel(r.chunk)}${r.chunk.sectionPath.length > 0 ? ` · ${sectionLabel(r.chunk.sectionPath)}` : ''}`}
                </span>{' '}
                <OcrBadge ocr={r.chunk.ocr} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {result && result.problems.length > 0 && (
        <div className="problems" data-testid="problems">
          <h4>Problems</h4>
          <ul className="small">
            {result.problems.slice(0, 5).map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
          {result.problems.length > 5 && (
            <details className="small">
              <summary>{result.problems.length - 5} more</summary>
              <ul>
                {result.problems.slice(5).map((p, i) => (
                  <li key={i}>{p}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      <PipelineView
        routed={result?.routed}
        rows={rows}
        stages={result?.stages ?? q.stages}
        threshold={result?.threshold}
        running={q.status === 'running' ? q.stage : undefined}
        onOpen={onOpen}
        onOpenSource={onOpenSource}
        segments={result?.segments ?? q.segments}
        segmentValues={result?.segmentValues ?? q.segmentValues}
      />
    </>
  );
}

/** What the LLM retriever will cost, estimated from the library before a question is asked. */
function judgeNote(r: PipelineSettings['llmRetriever'], docs: Array<{ chunkCount: number; charCount: number }>): string {
  const cost = estimateLibraryJudgeCost(docs, r);
  const tokens = formatTokens(cost.promptTokens + cost.generatedTokens);
  const scope = `all ${cost.chunks.toLocaleString()} chunks of your ${docs.length} document${docs.length === 1 ? '' : 's'}`;
  if (r.use === 'primary') return `LLM retriever on: the model will read ${scope} for each question — about ${cost.calls.toLocaleString()} calls and ${tokens} tokens.`;
  if (r.use === 'fallback')
    return `LLM retriever as fallback: when nothing clears the floor, the model reads ${scope} (about ${cost.calls.toLocaleString()} calls, ${tokens} tokens).`;
  return `LLM retriever refines: the model judges the top ${r.refineCandidates} candidates of each question.`;
}

function formatTokens(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString();
}

function segmentLabel(s: SegmentSource): string {
  const pages = s.pageStart === undefined ? '' : `${pagesLabel(s)} · `;
  const section = s.sectionPath.length ? ` · ${sectionLabel(s.sectionPath)}` : '';
  return `${pages}segment of ${s.end - s.start} adjacent chunks (${s.start + 1}–${s.end})${section}`;
}

/** The answer with its citation marks as buttons: the final answer's own marks, or those read from the text while it streams. */
function AnswerText({ text, sources, citations, onOpen }: { text: string; sources: CandidateRow[]; citations?: CitationMark[]; onOpen(row: CandidateRow): void }) {
  const bySource = new Map(sources.map((r) => [r.source!, r]));
  const marks = citations ?? findCitations(text, sources.length);
  const parts: ReactNode[] = [];
  let at = 0;
  marks.forEach((m, i) => {
    if (m.start > at) parts.push(<span key={`t${i}`}>{text.slice(at, m.start)}</span>);
    parts.push(
      <span
        key={`c${i}`}
        className={m.inferred ? 'cite inferred' : 'cite'}
        title={m.inferred ? 'Added by Sieve: the model wrote no citation, and this sentence matches this source' : undefined}
      >
        {m.inferred ? ' ' : ''}[
        {m.sources.map((n, k) => {
          const row = bySource.get(n);
          return (
            <span key={n}>
              {k > 0 && ', '}
              {row ? (
                <button
                  type="button"
                  className="citation"
                  data-testid="citation"
                  data-source={n}
                  data-chunk={row.chunk.id}
                  data-inferred={m.inferred ? 'true' : undefined}
                  title={`${m.inferred ? 'Matches ' : ''}${row.title} ${pagesLabel(row.chunk)}${row.chunk.ocr ? ` (${ocrLabel(row.chunk.ocr)})` : ''}`.trim()}
                  aria-label={`${m.inferred ? 'Matching source' : 'Source'} ${n}: ${row.title}`}
                  onClick={() => onOpen(row)}
                >
                  {n}
                </button>
              ) : (
                n
              )}
            </span>
          );
        })}
        ]
      </span>,
    );
    at = m.end;
  });
  if (at < text.length) parts.push(<span key="rest">{text.slice(at)}</span>);
  return <>{parts}</>;
}
