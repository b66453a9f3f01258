import { statementsNamed, type StatementKind } from '../tables';
import { AUXILIARY_VERBS } from '../text';
import { findMetric, metricById, type Metric, type MetricUnit } from './metrics';
import { qualifierOf, quantitiesIn } from './match';
import { contentWords, extendsName } from './match-text';
import { inputsOf, parseExpression, type Expr } from './expr';
import { lexiconEntry, type LexiconEntry } from './lexicon';
import { judgementAsked, STEADINESS, type Judgement } from './judgements';
import { askedYears, monthsAsked, quarterAsked } from './period-asked';

export { askedPeriod, askedYears, monthsAsked, quarterAsked } from './period-asked';

/** What a question asks Sieve to read from tables or compute. */
export interface AskedFigure {
  /** What it is called, to show ("Fixed asset turnover", "Capital expenditure"). */
  name: string;
  /** Over quantity ids; `prior_x` is x a year earlier, `x_fy2018` is x in fiscal 2018, plain `x` is x in the year computed. */
  expression: Expr;
  unit: MetricUnit;
  /** Where the formula comes from: the question's own definition, a standard metric, one line item, or a cell of any table looked up by its row and column names. */
  from: 'definition' | 'metric' | 'line item' | 'table cell';
  metric?: Metric;
  quantity?: LexiconEntry;
  /** Fiscal years asked, ascending (empty: the latest the tables print). */
  years: number[];
  /** single: one year; average: the mean over the years; compare: the first year against the last; spread: each year, and the largest less the smallest. */
  aggregate: 'single' | 'average' | 'compare' | 'spread';
  /** For a yes/no question: which way counts as "yes" (up: improving, increased; down: declined; positive: above zero). */
  yes?: 'up' | 'down' | 'positive' | 'reference';
  /** For a judgement ("capital-intensive"): the reference the figure is set beside (yes: 'reference'). */
  judgement?: Judgement;
  /** A quarter's or half's columns (3, 6, 9 months) instead of the year's. */
  months?: number;
  /** The fiscal quarter named ("Q2", "second quarter"), to choose among a year's quarter columns. */
  quarter?: number;
  statements: StatementKind[];
  /** "gross" or "net" said of a line item whose own name does not say it ("gross property, plant and equipment"): a row saying the other is never read. */
  qualifier?: 'gross' | 'net';
}

const AVERAGE = /\b(?:\d|two|three|four|five)[\s-]+years?\s+average\b|\baverage\s+of\s+(?:the\s+)?(?:last\s+)?(?:\d|two|three|four|five)\s+years\b/i;
const COMPARE = /\b(?:improv\w*|increas\w*|declin\w*|decreas\w*|grow\w*|grew|fell|fall\w*|change[ds]?|rise|rose|higher|lower|year[\s-]+over[\s-]+year)\b/i;
const YES_NO = new RegExp(`^\\s*(?:${AUXILIARY_VERBS.join('|')})\\b`, 'i');
const UP = /\b(?:improv\w*|increas\w*|grow\w*|grew|rise|rose|higher|expand\w*)\b/i;
const DOWN = /\b(?:declin\w*|decreas\w*|fell|fall\w*|lower|shr[iu]nk\w*|contract\w*)\b/i;
const POSITIVE = /\bpositive\b/i;
/** Nouns that, right after a line item's name, make it another quantity ("cash proceeds" is not cash). */
const COMPOUND_HEAD = /^(?:proceeds?|payments?|paid|flows?|inflows?|outflows?|receipts?|consideration|compensation|distributions?)$/;
const NOT_A_FIGURE =
  /^\s*(?:which|why|who|where|describe|explain|list|name)\b|^\s*how\s+(?:does|do|is|are|will|would|can)\b(?!.*\bchange)|\bwhat\s+(?:drove|caused|explains?)\b|\bwhich\s+(?:segment|business|type|region|product)s?\b|\b(?:strateg\w*|polic\w*|covenants?|reasons?|impacts?|drivers?|risks?)\b/i;
/** "What are / were …" asks for a list (acquisitions, risks) unless it names an amount ("What were the revenues", "in USD millions"). */
const LIST_ASKED = /\bwhat\s+(?:are|were)\b/i;
const AMOUNT_CUE =
  /\b(?:amounts?|totals?|values?|USD|dollars|millions|billions|revenues?|sales|earnings|income|expenses|expenditures?|spending|outlays|payments|proceeds|costs|assets|liabilities)\b|\$/i;
