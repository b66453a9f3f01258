/**
 * Arithmetic over named inputs, for computing a financial metric from table cells and showing the
 * computation. A hand-written tokenizer and recursive-descent parser (never eval or Function): the
 * grammar below is all there is, and anything else is refused with an ExpressionError that names
 * the offending character and its 0-based position.
 *
 *   expr    := term (('+' | '-') term)*           left-associative
 *   term    := unary (('*' | '/') unary)*          left-associative
 *   unary   := '-' unary | primary
 *   primary := number | name | '(' expr ')'
 *   number  := digits ['.' digits] | '.' digits    (1577, 12.5, .5 — no "1,577", no exponents)
 *   name    := [a-z_][a-z0-9_]*                    (case-insensitive, kept lower-case)
 *
 * × ÷ − (U+00D7, U+00F7, U+2212) are read as * / -, so a formatted expression parses back.
 */

export type BinaryOp = '+' | '-' | '*' | '/';

export type Expr =
  { kind: 'number'; value: number } | { kind: 'input'; name: string } | { kind: 'negate'; operand: Expr } | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

/** syntax: not in the grammar; missing-input: an input had no value; not-finite: an input or a result is NaN or ±Infinity. */
export type ExpressionErrorCode = 'syntax' | 'missing-input' | 'division-by-zero' | 'not-finite';

export class ExpressionError extends Error {
  readonly code: ExpressionErrorCode;
  /** 0-based offset into the source, for a syntax error. */
  readonly position?: number;
  /** Every input without a value, in order of appearance, for a missing-input error (the first is named in the message). */
  readonly inputs: string[];
  constructor(code: ExpressionErrorCode, message: string, detail: { position?: number; inputs?: string[] } = {}) {
    super(message);
    this.name = 'ExpressionError';
    this.code = code;
    this.position = detail.position;
    this.inputs = detail.inputs ?? [];
  }
}

export function isExpressionError(e: unknown): e is ExpressionError {
  return e instanceof Error && e.name === 'ExpressionError' && 'code' in e;
}

type Token =
  | { type: 'number'; value: number; pos: number }
  | { type: 'name'; name: string; pos: number }
  | { type: 'op'; op: BinaryOp; pos: number; text: string }
  | { type: '(' | ')'; pos: number }
  | { type: 'end'; pos: number };

const OPERATORS: Record<string, BinaryOp> = { '+': '+', '-': '-', '\u2212': '-', '*': '*', '\u00d7': '*', '/': '/', '\u00f7': '/' };
const NUMBER = /\d+(?:\.\d+)?|\.\d+/y;
const NAME = /[a-z_][a-z0-9_]*/iy;
/** Nested parentheses and minus signs deeper than this are refused (no input is that deep; a stack overflow is worse). */
const MAX_DEPTH = 64;
/** Names a lookup table (a plain object) would answer from its prototype: never inputs. */
const RESERVED = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype'].map((n) => n.toLowerCase()));

/** Why a character common in code or prose is refused, to make the error actionable. */
const WHY: Record<string, string> = {
  '.': 'property access and numbers ending in "." are not allowed',
  ',': 'write numbers without thousands separators (1577, not 1,577); there are no argument lists',
  '^': 'there is no power operator',
  '=': 'there is no assignment or comparison',
  ';': 'an expression is a single formula, not statements',
  '"': 'there are no strings',
  "'": 'there are no strings',
  '`': 'there are no strings or templates',
  '[': 'there are no brackets or indexing',
  ']': 'there are no brackets or indexing',
  '{': 'there are no braces',
  '}': 'there are no braces',
};

function charAt(src: string, i: number): string {
  return String.fromCodePoint(src.codePointAt(i) ?? 0);
}

