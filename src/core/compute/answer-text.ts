import { formatValue, roundingAsked, type ValueUnit } from './rounding';
import { figureCells, type Figure, type FigureInput } from './compute';
import type { ProgramOutcome } from './program';
import { EXACT_MATCH } from './find-cell';
import { lexiconEntry } from './lexicon';

/** How the direct answer is written: its first line (the figure or verdict), the computation, and each input with its citation. */
export interface FigureText {
  /** "Fixed asset turnover ratio, FY2019: 24.26 [1][2]" or "No: operating margin fell from 36.8% (FY2021) to 34.6% (FY2022) [1]". */
  headline: string;
  /** "= 6,489 ÷ ((282 + 253) ÷ 2)" per year, when a formula was applied. */
  computation: string[];
  /** "Total net revenues, FY2019: $6,489 million (page 70) [1]". */
  inputs: string[];
  /** Where the formula came from, in words. */
  basis: string;
  /** Set when an input's row was matched loosely (by part of its words, or by meaning): which, in words. Such an answer is never shown as sure as an exact one. */
  weak?: string;
}

/** Writes a computed figure as text, each input cited by its source number. */
export function figureText(figure: Figure, question: string, sourceOf: (input: FigureInput) => number | undefined, program?: ProgramOutcome): FigureText {
  // The model's value leads only when Sieve's own formula (the question's definition, or the standard one) agrees:
  // on 12 dev questions Qwen2.5-Coder-0.5B's expression, led, turned a right ratio (0.66) into a wrong one (×100).
  const modelLeads = program?.ok === true && program.agrees;
  const sieveValue = figure.value;
  if (program?.ok && modelLeads) figure = { ...figure, value: program.value };
  const { asked } = figure;
  const rounding = roundingAsked(question);
  // Money in the unit asked, else in millions as statements print it (not rounded up to billions).
  const money = (v: number): ValueUnit => (Math.abs(v) >= 1e6 ? 'millions' : 'units');
  const unitOf = (v: number): ValueUnit => (asked.unit === 'currency' ? (rounding.unit && rounding.unit !== 'percent' ? rounding.unit : money(v)) : asked.unit);
  const show = (v: number) => formatValue(v, unitOf(v), rounding.decimals);
  const cite = (inputs: FigureInput[]) => [...new Set(inputs.map(sourceOf).filter((n): n is number => n !== undefined))].map((n) => `[${n}]`).join('');
  const all = figure.steps.flatMap((s) => s.inputs);
  const q = asked.quarter ? `Q${asked.quarter} ` : '';
  const period = (fy: number) => (fy ? `${q}FY${fy}` : '');
  const at = (fy: number) => (fy ? `, ${q}FY${fy}` : '');
  let headline: string;
  if (asked.from === 'table cell') {
    const i = all[0];
    const where = i.cell.page !== undefined ? ` (page ${i.cell.page})` : '';
    return {
      headline: `${i.label}${i.period ? `, ${i.period}` : ''}: ${i.cell.raw} ${cite(all)}`.trim(),
      computation: [],
      inputs: [`${i.cell.rowText}${where} ${cite(all)}`.trim()],
      basis: 'Read by Sieve from the table row shown.',
    };
  }
  if (asked.judgement && figure.steps.length > 0) {
    const ref = asked.judgement.reference;
    const side = figure.value! > ref.value ? 'above' : figure.value! < ref.value ? 'below' : 'at';
    headline = `Sieve cannot judge “${asked.judgement.id.replace(/-/g, ' ')}” by a fixed threshold (no reference fixes one): ${lower(asked.name)} was ${show(figure.value!)} in ${period(figure.steps[figure.steps.length - 1].fy)}, ${side} the ${ref.value}% ${ref.what} (${ref.source}) ${cite(all)}`;
  } else if (asked.aggregate === 'spread' && figure.steps.length >= 2) {
    const each = figure.steps.map((s) => `${show(s.value)} (${period(s.fy)})`).join(', ');
    const spread = asked.unit === 'percent' ? `${figure.value!.toFixed(1)} percentage points` : show(figure.value!);
    headline = `Sieve cannot judge “consistent” by a fixed threshold (no reference fixes one): ${lower(asked.name)} was ${each}, a spread of ${spread} ${cite(all)}`;
  } else if (figure.verdict && asked.yes === 'positive') {
    headline = `${figure.verdict}: ${lower(asked.name)} was ${show(figure.value!)} in ${period(figure.steps[0].fy)} ${cite(all)}`;
  } else if (figure.steps.length >= 2 && asked.aggregate === 'compare') {
    const [a, b] = [figure.steps[0], figure.steps[figure.steps.length - 1]];
    const moved = b.value > a.value ? 'rose' : b.value < a.value ? 'fell' : 'was unchanged';
    const relative = a.value !== 0 ? `${(((b.value - a.value) / Math.abs(a.value)) * 100).toFixed(1)}%` : '';
    const change =
      asked.unit === 'percent'
        ? `${(b.value - a.value).toFixed(1)} percentage points`
        : asked.unit === 'currency'
          ? `${show(b.value - a.value)}${relative ? ` (${relative})` : ''}`
          : relative;
    const body = `${asked.name} ${moved} from ${show(a.value)} (${period(a.fy)}) to ${show(b.value)} (${period(b.fy)})${change ? `, a change of ${change}` : ''} ${cite(all)}`;
    headline = figure.verdict ? `${figure.verdict}: ${lower(body)}` : body;
  } else if (asked.aggregate === 'average' && figure.steps.length > 1) {
    const span = `${period(figure.steps[0].fy)}–${period(figure.steps[figure.steps.length - 1].fy)}`;
    headline = `${asked.name}, ${span} average: ${show(figure.value!)} ${cite(all)}`;
  } else {
    headline = `${asked.name}${at(figure.steps[0].fy)}: ${show(figure.value!)} ${cite(all)}`;
  }
  const formula = asked.from !== 'line item';
  const computation = formula
    ? figure.steps.map((s) => `${s.fy ? `${period(s.fy)}: ` : ''}${s.shown} = ${show(s.value)}${s.absent ? ` (no row for ${s.absent.join(', ')}: taken as 0)` : ''}`)
    : [];
  if (formula && asked.aggregate === 'average' && figure.steps.length > 1) computation.push(`average of ${figure.steps.length} years = ${show(figure.value!)}`);
  if (program?.ok) {
    computation.unshift(`the language model's expression: ${program.shown} = ${show(program.value)}${program.agrees ? ' (Sieve’s own formula agrees)' : ''}`);
    if (!program.agrees) computation.push(`Sieve’s formula gives ${show(sieveValue!)}, shown above; the model's differs`);
  }
  const inputs = figureCells(figure).map((i) =>
    `${i.label}${i.fy ? `, ${period(i.fy)}` : ''}: ${inputValueText(i)}${i.cell.page !== undefined ? ` (page ${i.cell.page})` : ''}${meaningNote(i)} ${cite([i])}`.trim(),
  );
  const basis = modelLeads ? 'The language model wrote the expression; Sieve evaluated it over the cells shown.' : basisOf(figure);
  const weak = weakNote(figure);
  return {
    headline: headline.trim(),
    computation,
    inputs,
    basis: program && !program.ok ? `${basis} The language model’s expression was not used (${program.problem}).` : basis,
    ...(weak ? { weak } : {}),
  };
}

