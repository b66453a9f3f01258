import type { StageName, StageTrace } from '../../core/pipeline';
import { detailText, STAGE_NAME } from './pipeline-labels';
import { stageTotals, type StageTotals } from './stage-totals';

export function StageTable({ stages, running }: { stages: StageTrace[]; running?: StageName }) {
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
          <StageRow key={`${s.stage}-${i}`} stage={s} />
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
      {stages.length > 0 && <StageTotalRow total={stageTotals(stages)} />}
    </table>
  );
}

function StageRow({ stage: s }: { stage: StageTrace }) {
  return (
    <tr data-testid="stage-row" data-stage={s.stage}>
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
  );
}

function StageTotalRow({ total }: { total: StageTotals }) {
  return (
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
  );
}