function refuse(src: string, i: number, why?: string): never {
  const c = charAt(src, i);
  const reason = why ?? WHY[c];
  const shown = /[\p{L}\p{N}\p{P}\p{S}]/u.test(c) ? `'${c}'` : `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
  throw new ExpressionError('syntax', `Unexpected ${shown} at position ${i}${reason ? ` (${reason})` : ''}: only numbers, input names, + − × ÷ and parentheses are allowed`, {
    position: i,
  });
}

function nextNonSpace(src: string, i: number): number {
  while (i < src.length && /\s/.test(src[i])) i++;
  return i;
}

/** A name token, refusing a call ("exit("), property access ("process.exit") and reserved names. */
function readName(src: string, i: number): Token & { type: 'name' } {
  NAME.lastIndex = i;
  const text = NAME.exec(src)![0];
  const after = nextNonSpace(src, i + text.length);
  if (src[after] === '(') refuse(src, after, `'${text}(' would be a function call; there are no functions`);
  if (src[after] === '.') refuse(src, after, `'${text}.' would be property access`);
  const name = text.toLowerCase();
  if (RESERVED.has(name)) throw new ExpressionError('syntax', `'${text}' at position ${i} is a reserved name, not an input`, { position: i });
  return { type: 'name', name, pos: i };
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = NUMBER.exec(src);
    if (num) {
      const end = i + num[0].length;
      if (src[end] === '.' || src[end] === ',') refuse(src, end);
      const value = Number(num[0]);
      if (!Number.isFinite(value)) throw new ExpressionError('syntax', `Number at position ${i} is too large`, { position: i });
      tokens.push({ type: 'number', value, pos: i });
      i = end;
    } else if (/[a-z_]/i.test(c)) {
      const name = readName(src, i);
      tokens.push(name);
      i += name.name.length;
    } else if (c === '(' || c === ')') {
      tokens.push({ type: c, pos: i++ });
    } else if (c in OPERATORS) {
      if ((c === '*' && src[i + 1] === '*') || (c === '/' && (src[i + 1] === '/' || src[i + 1] === '*')))
        refuse(src, i + 1, c === '*' ? "'**' would be a power; there is none" : 'there are no comments');
      tokens.push({ type: 'op', op: OPERATORS[c], pos: i, text: c });
      i++;
    } else {
      refuse(src, i);
    }
  }
  tokens.push({ type: 'end', pos: src.length });
  return tokens;
}

function describe(t: Token): string {
  switch (t.type) {
    case 'number':
      return `number ${t.value}`;
    case 'name':
      return `input '${t.name}'`;
    case 'op':
      return `'${t.text}'`;
    case 'end':
      return 'the end of the expression';
    default:
      return `'${t.type}'`;
  }
}

function syntaxError(t: Token, expected: string): ExpressionError {
  return new ExpressionError('syntax', `Expected ${expected} at position ${t.pos}, found ${describe(t)}`, { position: t.pos });
}

/** Parses src by the grammar above, or throws an ExpressionError (code 'syntax'). */
export function parseExpression(src: string): Expr {
  if (src.trim() === '') throw new ExpressionError('syntax', 'Empty expression: write a formula such as operating_income / revenue * 100', { position: 0 });
  const tokens = tokenize(src);
  let k = 0;
  const peek = (): Token => tokens[k];

  const binary = (ops: BinaryOp[], operand: (depth: number) => Expr, depth: number): Expr => {
    let left = operand(depth);
    for (let t = peek(); t.type === 'op' && ops.includes(t.op); t = peek()) {
      k++;
      left = { kind: 'binary', op: t.op, left, right: operand(depth) };
    }
    return left;
  };
  const expr = (depth: number): Expr => binary(['+', '-'], term, depth);
  const term = (depth: number): Expr => binary(['*', '/'], unary, depth);
  const unary = (depth: number): Expr => {
    const t = peek();
    if (depth > MAX_DEPTH) throw new ExpressionError('syntax', `Expression nested too deeply at position ${t.pos}`, { position: t.pos });
    if (t.type === 'op' && t.op === '-') {
      k++;
      return { kind: 'negate', operand: unary(depth + 1) };
    }
    k++;
    if (t.type === 'number') return { kind: 'number', value: t.value };
    if (t.type === 'name') return { kind: 'input', name: t.name };
    if (t.type !== '(') throw syntaxError(t, 'a number, an input name or (');
    const inner = expr(depth + 1);
    if (peek().type !== ')') throw syntaxError(peek(), `')' (closing the '(' at position ${t.pos})`);
    k++;
    return inner;
  };

  const result = expr(0);
  if (peek().type !== 'end') throw syntaxError(peek(), 'an operator (+ − × ÷) or the end of the expression');
  return result;
}

/** The distinct input names of expr, in order of first appearance (left to right). */
export function inputsOf(expr: Expr): string[] {
  const names: string[] = [];
  const walk = (e: Expr): void => {
    if (e.kind === 'input') {
      if (!names.includes(e.name)) names.push(e.name);
    } else if (e.kind === 'negate') walk(e.operand);
    else if (e.kind === 'binary') {
      walk(e.left);
      walk(e.right);
    }
  };
  walk(expr);
  return names;
}

function apply(op: BinaryOp, a: number, b: number): number {
  if (op === '+') return a + b;
  if (op === '-') return a - b;
  if (op === '*') return a * b;
  return a / b;
}

/**
 * The value of expr, looking each input up once. Throws an ExpressionError: 'missing-input' naming
 * the first input without a value (all of them in .inputs), 'not-finite' for an input or a result
 * that is NaN or ±Infinity, 'division-by-zero' rather than returning Infinity.
 */
export function evaluate(expr: Expr, inputs: (name: string) => number | undefined): number {
  const values = new Map<string, number>();
  const missing: string[] = [];
  for (const name of inputsOf(expr)) {
    const v = inputs(name);
    if (v === undefined) missing.push(name);
    else if (!Number.isFinite(v)) throw new ExpressionError('not-finite', `Input '${name}' is not a finite number (${v})`, { inputs: [name] });
    else values.set(name, v);
  }
  if (missing.length) {
    const others = missing.length > 1 ? ` (also missing: ${missing.slice(1).join(', ')})` : '';
    throw new ExpressionError('missing-input', `Missing input '${missing[0]}'${others}`, { inputs: missing });
  }
  const run = (e: Expr): number => {
    if (e.kind === 'number') return e.value;
    if (e.kind === 'input') return values.get(e.name)!;
    if (e.kind === 'negate') return -run(e.operand);
    const a = run(e.left);
    const b = run(e.right);
    if (e.op === '/' && b === 0) throw new ExpressionError('division-by-zero', `Division by zero: the divisor ${formatExpression(e.right, (n) => n)} is 0`);
    const r = apply(e.op, a, b);
    if (!Number.isFinite(r)) throw new ExpressionError('not-finite', `The result of ${formatExpression(e, (n) => n)} is not a finite number`);
    return r;
  };
  const result = run(expr);
  return result === 0 ? 0 : result; // never -0
}

const SYMBOL: Record<BinaryOp, string> = { '+': '+', '-': '\u2212', '*': '\u00d7', '/': '\u00f7' };
const PRECEDENCE: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2 };
const NEGATE_PRECEDENCE = 3;
const ATOM_PRECEDENCE = 4;

function precedence(e: Expr): number {
  if (e.kind === 'binary') return PRECEDENCE[e.op];
  return e.kind === 'negate' ? NEGATE_PRECEDENCE : ATOM_PRECEDENCE;
}

/**
 * expr written out for a reader, each input replaced by show(name) ("1,577 ÷ 4,117 × 100"), with
 * × ÷ − and only the parentheses precedence needs: a right operand of − or ÷ keeps its own at equal
 * precedence (a − (b − c), a ÷ (b × c)); a negation keeps them when it is a right operand (a × (−b))
 * and around a negation or an operation it negates (−(a + b)).
 * A shown value that starts with a minus sign is put in parentheses unless it comes first.
 */
export function formatExpression(expr: Expr, show: (name: string) => string): string {
  const render = (e: Expr, leading: boolean): string => {
    if (e.kind === 'number') return String(e.value);
    if (e.kind === 'input') {
      const text = show(e.name);
      return !leading && /^\s*[-\u2212]/.test(text) ? `(${text})` : text;
    }
    if (e.kind === 'negate') {
      const wrap = e.operand.kind !== 'number' && e.operand.kind !== 'input';
      return `\u2212${wrap ? `(${render(e.operand, true)})` : render(e.operand, false)}`;
    }
    const p = PRECEDENCE[e.op];
    const wrapLeft = precedence(e.left) < p;
    const wrapRight = precedence(e.right) < p || (precedence(e.right) === p && (e.op === '-' || e.op === '/')) || e.right.kind === 'negate';
    const left = wrapLeft ? `(${render(e.left, true)})` : render(e.left, leading);
    const right = wrapRight ? `(${render(e.right, true)})` : render(e.right, false);
    return `${left} ${SYMBOL[e.op]} ${right}`;
  };
  return render(expr, true);
}