/** Which inputs were read from rows whose label is not the line item's own (a loose match), in words; undefined when every row matched exactly. */
function weakNote(figure: Figure): string | undefined {
  const loose = figureCells(figure).filter((i) => i.meaning !== undefined || (i.match !== undefined && i.match < EXACT_MATCH));
  if (loose.length === 0) return undefined;
  // The line item by the name questions use for it ("net pp&e"), a label input by its words.
  const asked = (q: string) => lexiconEntry(q)?.names[0] ?? q.replace(/^label_/, '').replace(/_/g, ' ');
  const rows = [...new Set(loose.map((i) => `“${i.label}” for ${asked(i.quantity)}`))].join('; ');
  return `Matched loosely: ${rows}. The row's label does not name exactly what was asked, so check it is the one meant.`;
}

/** The answer as one plain text: headline, computation and inputs. */
export function figureAnswer(t: FigureText): string {
  const lines = [t.headline];
  if (t.weak) lines.push('', t.weak);
  if (t.computation.length) lines.push('', ...t.computation);
  if (t.inputs.length) lines.push('', ...t.inputs.map((i) => `• ${i}`));
  if (t.basis) lines.push('', t.basis);
  return lines.join('\n');
}

function basisOf(figure: Figure): string {
  const { asked } = figure;
  if (asked.from === 'definition') return 'Computed by Sieve with the definition the question gives.';
  // A metric read from its own printed row ("Total debt") is a line item: no formula was applied.
  if (asked.metric && asked.from === 'metric')
    return `Computed by Sieve: ${asked.metric.name} = ${asked.metric.expression.replace(/\*/g, '×').replace(/\//g, '÷')} (${asked.metric.source}).`;
  return asked.from === 'metric' ? 'Computed by Sieve from the cells shown.' : '';
}

/** An input's cell as printed, with the table's unit in words ("(1,577) million"). */
export function inputValueText(i: FigureInput): string {
  return `${i.cell.raw}${scaleWords(i)}`;
}

const MONTH_WORDS: Record<number, string> = { 3: 'three', 6: 'six', 9: 'nine' };

/**
 * The period an input's column covers, as a user checks it against the page: "FY2023" for a year's
 * column; for a quarter or a part of a year, the fiscal quarter by the document's own calendar and
 * the column's end date too ("Q2 FY2023, three months ended Dec 31, 2022"), since a fiscal year
 * alone would not say which months were read.
 */
export function inputPeriodText(i: Pick<FigureInput, 'fy' | 'quarter' | 'months' | 'period'>): string {
  if (!i.fy) return i.period;
  const interim = i.quarter !== undefined || (i.months !== undefined && i.months < 12);
  if (!interim) return `FY${i.fy}`;
  const named = `${i.quarter ? `Q${i.quarter} ` : ''}FY${i.fy}`;
  if (!/[A-Za-z]/.test(i.period) || !/\d{4}/.test(i.period)) return named;
  const span = i.months && MONTH_WORDS[i.months] ? `${MONTH_WORDS[i.months]} months ended ` : '';
  return `${named}, ${span}${i.period}`;
}

function scaleWords(i: FigureInput): string {
  return scaleWord(i.cell.raw, i.value);
}

/** The scale a printed number was multiplied by to give `value`, in words: " billion", " million", " thousand" or "". */
export function scaleWord(raw: string, value: number): string {
  const digits = raw.replace(/[^\d.]/g, '');
  const ratio = digits ? Math.abs(value) / Math.abs(Number(digits) || 1) : 1;
  if (ratio >= 0.999e9) return ' billion';
  if (ratio >= 0.999e6) return ' million';
  if (ratio >= 0.999e3) return ' thousand';
  return '';
}

/** A row read by meaning says so: its words did not name the input. */
function meaningNote(i: FigureInput): string {
  return i.meaning !== undefined ? ` (row matched by meaning, similarity ${i.meaning.toFixed(2)})` : '';
}

function lower(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
