import { useId, type ReactNode } from 'react';
import type { Settings } from '../../core/settings';
import { defaultOf, field, type ChoiceSpec, type FieldSpec, type NumberSpec, type ToggleSpec } from '../settings-fields';
import { differs, gateOf, type LlmGates, type Problem } from '../settings-rules';

/** What every control of the Settings tab is given: the draft, how to change it, and what limits it. */
export interface ControlContext {
  draft: Settings;
  onChange(next: Settings): void;
  gates: LlmGates;
  problems: Problem[];
  /** Inside a group that already says why it is disabled: controls do not repeat it. */
  quietGates?: boolean;
  /** Saves one change to the saved settings at once (choosing a model is one step), leaving the rest of the draft as it is. */
  saveNow?(change: (saved: Settings) => Settings): void;
}

interface Props {
  id: string;
  ctx: ControlContext;
  /** Why it cannot be used now, where that is not just "needs a language model". */
  gate?: string;
  /** Shown after the control, inside its block. */
  children?: ReactNode;
}

/** The hint line: the paper's symbol, what it does, the default when it differs, and why it is disabled. */
function Notes({ f, ctx, gate, ids }: { f: FieldSpec; ctx: ControlContext; gate?: string; ids: { hint: string; problem: string } }) {
  const changed = differs(f, ctx.draft);
  const d = defaultOf(f, ctx.draft);
  const problem = ctx.problems.find((p) => p.id === f.id);
  if (ctx.quietGates) gate = undefined;
  return (
    <>
      {(f.symbol || f.hint || changed || gate) && (
        <span className="setting-notes" id={ids.hint}>
          {f.symbol && (
            <span className="symbol" title="The paper's name for it">
              {f.symbol}
            </span>
          )}
          {changed && d !== undefined && <span className="default-note">default: {(f.show as (v: unknown) => string)(d)}</span>}
          {gate && <span className="gate">{gate}</span>}
          {f.hint && <span className="hint">{f.hint}</span>}
        </span>
      )}
      {problem && (
        <span className="problem" id={ids.problem} role="alert">
          {problem.message}
        </span>
      )}
    </>
  );
}

function useIds() {
  const base = useId();
  return { input: `${base}-input`, hint: `${base}-hint`, problem: `${base}-problem` };
}

function describedBy(f: FieldSpec, ctx: ControlContext, gate: string | undefined, ids: { hint: string; problem: string }) {
  const parts = [];
  if (f.symbol || f.hint || differs(f, ctx.draft) || (gate && !ctx.quietGates)) parts.push(ids.hint);
  if (ctx.problems.some((p) => p.id === f.id)) parts.push(ids.problem);
  return parts.join(' ') || undefined;
}

/** A number setting: its plain label, and the symbol, default and limits beside it. */
export function SettingNumber({ id, ctx, gate: extra, children }: Props) {
  const f = field(id) as NumberSpec;
  const ids = useIds();
  const v = f.get(ctx.draft);
  if (v === undefined) return null;
  const gate = extra ?? gateOf(f.needs, ctx.gates);
  const invalid = ctx.problems.some((p) => p.id === f.id);
  return (
    <div className={`setting number${differs(f, ctx.draft) ? ' changed' : ''}${gate ? ' gated' : ''}`}>
      <label htmlFor={ids.input}>{f.label}</label>
      <input
        id={ids.input}
        type="number"
        min={f.min}
        max={f.max}
        step={f.step}
        value={Number.isFinite(v) ? v : ''}
        disabled={gate !== undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(f, ctx, gate, ids)}
        onChange={(x) => ctx.onChange(f.set(ctx.draft, x.target.value === '' ? NaN : Number(x.target.value)))}
      />
      <Notes f={f} ctx={ctx} gate={gate} ids={ids} />
      {children}
    </div>
  );
}

/**
 * A yes/no setting. One that needs a language model shows unticked and disabled while none is
 * loaded (the saved choice is kept for when one is), so it never claims to be doing something.
 */
export function SettingToggle({ id, ctx, gate: extra, children }: Props) {
  const f = field(id) as ToggleSpec;
  const ids = useIds();
  const v = f.get(ctx.draft);
  if (v === undefined) return null;
  const gate = extra ?? gateOf(f.needs, ctx.gates);
  return (
    <div className={`setting toggle${differs(f, ctx.draft) ? ' changed' : ''}${gate ? ' gated' : ''}`}>
      <label>
        <input
          type="checkbox"
          checked={gate === undefined && v}
          disabled={gate !== undefined}
          aria-describedby={describedBy(f, ctx, gate, ids)}
          onChange={(x) => ctx.onChange(f.set(ctx.draft, x.target.checked))}
        />{' '}
        {f.label}
      </label>
      <Notes f={f} ctx={ctx} gate={gate} ids={ids} />
      {children}
    </div>
  );
}

/** A setting with a few choices, as a drop-down; choices that need a language model are disabled while none is loaded. */
export function SettingSelect({ id, ctx, gate: extra, children }: Props) {
  const f = field(id) as ChoiceSpec;
  const ids = useIds();
  const v = f.get(ctx.draft);
  if (v === undefined) return null;
  const gate = extra ?? gateOf(f.needs, ctx.gates);
  return (
    <div className={`setting choice${differs(f, ctx.draft) ? ' changed' : ''}${gate ? ' gated' : ''}`}>
      <label htmlFor={ids.input}>{f.label}</label>
      <select
        id={ids.input}
        value={v}
        disabled={gate !== undefined}
        aria-describedby={describedBy(f, ctx, gate, ids)}
        onChange={(x) => ctx.onChange(f.set(ctx.draft, x.target.value))}
      >
        {f.options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.value !== v && gateOf(o.needs, ctx.gates) !== undefined}>
            {o.label}
            {o.value !== v && gateOf(o.needs, ctx.gates) !== undefined ? ' (needs a language model)' : ''}
          </option>
        ))}
      </select>
      <Notes f={f} ctx={ctx} gate={gate} ids={ids} />
      {children}
    </div>
  );
}

/**
 * A group of settings that all need a language model: disabled as a whole while none is
 * loaded, with the reason said once, above them.
 */
export function NeedsLlm({ ctx, title, children }: { ctx: ControlContext; title: string; children(ctx: ControlContext): ReactNode }) {
  const gate = ctx.gates.llm;
  const note = useId();
  return (
    <fieldset className={`setting-group${gate ? ' gated' : ''}`} disabled={gate !== undefined} aria-describedby={gate ? note : undefined}>
      <legend>{title}</legend>
      {gate && (
        <p className="gate" id={note}>
          {gate}
        </p>
      )}
      {children({ ...ctx, quietGates: true })}
    </fieldset>
  );
}

/** A titled group of settings. */
export function SettingGroup({ title, children, note }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="setting-group">
      <legend>{title}</legend>
      {note && <p className="muted small">{note}</p>}
      {children}
    </fieldset>
  );
}
