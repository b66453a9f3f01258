import { describe, expect, it } from 'vitest';
import { evaluate, ExpressionError, formatExpression, inputsOf, isExpressionError, parseExpression, type Expr } from './expr';

const none = (): undefined => undefined;
const calc = (src: string, inputs: Record<string, number> = {}): number => evaluate(parseExpression(src), (n) => inputs[n]);
const fmt = (src: string, show: (name: string) => string = (n) => n): string => formatExpression(parseExpression(src), show);

function refusal(src: string): ExpressionError {
  try {
    parseExpression(src);
  } catch (e) {
    expect(isExpressionError(e)).toBe(true);
    expect(e).toBeInstanceOf(ExpressionError);
    expect((e as ExpressionError).code).toBe('syntax');
    return e as ExpressionError;
  }
  throw new Error(`parsed: ${src}`);
}

describe('parseExpression and evaluate', () => {
  it('reads numbers, including a leading decimal point', () => {
    expect(calc('1577')).toBe(1577);
    expect(calc('12.5')).toBe(12.5);
    expect(calc('.5')).toBe(0.5);
    expect(calc('  7 ')).toBe(7);
  });

  it('gives * and / precedence over + and -', () => {
    expect(calc('1 + 2 * 3')).toBe(7);
    expect(calc('(1 + 2) * 3')).toBe(9);
    expect(calc('10 - 6 / 2')).toBe(7);
  });

  it('associates - and / to the left', () => {
    expect(calc('10 - 4 - 3')).toBe(3);
    expect(calc('100 / 10 / 5')).toBe(2);
    expect(calc('10 - (4 - 3)')).toBe(9);
    expect(calc('8 / 4 * 2')).toBe(4);
  });

  it('reads unary minus, repeated and inside operations', () => {
    expect(calc('-3')).toBe(-3);
    expect(calc('--3')).toBe(3);
    expect(calc('2 * -3')).toBe(-6);
    expect(calc('-2 * 3 + 1')).toBe(-5);
    expect(calc('-(2 + 3)')).toBe(-5);
    expect(calc('1 - -1')).toBe(2);
  });

  it('reads the unicode × ÷ − signs', () => {
    expect(calc('6 × 2 ÷ 4 − 1')).toBe(2);
    expect(calc('−a', { a: 4 })).toBe(-4);
  });

  it('looks named inputs up, case-insensitively', () => {
    expect(calc('operating_income / revenue * 100', { operating_income: 25, revenue: 200 })).toBe(12.5);
    expect(calc('(Inventory + PRIOR_inventory) / 2', { inventory: 10, prior_inventory: 20 })).toBe(15);
    expect(calc('_x1 + x2', { _x1: 1, x2: 2 })).toBe(3);
  });
});

describe('evaluate', () => {
  it('names a missing input, and all of them', () => {
    const e = (() => {
      try {
        calc('a + b * c', { b: 1 });
      } catch (err) {
        return err as ExpressionError;
      }
    })();
    expect(e?.code).toBe('missing-input');
    expect(e?.message).toContain("'a'");
    expect(e?.inputs).toEqual(['a', 'c']);
  });

  it('refuses division by zero and non-finite inputs', () => {
    expect(() => calc('a / (b - b)', { a: 1, b: 2 })).toThrow(/Division by zero/);
    expect(() => calc('1 / 0')).toThrow(expect.objectContaining({ code: 'division-by-zero' }));
    expect(() => calc('a + 1', { a: NaN })).toThrow(expect.objectContaining({ code: 'not-finite' }));
    expect(() => calc('a * a', { a: 1e300 })).toThrow(expect.objectContaining({ code: 'not-finite' }));
  });

  it('never returns -0', () => {
    expect(Object.is(calc('-0'), 0)).toBe(true);
    expect(Object.is(calc('-a', { a: 0 }), 0)).toBe(true);
  });

  it('looks each input up once', () => {
    const asked: string[] = [];
    evaluate(parseExpression('a + a * b'), (n) => (asked.push(n), 1));
    expect(asked).toEqual(['a', 'b']);
  });

  it('builds the expected tree', () => {
    const tree: Expr = {
      kind: 'binary',
      op: '-',
      left: { kind: 'binary', op: '-', left: { kind: 'input', name: 'a' }, right: { kind: 'number', value: 1 } },
      right: { kind: 'negate', operand: { kind: 'input', name: 'b' } },
    };
    expect(parseExpression('a - 1 - -b')).toEqual(tree);
  });
});

