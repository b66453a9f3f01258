import { ChunkHeader } from './ChunkHeader';
import { useEffect, useRef, useState } from 'react';
import type { AskResult, CandidateRow, SegmentSource, StageName, StageTrace } from '../../core/pipeline/types';
import type { ThresholdResult } from '../../core/pipeline/threshold';
import { shown } from '../../core/pipeline/precision';
import { pagesLabel, score, sectionLabel } from '../format';
import { GradeHistogram } from './GradeHistogram';
import { SegmentPlot } from './SegmentPlot';
import { detailText, STAGE_NAME, VERDICT_LABEL } from './pipeline-labels';
import { RoutingNote } from './RoutingNote';
import type { RoutedDocument } from '../../core/card';
import { docColours, effectiveFilter, filterCounts, filterRows, reasonInWords, scoreBar, snippet, type RowFilter } from '../pipeline-rows';
import './score-bar.css';
import './pipeline.css';

interface Props {
  rows: CandidateRow[];
  stages: StageTrace[];
  threshold?: ThresholdResult;
  /** The stage running now, if any. */
  running?: StageName;
  onOpen(row: CandidateRow): void;
  /** Opens the candidate's passage in its document (the source viewer). */
  onOpenSource?(row: CandidateRow): void;
  segments?: SegmentSource[];
  segmentValues?: AskResult['segmentValues'];
  /** The documents the question named and retrieval was kept to. */
  routed?: RoutedDocument[];
}

/**
 * Every candidate and what each stage decided about it, the grade histogram with the
 * threshold, and the time and LLM use of each stage.
 */
export function PipelineView({ rows, stages, threshold, running, onOpen, onOpenSource, segments, segmentValues, routed }: Props) {
  return (
    <section className="pipeline" aria-label="Pipeline">
      <h3>Pipeline</h3>
      {routed && <RoutingNote routed={routed} />}
      <div className="pipeline-overview">
        <GradeHistogram rows={rows} threshold={threshold} />
        <StageTable stages={stages} running={running} />
      </div>
      {rows.length === 0 ? (
        <p className="muted small">{running ? 'No candidates yet.' : 'No chunk was retrieved.'}</p>
      ) : (
        <CandidateList rows={rows} threshold={threshold?.threshold} onOpen={onOpen} onOpenSource={onOpenSource} />
      )}
      {segments && segmentValues && (
        <div className="segments">
          <h4>Relevant segments</h4>
          <ol className="small" data-testid="segments">
            {segments.map((s) => (
              <li key={s.n} value={s.n}>
                chunks {s.start + 1}–{s.end} of {s.title}, value {s.value.toFixed(2)}, {s.text.length} characters
              </li>
            ))}
          </ol>
          <SegmentPlot values={segmentValues} segments={segments} />
        </div>
      )}
    </section>
  );
}

interface ListProps {
  rows: CandidateRow[];
  threshold?: number;
  onOpen(row: CandidateRow): void;
  onOpenSource?(row: CandidateRow): void;
}

