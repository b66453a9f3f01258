import type { ChatMessage, LlmEngine } from '../llm';
import { evaluate, formatExpression, inputsOf, isExpressionError, parseExpression } from './expr';
import { figureCells, type Figure, type FigureInput } from './compute';

/** What a language model's expression over the cells came to (program of thought), or why it could not be used. */
export type ProgramOutcome =
  | { ok: true; expression: string; shown: string; value: number; agrees: boolean; promptTokens: number; completionTokens: number }
  | { ok: false; problem: string; reply: string; promptTokens: number; completionTokens: number };

/** Two results agree when within this share of each other. */
const AGREE = 0.005;
const MAX_TOKENS = 64;

/** The cells a figure used, each once, named c1, c2, … for the model. */
export function programCells(figure: Figure): Array<{ name: string; input: FigureInput }> {
  return figureCells(figure).map((input, k) => ({ name: `c${k + 1}`, input }));
}

/** The prompt: the question, the cells with their values, and the one thing to write. */
export function programPrompt(question: string, cells: Array<{ name: string; input: FigureInput }>, percent: boolean): ChatMessage[] {
  const lines = cells.map(({ name, input }) => `${name} = ${input.value} (${input.label}, FY${input.fy}${input.cell.page !== undefined ? `, page ${input.cell.page}` : ''})`);
  return [
    {
      role: 'system',
      content: `You turn a question about financial figures into ONE arithmetic expression over the given cells. Use only the cell names, numbers, + - * / and parentheses.${percent ? ' For a percentage, multiply by 100.' : ''} Write the expression only, nothing else.`,
    },
    { role: 'user', content: `Question: ${question}\n\nCells:\n${lines.join('\n')}\n\nExpression:` },
  ];
}

/**
 * Asks the model for the expression, parses it with Sieve's own parser (never eval) and
 * evaluates it over the cells. A reply that is not an expression over the given cells is refused
 * with the reason, and Sieve's own computation stands.
 */
export async function programOfThought(engine: LlmEngine, question: string, figure: Figure, signal?: AbortSignal): Promise<ProgramOutcome> {
  const cells = programCells(figure);
  const out = await engine.generate(programPrompt(question, cells, figure.asked.unit === 'percent'), { maxTokens: MAX_TOKENS, temperature: 0, signal });
  const tokens = { promptTokens: out.promptTokens, completionTokens: out.completionTokens };
  const reply = out.text.trim();
  const candidate = expressionIn(reply);
  if (!candidate) return { ok: false, problem: 'the model wrote no expression', reply, ...tokens };
  const byName = new Map(cells.map((c) => [c.name, c.input]));
  try {
    const expr = parseExpression(candidate);
    const unknown = inputsOf(expr).filter((n) => !byName.has(n));
    if (unknown.length) return { ok: false, problem: `the expression names cells that do not exist (${unknown.join(', ')})`, reply, ...tokens };
    const value = evaluate(expr, (n) => byName.get(n)?.value);
    const shown = formatExpression(expr, (n) => byName.get(n)!.cell.raw.replace(/[$\s]/g, ''));
    const agrees = figure.value !== undefined && Math.abs(value - figure.value) <= AGREE * Math.max(Math.abs(figure.value), 1e-9);
    return { ok: true, expression: candidate, shown, value, agrees, ...tokens };
  } catch (e) {
    if (isExpressionError(e)) return { ok: false, problem: `the expression could not be used: ${e.message}`, reply, ...tokens };
    throw e;
  }
}

/** The expression in a reply: the first line, without a label, code fence or "= result" tail. */
function expressionIn(reply: string): string | undefined {
  const line = reply
    .replace(/```[a-z]*\n?/gi, '')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /c\d/i.test(l));
  if (!line) return undefined;
  return line
    .replace(/^(?:expression|answer)\s*[:=]\s*/i, '')
    .replace(/\s*=\s*[-\d.,\s%]*$/, '')
    .replace(/[`.]+$/, '')
    .trim();
}