describe('refusals', () => {
  it.each([
    ['constructor', 0],
    ['__proto__ + 1', 0],
    ['a(b)', 1],
    ['1;2', 1],
    ['x=1', 1],
    ['2**3', 2],
    ['2^3', 1],
    ['process.exit()', 7],
    ['1,577', 1],
    ['"1"', 0],
    ["'a'", 0],
    ['`a`', 0],
    ['a[0]', 1],
    ['{}', 0],
    ['1.2.3', 3],
    ['12.', 2],
    ['a // b', 3],
    ['a /* b */', 3],
    ['x == 1', 2],
    ['a ? b : c', 2],
    ['$a', 0],
    ['é', 0],
  ])('refuses %s at position %i', (src, position) => {
    const e = refusal(src);
    expect(e.position).toBe(position);
    expect(e.message).toContain(`position ${position}`);
  });

  it('names the offending character', () => {
    expect(refusal('a(b)').message).toMatch(/'\('.*function call/);
    expect(refusal('1;2').message).toContain("';'");
    expect(refusal('2**3').message).toContain('power');
    expect(refusal('process.exit()').message).toContain('property access');
    expect(refusal('constructor').message).toContain('reserved');
    expect(refusal('a\u0000').message).toContain('U+0000');
  });

  it('refuses empty input and incomplete or run-together formulas', () => {
    expect(refusal('').message).toMatch(/Empty/);
    expect(refusal('   ').message).toMatch(/Empty/);
    expect(refusal('1 +').message).toContain('the end of the expression');
    expect(refusal('(1 + 2').message).toContain("')'");
    expect(refusal('1 + 2)').position).toBe(5);
    expect(refusal('2 (3)').position).toBe(2);
    expect(refusal('a b').position).toBe(2);
    expect(refusal('2x').position).toBe(1);
    expect(refusal('1e5').position).toBe(1);
    expect(refusal('+1').position).toBe(0);
    expect(refusal('()').position).toBe(1);
    expect(refusal('1' + '0'.repeat(400)).message).toMatch(/too large/);
  });

  it('refuses nesting deep enough to threaten the stack', () => {
    expect(refusal('('.repeat(1000) + '1' + ')'.repeat(1000)).message).toMatch(/nested too deeply/);
    expect(refusal('-'.repeat(1000) + '1').message).toMatch(/nested too deeply/);
    expect(calc('('.repeat(30) + '1' + ')'.repeat(30))).toBe(1);
  });
});

describe('inputsOf', () => {
  it('lists distinct names in order of appearance', () => {
    expect(inputsOf(parseExpression('365 * (inventory + prior_inventory) / 2 / cost_of_revenue + inventory'))).toEqual(['inventory', 'prior_inventory', 'cost_of_revenue']);
    expect(inputsOf(parseExpression('2 + 3'))).toEqual([]);
  });
});

describe('formatExpression', () => {
  it('uses × ÷ − and shows the inputs', () => {
    const shown: Record<string, string> = { operating_income: '1,577', revenue: '4,117' };
    expect(fmt('operating_income / revenue * 100', (n) => shown[n])).toBe('1,577 ÷ 4,117 × 100');
    expect(fmt('a - b')).toBe('a − b');
  });

  it('keeps only the parentheses precedence and left-associativity need', () => {
    expect(fmt('(a + b) / 2')).toBe('(a + b) ÷ 2');
    expect(fmt('a + (b + c)')).toBe('a + b + c');
    expect(fmt('a + (b - c)')).toBe('a + b − c');
    expect(fmt('a - (b + c)')).toBe('a − (b + c)');
    expect(fmt('a - (b - c)')).toBe('a − (b − c)');
    expect(fmt('(a - b) - c')).toBe('a − b − c');
    expect(fmt('a * (b / c)')).toBe('a × b ÷ c');
    expect(fmt('a / (b * c)')).toBe('a ÷ (b × c)');
    expect(fmt('a / (b / c)')).toBe('a ÷ (b ÷ c)');
    expect(fmt('(a * b) + (c * d)')).toBe('a × b + c × d');
    expect(fmt('((a))')).toBe('a');
  });

  it('writes negation plainly, with parentheses where it could be misread', () => {
    expect(fmt('-a')).toBe('−a');
    expect(fmt('-(a + b)')).toBe('−(a + b)');
    expect(fmt('--a')).toBe('−(−a)');
    expect(fmt('-a * b')).toBe('−a × b');
    expect(fmt('a - -b')).toBe('a − (−b)');
    expect(fmt('a * -2')).toBe('a × (−2)');
  });

  it('puts a negative shown value in parentheses unless it comes first', () => {
    const show = (n: string): string => (n === 'x' ? '-3.7' : '10');
    expect(fmt('x * y', show)).toBe('-3.7 × 10');
    expect(fmt('y - x', show)).toBe('10 − (-3.7)');
    expect(fmt('(x + y) / y', show)).toBe('(-3.7 + 10) ÷ 10');
  });

  it('writes what parses back to the same tree', () => {
    for (const src of ['a - (b - c) / -d', '-(a * b) - c', '(a + b) * (c - d) / (e / f)', '365 * (inventory + prior_inventory) / 2 / cost_of_revenue']) {
      const tree = parseExpression(src);
      expect(parseExpression(formatExpression(tree, (n) => n))).toEqual(tree);
    }
  });
});

describe('evaluate with no inputs', () => {
  it('needs no lookup for constants', () => {
    expect(evaluate(parseExpression('(1 + 2) * 3'), none)).toBe(9);
  });
});
