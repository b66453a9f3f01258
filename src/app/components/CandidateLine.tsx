import type { CandidateRow } from '../../core/pipeline';
import { pagesLabel } from '../format';
import { reasonInWords, scoreBar, snippet } from '../pipeline-rows';
import { CandidateDetails } from './CandidateDetails';
import { candidateDetailsId, candidateLineClass } from './candidate-line';
import { VERDICT_LABEL } from './pipeline-labels';

interface Props {
  row: CandidateRow;
  colour: number;
  threshold?: number;
  expanded: boolean;
  flash: boolean;
  onToggle(): void;
  onJump(chunkId: string): void;
  onOpen(row: CandidateRow): void;
  onOpenSource?(row: CandidateRow): void;
  lineRef(el: HTMLLIElement | null): void;
}

export function CandidateLine({ row: r, colour, threshold, expanded, flash, onToggle, onJump, onOpen, onOpenSource, lineRef }: Props) {
  const c = r.chunk;
  const verdict = r.verdict ?? 'pending';
  const detailsId = candidateDetailsId(c.id);
  const words = reasonInWords(r);
  const pages = pagesLabel(c);
  return (
    <li
      ref={lineRef}
      tabIndex={-1}
      data-testid="pipeline-row"
      data-verdict={verdict}
      data-chunk={c.id}
      data-source={r.source}
      className={candidateLineClass(r.verdict, expanded, flash)}
    >
      {/* A click anywhere on the line opens it too (pointer convenience; the button is the keyboard's and screen reader's way). */}
      <div
        className="cand-line"
        onClick={(e) => {
          if ((e.target as HTMLElement).closest('button, a, input') || window.getSelection()?.toString()) return;
          onToggle();
        }}
      >
        <button type="button" className="cand-toggle" aria-expanded={expanded} aria-controls={detailsId} aria-label={`Details for candidate ${r.rank}`} onClick={onToggle}>
          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
        </button>
        <span className="cand-rank" title="Rank in hybrid retrieval">
          <span className="visually-hidden">Candidate </span>
          {r.rank}
        </span>
        <span className={`doc-chip doc-${colour}`} data-testid="row-doc" title={r.title}>
          {r.title}
        </span>
        <span className="cand-page" title={pages}>
          {pages}
        </span>
        <span className="cand-snippet" title={snippet(c.text, 400)}>
          {snippet(c.text)}
        </span>
        <CandidateScoreBar row={r} threshold={threshold} />
        <CandidateVerdict row={r} words={words} />
      </div>
      <CandidateDetails id={detailsId} row={r} expanded={expanded} words={words} pages={pages} threshold={threshold} onJump={onJump} onOpen={onOpen} onOpenSource={onOpenSource} />
    </li>
  );
}

function CandidateScoreBar({ row, threshold }: { row: CandidateRow; threshold?: number }) {
  const bar = scoreBar(row, threshold);
  return (
    <span className={`score-bar ${bar.kind === 'final grade' ? 'graded' : 'ungraded'}`} title={bar.label}>
      <span className="track" role="img" aria-label={bar.label}>
        <span className="fill" style={{ width: `${(bar.fraction * 100).toFixed(1)}%` }} />
        {bar.threshold !== undefined && <span className="tick" style={{ left: `${(bar.threshold * 100).toFixed(1)}%` }} />}
      </span>
      <span className="value" aria-hidden="true">
        {bar.value.toFixed(2)}
      </span>
    </span>
  );
}

function CandidateVerdict({ row: r, words }: { row: CandidateRow; words: string }) {
  const g = r.grade;
  return (
    <span className="cand-verdict">
      <span className={`verdict ${r.verdict ?? 'pending'}`}>{r.verdict ? VERDICT_LABEL[r.verdict] : '…'}</span>
      {r.source !== undefined && (
        <span className="source-no" title={`Source [${r.source}] of the answer: the number its citations use`}>
          [{r.source}]
        </span>
      )}
      {g && g.problems.length > 0 && (
        <span className="warn" title={g.problems.join('\n')}>
          ⚠<span className="visually-hidden"> grading problems: {g.problems.join('; ')}</span>
        </span>
      )}{' '}
      <span className="small reason" data-testid="row-reason" title={words}>
        {words}
      </span>
    </span>
  );
}
