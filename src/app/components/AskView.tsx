import { useState } from 'react';
import { useApp } from '../context';
import type { CandidateRow } from '../../core/pipeline';
import type { QuestionState } from '../state';
import { AttributionLine } from './Attribution';
import { PipelineView } from './PipelineView';
import { DocumentFilter } from './DocumentFilter';
import { RoutingNote } from './RoutingNote';
import { ScopeLine } from './ScopeLine';
import { AnswerText } from './AnswerText';
import { FigureCard } from './FigureCard';
import { afterFigure, citationsAfter } from './figure-labels';
import type { Chunk } from '../../core/types';
import { ModeLine } from './ModeLine';
import { SourceList } from './SourceList';
import { ProblemList } from './ProblemList';
import { askStatusLabel, judgeNote, leadSources } from './ask-labels';
import { needsDocuments } from './library-empty';

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
        {/* Grows with the question, so a long one stays in sight; Enter asks, Shift+Enter starts a new line. */}
        <textarea
          aria-label="Question"
          rows={1}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="Ask a question about your documents"
        />
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
      <ModeLine
        llm={state.llm}
        settings={state.settings?.llm}
        siteModels={state.siteModels?.models}
        question={q}
        onRetrievalOnly={() => void store.models.useRetrievalOnly()}
        onSettings={onSettings}
      />
      {needsDocuments(state) && <p className="muted">Add documents in the Library first.</p>}
      {state.llm.state === 'ready' && state.settings && state.settings.pipeline.llmRetriever.use !== 'off' && (
        <p className="note small" data-testid="judge-estimate">
          {judgeNote(state.settings.pipeline.llmRetriever, state.documents)}
        </p>
      )}
      {q && (
        <QuestionPanel
          q={q}
          onOpen={open}
          onOpenSource={openSource}
          onOpenPassage={(chunk, cell) => void store.documents.openSource(chunk, 'answer', cell)}
          onAskAll={() => void store.questions.askWithoutRouting()}
          onAskOf={(docId) => void store.questions.askOf(docId)}
        />
      )}
    </section>
  );
}

function QuestionPanel({
  q,
  onOpen,
  onOpenSource,
  onOpenPassage,
  onAskAll,
  onAskOf,
}: {
  q: QuestionState;
  onOpen(row: CandidateRow): void;
  onOpenSource(row: CandidateRow): void;
  onOpenPassage(chunk: Chunk, cell: { raw: string; column: number }): void;
  onAskAll(): void;
  /** Asks again of one of the named company's other documents. */
  onAskOf(docId: string): void;
}) {
  const result = q.result;
  const rows = q.rows;
  const sources = leadSources(rows);
  const text = q.answer;
  // A computed figure shows as its own card; the answer below it is what follows (a language model's prose).
  const answerRest = afterFigure(text, q.status === 'done' ? result?.figure?.answer : undefined);
  const restCitations = citationsAfter(result?.answer.citations, answerRest.shift);
  return (
    <>
      <p className={`ask-status ${q.status}`} data-testid="ask-status" data-status={q.status} role="status">
        {askStatusLabel(q)}
      </p>
      {result && result.routed.length > 0 ? (
        <RoutingNote
          routed={result.routed}
          chosen={q.docIds?.length}
          undo={{ label: q.docIds ? 'Search all the chosen documents instead' : 'Search all documents instead', onClick: onAskAll }}
          onUseOther={onAskOf}
        />
      ) : (
        <ScopeLine docIds={q.docIds} unrouted={q.unrouted} running={q.status === 'running'} testId="ask-scope" />
      )}
      {result?.figure?.text && <FigureCard figure={result.figure} rows={rows} caution={result.lead?.caution} onOpenPassage={onOpenPassage} />}
      {(answerRest.text || q.status === 'running') && (
        <div className={`answer${q.status === 'running' ? ' streaming' : ''}`} data-testid="answer" aria-live="polite">
          <AnswerText text={answerRest.text} sources={sources} segments={q.segments} citations={restCitations} onOpen={onOpenSource} />
          {q.status === 'running' && q.stage === 'answer' && <span className="cursor" aria-hidden="true" />}
        </div>
      )}
      {result?.attribution && <AttributionLine report={result.attribution} extractive={result.answer.extractive} />}
      {result?.answer.extractive && !result.answer.notFound && (
        <p className="note small" data-testid="extractive-note">
          {result.figure?.answer
            ? 'Computed by Sieve from the table cells listed; no language model wrote it.'
            : `${result.mode === 'retrieval-only' ? 'Retrieval-only: these' : 'These'} sentences are quoted from your documents; no language model wrote them.`}
        </p>
      )}
      {result?.answer.notFound && (
        <p className="note small" data-testid="not-found-note">
          No candidate cleared the threshold, so the documents do not seem to answer this question.
        </p>
      )}
      {sources.length > 0 && (
        <SourceList sources={sources} segments={q.segments} attribution={result?.attribution} extractive={result?.answer.extractive} onOpenSource={onOpenSource} />
      )}
      {result && result.problems.length > 0 && <ProblemList problems={result.problems} />}
      <PipelineView
        routed={result?.routed}
        rows={rows}
        stages={q.stages}
        threshold={result?.threshold}
        running={q.status === 'running' ? q.stage : undefined}
        onOpen={onOpen}
        onOpenSource={onOpenSource}
        segments={q.segments}
        segmentValues={q.segmentValues}
      />
    </>
  );
}
