import { type CandidateRow, shown } from '../../core/pipeline';
import { score } from '../format';
import { VERDICT_LABEL } from './pipeline-labels';

interface Props {
  row: CandidateRow;
  /** The verdict's reason in words. */
  words: string;
  threshold?: number;
  onJump(chunkId: string): void;
}

/** A candidate's figures, stage by stage: retrieval, then grading, then its place in the answer. */
export function CandidateScores({ row, words, threshold, onJump }: Props) {
  return (
    <dl className="cand-scores small">
      <RetrievalScores row={row} words={words} onJump={onJump} />
      <GradeScores row={row} threshold={threshold} />
    </dl>
  );
}

function RetrievalScores({ row: r, words, onJump }: Omit<Props, 'threshold'>) {
  return (
    <>
      <dt>Verdict</dt>
      <dd>
        {r.verdict ? VERDICT_LABEL[r.verdict] : 'not decided yet'}
        {r.verdict && <span className="muted">: {words}</span>}
      </dd>
      <dt title="Rank in hybrid retrieval">Rank</dt>
      <dd>#{r.rank}</dd>
      <dt title="BM25 keyword score, min-max normalised over the candidates (raw in brackets)">BM25</dt>
      <dd>
        {score(r.bm25Norm, 2)} <span className="muted">(raw {score(r.bm25, 3)})</span>
      </dd>
      <dt title="Cosine similarity of query and chunk, min-max normalised (raw in brackets)">Dense</dt>
      <dd>
        {score(r.denseNorm, 2)} <span className="muted">(cosine {score(r.dense, 3)})</span>
      </dd>
      <dt title="Weighted sum of the normalised scores">Hybrid</dt>
      <dd>{score(r.hybrid, 3)}</dd>
      {r.duplicateOf && (
        <>
          <dt title="A better-ranked candidate this one nearly repeats">Duplicate of</dt>
          <dd>
            <button
              type="button"
              className="link"
              onClick={() => onJump(r.duplicateOf!.chunkId)}
              aria-label={`Go to candidate ${r.duplicateOf.rank}, which candidate ${r.rank} repeats`}
            >
              #{r.duplicateOf.rank}
            </button>{' '}
            <span className="muted">({Math.round(r.duplicateOf.similarity * 100)}% similar)</span>
          </dd>
        </>
      )}
    </>
  );
}

function GradeScores({ row: r, threshold }: { row: CandidateRow; threshold?: number }) {
  const g = r.grade;
  return (
    <>
      <dt title="The LLM's relevance grade (the retrieval score without a model)">Base grade</dt>
      <dd data-testid="grade-base">{g ? g.base.toFixed(2) : '—'}</dd>
      <dt title="The self-reflection grade">Reflection</dt>
      <dd>{g?.reflection !== undefined ? g.reflection.toFixed(2) : '—'}</dd>
      <dt title="The critic's score (years, figures, query-word coverage)">Critic</dt>
      <dd>
        {g ? g.critic.score.toFixed(2) : '—'}
        {g && g.critic.notes.length > 0 && <span className="muted"> ({g.critic.notes.join('; ')})</span>}
      </dd>
      {r.judged && (
        <>
          <dt title="The LLM retriever's judgement">LLM judged</dt>
          <dd>
            {r.judged.relevant ? 'relevant' : 'not relevant'} ({r.judged.grade.toFixed(2)}){r.judged.problem && <span className="muted"> — {r.judged.problem}</span>}
          </dd>
        </>
      )}
      <dt title="Weighted combination the threshold applies to">Final grade</dt>
      <dd className="strong">
        {r.final !== undefined ? shown(r.final) : '—'}
        {threshold !== undefined && r.final !== undefined && <span className="muted"> (threshold {shown(threshold)})</span>}
      </dd>
      <AnswerUse row={r} />
    </>
  );
}

function AnswerUse({ row: r }: { row: CandidateRow }) {
  const problems = r.grade?.problems ?? [];
  return (
    <>
      <dt title="Cross-encoder score">Rerank</dt>
      <dd>{r.rerank !== undefined ? r.rerank.toFixed(3) : '—'}</dd>
      <dt title="Position in the answer's context: the number citations use">Source</dt>
      <dd>{r.source !== undefined ? `[${r.source}]` : 'not given to the answer'}</dd>
      {r.statement && (
        <>
          <dt>Statement</dt>
          <dd>{r.statement}</dd>
        </>
      )}
      {problems.length > 0 && (
        <>
          <dt>Problems</dt>
          <dd>{problems.join('; ')}</dd>
        </>
      )}
    </>
  );
}