/** One compact line per candidate, filtered by verdict; each line opens in place to show everything about it. */
function CandidateList({ rows, threshold, onOpen, onOpenSource }: ListProps) {
  const [chosen, setChosen] = useState<RowFilter>('all');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [jump, setJump] = useState<string>();
  const [flash, setFlash] = useState<string>();
  const lines = useRef(new Map<string, HTMLLIElement>());
  const filter = effectiveFilter(rows, chosen);
  const counts = filterCounts(rows);
  const shownRows = filterRows(rows, filter);
  const colours = docColours(rows);
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  // A duplicate's link: show the row it repeats (whatever the filter), scroll to it and focus it.
  useEffect(() => {
    if (!jump) return;
    const el = lines.current.get(jump);
    if (!el) return;
    el.scrollIntoView({ block: 'center', behavior: 'smooth' });
    el.focus({ preventScroll: true });
    setFlash(jump);
    setJump(undefined);
    const t = setTimeout(() => setFlash(undefined), 1600);
    return () => clearTimeout(t);
  }, [jump, filter]);
  const jumpTo = (chunkId: string) => {
    if (!filterRows(rows, filter).some((r) => r.chunk.id === chunkId)) setChosen('all');
    setJump(chunkId);
  };
  const options: Array<{ value: RowFilter; label: string; count: number }> = [
    { value: 'all', label: 'All', count: counts.all },
    { value: 'kept', label: 'Kept', count: counts.kept },
    { value: 'filtered', label: 'Filtered', count: counts.filtered },
    ...counts.reasons.map((r) => ({ value: r.verdict, label: VERDICT_LABEL[r.verdict], count: r.count })),
  ];
  return (
    <div className="candidates-block">
      <p className="muted small" data-testid="pipeline-summary">
        {counts.all} candidates · {counts.kept} kept · {counts.filtered} filtered
      </p>
      <fieldset className="row-filter" data-testid="row-filter">
        <legend className="small">Show</legend>
        {options.map((o, i) => (
          <label key={o.value} className={`${filter === o.value ? 'on' : ''}${i === 3 ? ' first-reason' : ''}${i >= 3 ? ` reason ${o.value}` : ''}`}>
            <input type="radio" name="pipeline-filter" value={o.value} checked={filter === o.value} onChange={() => setChosen(o.value)} />
            {o.label} <span className="count">{o.count}</span>
          </label>
        ))}
      </fieldset>
      <div className="cand-head small" aria-hidden="true">
        <span />
        <span>#</span>
        <span>Document</span>
        <span>Page</span>
        <span>Text</span>
        <span title="The final grade the threshold is applied to (the retrieval score before grading)">Grade</span>
        <span>Verdict and reason</span>
      </div>
      <ol className="cand-list" aria-label="Candidate chunks">
        {shownRows.map((r) => (
          <CandidateLine
            key={r.chunk.id}
            row={r}
            colour={colours.get(r.chunk.docId) ?? 0}
            threshold={threshold}
            expanded={open.has(r.chunk.id)}
            flash={flash === r.chunk.id}
            onToggle={() => toggle(r.chunk.id)}
            onJump={jumpTo}
            onOpen={onOpen}
            onOpenSource={onOpenSource}
            lineRef={(el) => {
              if (el) lines.current.set(r.chunk.id, el);
              else lines.current.delete(r.chunk.id);
            }}
          />
        ))}
      </ol>
      {shownRows.length < rows.length && (
        <p className="muted small">
          {rows.length - shownRows.length} more hidden by the filter.{' '}
          <button type="button" className="link" onClick={() => setChosen('all')}>
            Show all
          </button>
        </p>
      )}
    </div>
  );
}