/** A line item over revenue: "% margin", "as a % of revenue", "as a percentage of sales". */
const SHARE_OF_REVENUE = /(?:%|\bpercent(?:age)?)\s+margin\b|\bas\s+an?\s+(?:%|percent(?:age)?)\s+of\s+(?:total\s+|net\s+)?(?:revenues?|sales)\b/i;
const DEFINITION =
  /(?:^|[.?:;]\s+|\b(?:where|and)\s+)(?:(?:the\s+)?([A-Za-z][\w&%()'’ -]{0,60}?)\s+(?:is|are)\s+defined\s+as|[Dd]efine\s+([A-Za-z][\w&%()'’ -]{0,60}?)\s+as)\s*:?\s*(.+?)(?=\.\s+[A-Z(]|\.\s*$|\?|$)/g;

/** Reads what a question asks to compute, or undefined when it asks for no figure Sieve can compute; with `definitions: false`, as if it defined nothing. */
export function askedFigure(question: string, options: { definitions?: boolean } = {}): AskedFigure | undefined {
  const years = askedYears(question);
  const statements = statementsNamed(question);
  const yesNo = YES_NO.test(question);
  const quarter = quarterAsked(question);
  const base = { years: years.list, statements, ...(monthsAsked(question) ? { months: monthsAsked(question) } : {}), ...(quarter ? { quarter } : {}) };
  const aggregate: AskedFigure['aggregate'] =
    AVERAGE.test(question) && years.list.length > 1 ? 'average' : COMPARE.test(question) || years.list.length === 2 ? 'compare' : 'single';
  // "Has X improved or declined?" names both ways: it asks which, not yes or no.
  const up = UP.test(question);
  const down = DOWN.test(question);
  const yes = yesNo ? (POSITIVE.test(question) ? 'positive' : down && !up ? 'down' : up && !down ? 'up' : undefined) : undefined;
  const finish = (f: Omit<AskedFigure, keyof typeof base | 'aggregate' | 'yes'>): AskedFigure => {
    const agg = yes === 'positive' ? 'single' : aggregate === 'compare' && years.list.length < 2 ? 'compare' : aggregate;
    return { ...f, ...base, aggregate: agg, ...(yes ? { yes } : {}) };
  };
  const defined = options.definitions === false ? undefined : definedFigure(question);
  // Without its definitions, what a definition names ("… defined as operating income / goodwill") is not what the question asks for.
  const asks = options.definitions === false ? question.replace(DEFINITION, ' ') : question;
  // "Is it capital-intensive?": the metric that measures it, beside a published reference.
  const judgement = yesNo ? judgementAsked(asks) : undefined;
  const judged = judgement ? metricById(judgement.metric) : undefined;
  if (judgement && judged) return { ...ofMetric(judged), ...base, aggregate: 'single', yes: 'reference', judgement };
  const named = findMetric(asks);
  // "Define EBITDA as …" where the question asks for the EBITDA margin: the metric the question asks for, not the part it defines.
  if (defined && !(named && extendsName(named.name, defined.name))) {
    // A definition that names its own years ("FY2019 revenue / average PP&E between FY2018 and FY2019") is one figure, for its latest year.
    const own = inputsOf(defined.expression).flatMap((n) => (n.match(/_fy(\d{4})$/) ? [Number(n.slice(-4))] : []));
    if (own.length > 0) return { ...finish(defined), years: [Math.max(...own)], aggregate: 'single' };
    return finish(defined);
  }
  const metric = named;
  // "Are its gross margins consistent year to year?": the metric each year and the spread, no verdict.
  if (metric && yesNo && STEADINESS.test(asks)) return { ...ofMetric(metric), ...base, aggregate: 'spread', yes: 'reference' };
  if (metric) {
    // A metric that is also a line item ("total debt", "gross profit"): computeFigure reads its printed row first.
    const own = lexiconEntry(metric.id);
    return finish({ ...ofMetric(metric), ...(own ? { quantity: own } : {}) });
  }
  const hits = quantitiesIn(asks);
  // A line item alone answers "what is / how much", not "which segment", "why" or "what are the acquisitions".
  if (hits.length === 0 || NOT_A_FIGURE.test(question) || (LIST_ASKED.test(question) && !AMOUNT_CUE.test(question))) return undefined;
  const entry = hits.reduce((a, b) => (b.end - b.start > a.end - a.start ? b : a)).entry;
  if (entry.id !== 'revenue' && SHARE_OF_REVENUE.test(question)) {
    return finish({ name: `${nameOf(entry)} as % of revenue`, expression: parseExpression(`${entry.id} / revenue * 100`), unit: 'percent', from: 'metric', quantity: entry });
  }
  const composite = metricById(entry.id);
  if (composite) return finish({ ...ofMetric(composite), name: nameOf(entry), quantity: entry });
  // Share counts are plain numbers, not money.
  const unit = /shares/.test(entry.id) ? 'ratio' : 'currency';
  const hit = hits.find((h) => h.entry === entry)!;
  const words = contentWords(asks);
  if (COMPOUND_HEAD.test(words[hit.end] ?? '') && !entry.names.some((n) => contentWords(n).includes(words[hit.end]))) return undefined;
  const qualifier = qualifierOf(words, hit, entry);
  return finish({
    name: `${qualifier && !/\b(?:gross|net)\b/i.test(nameOf(entry)) ? `${qualifier} ` : ''}${nameOf(entry)}`.replace(/^./, (c) => c.toUpperCase()),
    expression: parseExpression(entry.id),
    unit,
    from: 'line item',
    quantity: entry,
    ...(qualifier ? { qualifier } : {}),
  });
}

/** Which way a yes/no question counts as "yes" for a figure that moved: up, down, or undefined when it is no yes/no question or names both ways. */
export function askedDirection(question: string): 'up' | 'down' | undefined {
  if (!YES_NO.test(question)) return undefined;
  const up = UP.test(question);
  const down = DOWN.test(question);
  return up === down ? undefined : up ? 'up' : 'down';
}

/** A standard metric as what a question asks for. */
function ofMetric(m: Metric) {
  return { name: m.name, expression: parseExpression(m.expression), unit: m.unit, from: 'metric' as const, metric: m };
}

function nameOf(entry: LexiconEntry): string {
  const n = entry.names[0] ?? entry.id.replace(/_/g, ' ');
  return n.charAt(0).toUpperCase() + n.slice(1);
}

/**
 * The figure a question defines for itself ("X is defined as: A / (average B between FY2018 and
 * FY2019)", "Define X as A + B"), other definitions in the question substituted for their names
 * (a cash conversion cycle of DIO + DSO − DPO, each defined after it). Undefined when the first
 * definition names something Sieve cannot read as quantities.
 */
export function definedFigure(question: string): Omit<AskedFigure, 'years' | 'statements' | 'aggregate' | 'yes' | 'months' | 'quarter'> | undefined {
  const defs = [...question.matchAll(DEFINITION)].map((m) => ({ name: (m[1] ?? m[2]).trim(), body: m[3].trim() }));
  if (defs.length === 0) return undefined;
  const known = new Map(defs.map((d) => [d.name.toLowerCase(), d.body]));
  const source = toExpression(defs[0].body, known, new Set([defs[0].name.toLowerCase()]));
  if (!source) return undefined;
  try {
    const metric = findMetric(defs[0].name);
    const expression = parseExpression(source);
    return {
      name: capitalised(defs[0].name.replace(/^the\s+/i, '')),
      expression,
      unit: metric?.unit ?? unitOf(question, expression),
      from: 'definition',
      ...(metric ? { metric } : {}),
    };
  } catch {
    return undefined;
  }
}

/** A defined figure's unit: as the question words it, else a plain number over rows of any table, else a ratio when it divides one quantity by another, else an amount (a sum, a difference, an average). */
function unitOf(question: string, expression: Expr): MetricUnit {
  if (/\bpercent|%/i.test(question)) return 'percent';
  if (/\bdays\b/i.test(question)) return 'days';
  if (/\bUSD\b|\$|\bdollars\b/i.test(question)) return 'currency';
  // Rows of any table (lab results, prices in euros) are plain numbers, not dollars: written as a ratio is (1.55, 21.45).
  if (inputsOf(expression).every((n) => n.startsWith(LABEL_PREFIX))) return 'ratio';
  return dividesQuantities(expression) ? 'ratio' : 'currency';
}

function dividesQuantities(e: Expr): boolean {
  if (e.kind === 'negate') return dividesQuantities(e.operand);
  if (e.kind !== 'binary') return false;
  return (e.op === '/' && e.right.kind !== 'number') || dividesQuantities(e.left) || dividesQuantities(e.right);
}

const OPERATOR_WORDS: Array<[RegExp, string]> = [
  [/\s+divided\s+by\s+/gi, ' / '],
  [/\s+multiplied\s+by\s+/gi, ' * '],
  [/\s+times\s+/gi, ' * '],
  [/\s+plus\s+/gi, ' + '],
  [/\s+minus\s+/gi, ' - '],
  [/\s+over\s+/gi, ' / '],
];

/** A definition's words as an expression in the grammar of ./expr, or undefined when an operand is not a known quantity. */
function toExpression(body: string, known: Map<string, string>, seen: Set<string>): string | undefined {
  let text = body.replace(/\b(?:the|a|an)\s+/gi, '');
  for (const [re, op] of OPERATOR_WORDS) text = text.replace(re, op);
  const parts = text.split(/(\s[-–−]\s|[+*×÷/()])/);
  const out: string[] = [];
  for (const part of parts) {
    const p = part.trim();
    if (!p) continue;
    if (/^[-–−]$/.test(p)) out.push('-');
    else if (/^[+*×÷/()]$/.test(p)) out.push(p === '×' ? '*' : p === '÷' ? '/' : p);
    else {
      const operand = operandExpression(p, known, seen);
      if (operand === undefined) return undefined;
      out.push(operand);
    }
  }
  return out.join(' ');
}

const AVERAGE_BETWEEN = /^average\s+(.+?)\s+(?:between|from|for|over)\s+(?:FY\s?)?(\d{4})\s+(?:and|to|-)\s+(?:FY\s?)?(\d{4})$/i;
const CHANGE_BETWEEN = /^change\s+in\s+(.+?)\s+(?:between|from)\s+(?:FY\s?)?(\d{4})\s+(?:and|to|-)\s+(?:FY\s?)?(\d{4})$/i;

function operandExpression(phrase: string, known: Map<string, string>, seen: Set<string>): string | undefined {
  // "depreciation and amortization from the cash flow statement": where it is printed is not part of its name.
  const p = phrase
    .replace(/[,:;]+$/, '')
    .replace(/\s*\(?\b(?:from|in|on|per|as\s+(?:reported|shown)\s+(?:in|on))\s+(?:the\s+)?(?:[\w&']+\s+){0,3}(?:statements?|sheets?)\b(?:\s+of\s+[\w\s]+)?\)?$/i, '')
    .trim();
  if (/^\d+(?:\.\d+)?%?$/.test(p)) return p.endsWith('%') ? String(Number(p.slice(0, -1)) / 100) : p;
  const avg = p.match(AVERAGE_BETWEEN);
  if (avg) return inYears(avg[1], [Number(avg[2]), Number(avg[3])], (a, b) => `((${a} + ${b}) / 2)`);
  const change = p.match(CHANGE_BETWEEN);
  if (change) return inYears(change[1], [Number(change[2]), Number(change[3])], (a, b) => `(${b} - ${a})`);
  const key = p.toLowerCase();
  if (known.has(key) && !seen.has(key)) return wrapped(toExpression(known.get(key)!, known, new Set([...seen, key])));
  const year = p.match(/\b(?:FY\s?)?((?:19|20)\d\d)\b/i);
  const bare = p.replace(/\b(?:FY\s?)?(?:19|20)\d\d\b/gi, '').trim();
  const id = quantityId(bare);
  if (id) return year ? `${id}_fy${year[1]}` : id;
  const metric = findMetric(bare);
  if (metric) return `(${metric.expression})`;
  // Not a financial line item: a row of any table named by its label ("total cholesterol", "unit price").
  const words = bare.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  return words.length > 0 && words.length <= MAX_LABEL_WORDS ? `${LABEL_PREFIX}${words.join('_')}${year ? `_fy${year[1]}` : ''}` : undefined;
}

/** An input named `label_total_cholesterol` is the table row labelled "total cholesterol". */
export const LABEL_PREFIX = 'label_';
export const MAX_LABEL_WORDS = 8;

function inYears(phrase: string, years: number[], combine: (a: string, b: string) => string): string | undefined {
  const id = quantityId(phrase);
  if (!id) return undefined;
  const [a, b] = [...years].sort((x, y) => x - y);
  return combine(`${id}_fy${a}`, `${id}_fy${b}`);
}

function quantityId(phrase: string): string | undefined {
  const hits = quantitiesIn(phrase);
  return hits.length === 1 ? hits[0].entry.id : undefined;
}

function wrapped(s: string | undefined): string | undefined {
  return s === undefined ? undefined : `(${s})`;
}

function capitalised(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
