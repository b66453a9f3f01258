import { ChunkHeader } from './ChunkHeader';
import { useState } from 'react';
import type { AskResult, CandidateRow, SegmentSource, StageName, StageTrace } from '../../core/pipeline/types';
import type { ThresholdResult } from '../../core/pipeline/threshold';
import { shown } from '../../core/pipeline/precision';
import { pagesLabel, score, sectionLabel } from '../format';
import { GradeHistogram } from './GradeHistogram';
import { SegmentPlot } from './SegmentPlot';
import { detailText, STAGE_NAME, VERDICT_LABEL } from './pipeline-labels';
import { RoutingNote } from './RoutingNote';
import type { RoutedDocument } from '../../core/card';

const SHORT = 140;

interface Props {
  rows: CandidateRow[];
  stages: StageTrace[];
  threshold?: ThresholdResult;
  /** The stage running now, if any. */
  running?: StageName;
  onOpen(row: CandidateRow): void;
  segments?: SegmentSource[];
  segmentValues?: AskResult['segmentValues'];
  /** The documents the question named and retrieval was kept to. */
  routed?: RoutedDocument[];
}

/**
 * Every candidate and what each stage decided about it, the grade histogram with the
 * threshold, and the time and LLM use of each stage.
 */
export function PipelineView({ rows, stages, threshold, running, onOpen, segments, segmentValues, routed }: Props) {
  return (
    <section className="pipeline" aria-label="Pipeline">
      <h3>Pipeline</h3>
      {routed && <RoutingNote routed={routed} />}
      {rows.length === 0 ? (
        <p className="muted small">{running ? 'No candidates yet.' : 'No chunk was retrieved.'}</p>
      ) : (
        <CandidateTable rows={rows} onOpen={onOpen} />
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
      <div className="pipeline-bottom">
        <GradeHistogram rows={rows} threshold={threshold} />
        <StageTable stages={stages} running={running} />
      </div>
    </section>
  );
}

function CandidateTable({ rows, onOpen }: { rows: CandidateRow[]; onOpen(row: CandidateRow): void }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const kept = rows.filter((r) => r.verdict === 'kept').length;
  return (
    <>
      <p className="muted small" data-testid="pipeline-summary">
        {rows.length} candidates · {kept} kept · {rows.filter((r) => r.verdict && r.verdict !== 'kept').length} filtered
      </p>
      <div className="table-scroll">
        <table className="candidates">
          <thead>
            <tr>
              <th title="Rank in hybrid retrieval">#</th>
              <th>Document</th>
              <th>Text</th>
              <th title="BM25 keyword score (normalised)">BM25</th>
              <th title="Cosine similarity of query and chunk (normalised)">Dense</th>
              <th title="Weighted sum of the normalised scores">Hybrid</th>
              <th title="A better-ranked candidate this one nearly repeats">Dup. of</th>
              <th title="The LLM's relevance grade (retrieval score without a model)">Base</th>
              <th title="The self-reflection grade">Refl.</th>
              <th title="The critic's score (years, figures, query-word coverage)">Critic</th>
              <th title="Weighted combination the threshold applies to">Final</th>
              <th title="Cross-encoder score">Rerank</th>
              <th>Verdict</th>
              <th>Reason</th>
              <th title="Position in the answer's context: the number citations use">Order</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const c = r.chunk;
              const long = c.text.length > SHORT;
              const expanded = open.has(c.id);
              const g = r.grade;
              const filtered = r.verdict !== undefined && r.verdict !== 'kept';
              return (
                <tr
                  key={c.id}
                  data-testid="pipeline-row"
                  data-verdict={r.verdict ?? 'pending'}
                  data-chunk={c.id}
                  data-source={r.source}
                  className={`verdict-${r.verdict ?? 'pending'}${filtered ? ' filtered' : ''}`}
                >
                  <td className="num">{r.rank}</td>
                  <td className="doc">
                    <button type="button" className="link" onClick={() => onOpen(r)} title="Show this chunk in the inspector">
                      {r.title}
                    </button>
                    <div className="muted small">
                      {pagesLabel(c)}
                      {c.sectionPath.length > 0 && ` ${sectionLabel(c.sectionPath)}`}
                    </div>
                  </td>
                  <td className="text">
                    <ChunkHeader header={c.header} />
                    <span data-testid="row-text">{expanded || !long ? c.text : `${c.text.slice(0, SHORT).trimEnd()}…`}</span>
                    {long && (
                      <button type="button" className="link small" aria-expanded={expanded} onClick={() => toggle(c.id)}>
                        {expanded ? 'less' : 'more'}
                      </button>
                    )}
                  </td>
                  <td className="num" title={`raw ${score(r.bm25, 3)}`}>
                    {score(r.bm25Norm, 2)}
                  </td>
                  <td className="num" title={`raw cosine ${score(r.dense, 3)}`}>
                    {score(r.denseNorm, 2)}
                  </td>
                  <td className="num">{score(r.hybrid, 3)}</td>
                  <td className="num">{r.duplicateOf ? `#${r.duplicateOf.rank} (${r.duplicateOf.similarity.toFixed(2)})` : ''}</td>
                  <td className="num" data-testid="grade-base">
                    {g ? g.base.toFixed(2) : ''}
                    {g && g.problems.length > 0 && (
                      <span className="warn" title={g.problems.join('\n')} aria-label={`problems: ${g.problems.join('; ')}`}>
                        {' '}
                        ⚠
                      </span>
                    )}
                  </td>
                  <td className="num">{g?.reflection !== undefined ? g.reflection.toFixed(2) : g ? '–' : ''}</td>
                  <td className="num" title={g?.critic.notes.join('; ')}>
                    {g ? g.critic.score.toFixed(2) : ''}
                  </td>
                  <td className="num strong">{r.final !== undefined ? shown(r.final) : ''}</td>
                  <td className="num">{r.rerank !== undefined ? r.rerank.toFixed(3) : ''}</td>
                  <td>
                    <span className={`verdict ${r.verdict ?? 'pending'}`}>{r.verdict ? VERDICT_LABEL[r.verdict] : '…'}</span>
                  </td>
                  <td className="small reason" data-testid="row-reason">{r.reason}</td>
                  <td className="num strong">{r.source !== undefined ? `[${r.source}]` : ''}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

function StageTable({ stages, running }: { stages: StageTrace[]; running?: StageName }) {
  const total = stages.reduce(
    (t, s) => ({ ms: t.ms + s.ms, calls: t.calls + s.usage.calls, prompt: t.prompt + s.usage.promptTokens, generated: t.generated + s.usage.generatedTokens }),
    { ms: 0, calls: 0, prompt: 0, generated: 0 },
  );
  return (
    <table className="stages">
      <thead>
        <tr>
          <th>Stage</th>
          <th>Time (ms)</th>
          <th>LLM calls</th>
          <th>Prompt tokens</th>
          <th>Generated tokens</th>
          <th>Detail</th>
        </tr>
      </thead>
      <tbody>
        {stages.map((s, i) => (
          <tr key={`${s.stage}-${i}`} data-testid="stage-row" data-stage={s.stage}>
            <td>{STAGE_NAME[s.stage]}</td>
            <td className="num">{s.ms.toFixed(0)}</td>
            <td className="num" data-testid="stage-calls">
              {s.usage.calls}
            </td>
            <td className="num">{s.usage.promptTokens}</td>
            <td className="num" data-testid="stage-generated">
              {s.usage.generatedTokens}
            </td>
            <td className="small">{detailText(s.detail)}</td>
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
            <td className="num">{total.ms.toFixed(0)}</td>
            <td className="num" data-testid="total-calls">
              {total.calls}
            </td>
            <td className="num">{total.prompt}</td>
            <td className="num" data-testid="total-generated">
              {total.generated}
            </td>
            <td />
          </tr>
        </tfoot>
      )}
    </table>
  );
}