interface LineProps {
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

function CandidateLine({ row: r, colour, threshold, expanded, flash, onToggle, onJump, onOpen, onOpenSource, lineRef }: LineProps) {
  const c = r.chunk;
  const g = r.grade;
  const verdict = r.verdict ?? 'pending';
  const filtered = r.verdict !== undefined && r.verdict !== 'kept';
  const bar = scoreBar(r, threshold);
  const detailsId = `cand-details-${c.id.replace(/[^\w-]/g, '_')}`;
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
      className={`cand verdict-${verdict}${filtered ? ' filtered' : ''}${expanded ? ' open' : ''}${flash ? ' flash' : ''}`}
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
        <span className="cand-page">{pages}</span>
        <span className="cand-snippet" title={snippet(c.text, 400)}>
          {snippet(c.text)}
        </span>
        <span className={`score-bar ${bar.kind === 'final grade' ? 'graded' : 'ungraded'}`} title={bar.label}>
          <span className="track" role="img" aria-label={bar.label}>
            <span className="fill" style={{ width: `${(bar.fraction * 100).toFixed(1)}%` }} />
            {bar.threshold !== undefined && <span className="tick" style={{ left: `${(bar.threshold * 100).toFixed(1)}%` }} />}
          </span>
          <span className="value" aria-hidden="true">
            {bar.value.toFixed(2)}
          </span>
        </span>
        <span className="cand-verdict">
          <span className={`verdict ${verdict}`}>{r.verdict ? VERDICT_LABEL[r.verdict] : '…'}</span>
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
      </div>
      <div className="cand-details" id={detailsId} hidden={!expanded} data-testid="row-details">
        <div className="cand-text">
          {c.header ? <ChunkHeader header={c.header} /> : c.sectionPath.length > 0 && <div className="chunk-header small">{sectionLabel(c.sectionPath)}</div>}
          <p data-testid="row-text">{c.text}</p>
          <div className="cand-actions">
            <button type="button" onClick={() => onOpen(r)} aria-label={`Show in the inspector: candidate ${r.rank}`}>
              Show in the inspector
            </button>
            {onOpenSource && (
              <button
                type="button"
                onClick={() => onOpenSource(r)}
                aria-label={`${c.pageStart !== undefined ? 'View page' : 'View in document'}: candidate ${r.rank} in ${r.title}${pages ? `, ${pages}` : ''}`}
              >
                {c.pageStart !== undefined ? 'View page' : 'View in document'}
              </button>
            )}
          </div>
        </div>
        <dl className="cand-scores small">
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
          {g && g.problems.length > 0 && (
            <>
              <dt>Problems</dt>
              <dd>{g.problems.join('; ')}</dd>
            </>
          )}
        </dl>
      </div>
    </li>
  );
}

function StageTable({ stages, running }: { stages: StageTrace[]; running?: StageName }) {
  const total = stages.reduce(
    (t, s) => ({ ms: t.ms + s.ms, calls: t.calls + s.usage.calls, prompt: t.prompt + s.usage.promptTokens, generated: t.generated + s.usage.generatedTokens }),
    { ms: 0, calls: 0, prompt: 0, generated: 0 },
  );
  return (
    <table className="stages" aria-label="Time and LLM use of each stage">
      <thead>
        <tr>
          <th>Stage</th>
          <th className="num" title="Time in milliseconds">
            ms
          </th>
          <th className="num">LLM calls</th>
          <th className="num" title="Prompt tokens">
            Tokens in
          </th>
          <th className="num" title="Generated tokens">
            Tokens out
          </th>
          <th>Detail</th>
        </tr>
      </thead>
      <tbody>
        {stages.map((s, i) => (
          <tr key={`${s.stage}-${i}`} data-testid="stage-row" data-stage={s.stage}>
            <td className="stage-name">{STAGE_NAME[s.stage]}</td>
            <td className="num" data-label="ms">
              {s.ms.toFixed(0)}
            </td>
            <td className="num" data-testid="stage-calls" data-label="LLM calls">
              {s.usage.calls}
            </td>
            <td className="num" data-label="tokens in">
              {s.usage.promptTokens}
            </td>
            <td className="num" data-testid="stage-generated" data-label="tokens out">
              {s.usage.generatedTokens}
            </td>
            <td className="small detail">{detailText(s.detail)}</td>
          </tr>
        ))}
        {running && !stages.some((s) => s.stage === running) && (
          <tr className="running" data-testid="stage-running">
            <td>{STAGE_NAME[running]}</td>
            <td colSpan={5} className="muted">
              running…
            </td>
          </tr>
        )}
      </tbody>
      {stages.length > 0 && (
        <tfoot>
          <tr data-testid="stage-total">
            <th>Total</th>
            <td className="num" data-label="ms">
              {total.ms.toFixed(0)}
            </td>
            <td className="num" data-testid="total-calls" data-label="LLM calls">
              {total.calls}
            </td>
            <td className="num" data-label="tokens in">
              {total.prompt}
            </td>
            <td className="num" data-testid="total-generated" data-label="tokens out">
              {total.generated}
            </td>
            <td className="detail" />
          </tr>
        </tfoot>
      )}
    </table>
  );
}
