// The offline tutor's expressions: their value in exact fractions, how a child writes them, and one operation
// explained. math-arithmetic.ts and math-equations.ts build the worked steps on these; math-solver.ts reads a message.
import type { BinaryOp, MathNode } from './math-parser.ts';
import {
  add,
  describe,
  div,
  format,
  isInteger,
  lcm,
  MAX_DIGITS,
  MAX_EXPONENT,
  mul,
  neg,
  NumberTooLargeError,
  power,
  rational,
  sub,
  type Rational,
} from './rational.ts';

/** A worked solution the offline tutor can show. */
export type MathSolution =
  | {
      kind: 'arithmetic' | 'percent' | 'equation' | 'check';
      /** The problem as understood, in symbols. */
      problem: string;
      steps: string[];
      /** The result in words a child reads ("14", "x = 4", "true"). */
      answer: string;
      /** The numeric result (for arithmetic, percent and equation). */
      value?: Rational;
    }
  | { kind: 'unsolvable'; problem: string | null; reason: string };

/** What the tutor says instead of working out a number beyond MAX_DIGITS digits. */
export const TOO_LARGE = `That number is too large for me to work out: I work with numbers up to ${MAX_DIGITS} digits long. Try it with smaller numbers, and I will show you the method.`;
/** What the tutor says to an expression of more than MAX_TOKENS symbols. */
export const TOO_LONG =
  'That is too long for me to work out in one go. Split it into smaller parts and ask me about each one.';

const SYMBOL: Record<BinaryOp, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '^': '^' };
const PRECEDENCE: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 3 };

export class MathError extends Error {}

export function evaluate(node: MathNode, env: Record<string, Rational> = {}): Rational {
  switch (node.t) {
    case 'num':
      return node.v;
    case 'var': {
      const value = env[node.name];
      if (!value) throw new MathError(`unknown ${node.name}`);
      return value;
    }
    case 'neg':
      return neg(evaluate(node.x, env));
    case 'pct':
      return div(evaluate(node.x, env), rational(100n));
    case 'bin':
      return apply(node.op, evaluate(node.l, env), evaluate(node.r, env));
  }
}

export function apply(op: BinaryOp, a: Rational, b: Rational): Rational {
  try {
    switch (op) {
      case '+':
        return add(a, b);
      case '-':
        return sub(a, b);
      case '*':
        return mul(a, b);
      case '/':
        return div(a, b);
      case '^':
        return power(a, b);
    }
  } catch (error) {
    if (error instanceof NumberTooLargeError) throw new MathError(TOO_LARGE);
    if (error instanceof RangeError) {
      throw new MathError(
        error.message === 'exponent'
          ? `I can only work out powers with a whole-number exponent up to ${MAX_EXPONENT}.`
          : "We can't divide by zero, so this has no answer.",
      );
    }
    throw error;
  }
}

/** Prints an expression the way a child writes it: × and ÷, fractions as a/b, brackets kept. */
export function show(node: MathNode, decimal: boolean, parent?: { op: BinaryOp; side: 'l' | 'r' }): string {
  switch (node.t) {
    case 'num': {
      const text = format(node.v, decimal || node.decimal);
      const fraction = text.includes('/');
      const negative = node.v.n < 0n;
      if (parent && (negative || fraction)) {
        const tight = parent.op === '^' || (parent.side === 'r' && parent.op !== '+');
        if ((negative && parent.side === 'r') || (fraction && tight) || (negative && parent.op === '^'))
          return `(${text})`;
      }
      return text;
    }
    case 'var':
      return node.name;
    case 'neg': {
      const inner = `−${show(node.x, decimal, { op: '*', side: 'r' })}`;
      return node.paren || parent?.side === 'r' ? `(${inner})` : inner;
    }
    case 'pct':
      return `${show(node.x, decimal, { op: '^', side: 'l' })}%`;
    case 'bin': {
      const l = show(node.l, decimal, { op: node.op, side: 'l' });
      const r = show(node.r, decimal, { op: node.op, side: 'r' });
      const isFraction = node.op === '/' && node.bar === true;
      let text: string;
      if (isFraction) text = `${l}/${r}`;
      else if (node.op === '*' && node.r.t === 'var' && node.l.t === 'num') text = `${l}${r}`;
      else if (node.op === '^') text = `${l}^${r}`;
      else if (node.of) text = `${l} of ${r}`;
      else text = `${l} ${SYMBOL[node.op]} ${r}`;
      const needs =
        node.paren ||
        (parent &&
          !isFraction &&
          (PRECEDENCE[node.op] < PRECEDENCE[parent.op] ||
            (parent.side === 'r' && PRECEDENCE[node.op] === PRECEDENCE[parent.op])));
      return needs ? `(${text})` : text;
    }
  }
}

export const num = (v: Rational, decimal: boolean): MathNode => ({ t: 'num', v, decimal });

/** Explains one operation on two numbers. */
export function explain(op: BinaryOp, a: Rational, b: Rational, result: Rational, decimal: boolean): string {
  const f = (x: Rational) => format(x, decimal);
  const fractions = !decimal && (!isInteger(a) || !isInteger(b));
  if ((op === '+' || op === '-') && fractions && a.d !== b.d) {
    const common = lcm(a.d, b.d);
    const scaled = (x: Rational) => `${x.n * (common / x.d)}/${common}`;
    const verb = op === '+' ? 'add' : 'subtract';
    return `To ${verb} ${f(a)} and ${f(b)}, give them the same denominator, ${common}: ${scaled(a)} ${SYMBOL[op]} ${scaled(b)} = ${f(result)}`;
  }
  if ((op === '+' || op === '-') && fractions) {
    return `${f(a)} ${SYMBOL[op]} ${f(b)} = ${f(result)} (same denominator: ${op === '+' ? 'add' : 'subtract'} the numerators)`;
  }
  if (op === '*' && fractions) {
    const raw = `${a.n * b.n}/${a.d * b.d}`;
    const tail = raw === f(result) ? '' : ` = ${f(result)}`;
    return `Multiply the numerators and the denominators: ${f(a)} × ${f(b)} = ${raw}${tail}`;
  }
  if (op === '/' && !isInteger(b) && !decimal) {
    const flipped = rational(b.d, b.n);
    return `Dividing by ${f(b)} is the same as multiplying by ${f(flipped)}: ${f(a)} × ${f(flipped)} = ${f(result)}`;
  }
  if (op === '/' && isInteger(a) && isInteger(b) && !isInteger(result) && !decimal) {
    if (result.n !== a.n) {
      const factor = a.n / result.n;
      return `Simplify ${f(a)}/${f(b)} by dividing the top and the bottom by ${factor}: ${f(a)}/${f(b)} = ${f(result)}`;
    }
    return `${f(a)} ÷ ${f(b)} does not come out even, so we write it as a fraction: ${f(result)}`;
  }
  if (op === '^' && isInteger(b) && b.n >= 2n && b.n <= 5n) {
    const base = show(num(a, decimal), decimal, { op: '*', side: 'r' });
    const repeated = Array.from({ length: Number(b.n) }, () => base).join(' × ');
    return `${f(a)}^${f(b)} means ${repeated} = ${f(result)}`;
  }
  const l = show(num(a, decimal), decimal, { op, side: 'l' });
  const r = show(num(b, decimal), decimal, { op, side: 'r' });
  return op === '^' ? `${l}^${r} = ${f(result)}` : `${l} ${SYMBOL[op]} ${r} = ${f(result)}`;
}

export function hasDecimal(node: MathNode): boolean {
  if (node.t === 'num') return node.decimal;
  if (node.t === 'bin') return hasDecimal(node.l) || hasDecimal(node.r);
  if (node.t === 'neg' || node.t === 'pct') return hasDecimal(node.x);
  return false;
}

export function resultWords(value: Rational, decimal: boolean): string {
  const text = format(value, decimal);
  const other = decimal ? null : describe(value);
  return other ? `${text} (that is ${other})` : text;
}
