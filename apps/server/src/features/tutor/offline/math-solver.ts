import {
  MAX_TOKENS,
  operationCount,
  parseTokens,
  tokenize,
  variablesOf,
  type BinaryOp,
  type MathNode,
  type Token,
} from './math-parser.ts';
import {
  add,
  describe,
  div,
  equals,
  format,
  isInteger,
  isZero,
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

const MAX_STEPS = 15;
const SYMBOL: Record<BinaryOp, string> = { '+': '+', '-': '−', '*': '×', '/': '÷', '^': '^' };
const PRECEDENCE: Record<BinaryOp, number> = { '+': 1, '-': 1, '*': 2, '/': 2, '^': 3 };

class MathError extends Error {}

function evaluate(node: MathNode, env: Record<string, Rational> = {}): Rational {
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

function apply(op: BinaryOp, a: Rational, b: Rational): Rational {
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
function show(node: MathNode, decimal: boolean, parent?: { op: BinaryOp; side: 'l' | 'r' }): string {
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

const num = (v: Rational, decimal: boolean): MathNode => ({ t: 'num', v, decimal });

/** Explains one operation on two numbers. */
function explain(op: BinaryOp, a: Rational, b: Rational, result: Rational, decimal: boolean): string {
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

interface Reduction {
  node: MathNode;
  explanation: string | null;
  order?: BinaryOp;
}

/** Evaluates the leftmost innermost operation whose inputs are both numbers. */
function reduceOnce(node: MathNode, decimal: boolean): Reduction | null {
  switch (node.t) {
    case 'num':
    case 'var':
      return null;
    case 'neg': {
      if (node.x.t !== 'num') {
        const inner = reduceOnce(node.x, decimal);
        return inner && { ...inner, node: { ...node, x: inner.node } };
      }
      return { node: num(neg(node.x.v), decimal || node.x.decimal), explanation: null };
    }
    case 'pct': {
      if (node.x.t !== 'num') {
        const inner = reduceOnce(node.x, decimal);
        return inner && { ...inner, node: { ...node, x: inner.node } };
      }
      const value = div(node.x.v, rational(100n));
      const text = format(node.x.v, true);
      return {
        node: num(value, decimal),
        explanation: `${text}% means ${text} out of 100, that is ${text}/100${
          format(value, decimal) === `${text}/100` ? '' : ` = ${format(value, decimal)}`
        }`,
      };
    }
    case 'bin': {
      if (node.l.t !== 'num') {
        const inner = reduceOnce(node.l, decimal);
        if (inner) return { ...inner, node: { ...node, l: inner.node } };
      }
      if (node.r.t !== 'num') {
        const inner = reduceOnce(node.r, decimal);
        if (inner) return { ...inner, node: { ...node, r: inner.node } };
      }
      if (node.l.t !== 'num' || node.r.t !== 'num') return null;
      const result = apply(node.op, node.l.v, node.r.v);
      const isDecimal = decimal || node.l.decimal || node.r.decimal;
      // A fraction already in lowest terms (3/4) is a number, not a step.
      const silentFraction = node.bar === true && result.n === node.l.v.n && !isInteger(result);
      return {
        node: num(result, isDecimal),
        explanation: silentFraction ? null : explain(node.op, node.l.v, node.r.v, result, isDecimal),
        order: node.op,
      };
    }
  }
}

function hasDecimal(node: MathNode): boolean {
  if (node.t === 'num') return node.decimal;
  if (node.t === 'bin') return hasDecimal(node.l) || hasDecimal(node.r);
  if (node.t === 'neg' || node.t === 'pct') return hasDecimal(node.x);
  return false;
}

function topOps(node: MathNode, into = new Set<BinaryOp>()): Set<BinaryOp> {
  if (node.t === 'bin') {
    into.add(node.op);
    topOps(node.l, into);
    topOps(node.r, into);
  } else if (node.t === 'neg' || node.t === 'pct') topOps(node.x, into);
  return into;
}

function resultWords(value: Rational, decimal: boolean): string {
  const text = format(value, decimal);
  const other = decimal ? null : describe(value);
  return other ? `${text} (that is ${other})` : text;
}

function solveArithmetic(expression: MathNode): MathSolution {
  const decimal = hasDecimal(expression);
  const problem = show(expression, decimal);
  const value = evaluate(expression);
  const ops = topOps(expression);
  const mixed = (ops.has('+') || ops.has('-')) && (ops.has('*') || ops.has('/'));
  const steps: string[] = [];
  let current = expression;
  let explainedOrder = false;
  for (let n = 0; n < 64 && current.t !== 'num'; n++) {
    const step = reduceOnce(current, decimal);
    if (!step) break;
    current = step.node;
    if (!step.explanation) continue;
    let text = step.explanation;
    if (mixed && !explainedOrder && (step.order === '*' || step.order === '/')) {
      text = `Multiply and divide before adding and subtracting: ${text}`;
      explainedOrder = true;
    }
    const rest = show(current, decimal);
    if (current.t !== 'num') text += `, so now we have ${rest}`;
    steps.push(`${text}.`);
  }
  const kind =
    ops.size === 0 && expression.t === 'pct' ? 'percent' : hasPercent(expression) ? 'percent' : 'arithmetic';
  const answer = resultWords(value, decimal);
  const trimmed = steps.length > MAX_STEPS ? [...steps.slice(0, MAX_STEPS - 1), '…and so on.'] : steps;
  return { kind, problem, steps: trimmed, answer, value };
}

function hasPercent(node: MathNode): boolean {
  if (node.t === 'pct') return true;
  if (node.t === 'bin') return hasPercent(node.l) || hasPercent(node.r);
  if (node.t === 'neg') return hasPercent(node.x);
  return false;
}

/** a·x + b, or null when the expression is not linear in x. */
interface Linear {
  a: Rational;
  b: Rational;
}

function linear(node: MathNode, x: string): Linear | null {
  const zero = rational(0n);
  switch (node.t) {
    case 'num':
      return { a: zero, b: node.v };
    case 'var':
      return node.name === x ? { a: rational(1n), b: zero } : null;
    case 'neg': {
      const inner = linear(node.x, x);
      return inner && { a: neg(inner.a), b: neg(inner.b) };
    }
    case 'pct': {
      const inner = linear(node.x, x);
      return inner && { a: div(inner.a, rational(100n)), b: div(inner.b, rational(100n)) };
    }
    case 'bin': {
      const l = linear(node.l, x);
      const r = linear(node.r, x);
      if (!l || !r) return null;
      switch (node.op) {
        case '+':
          return { a: add(l.a, r.a), b: add(l.b, r.b) };
        case '-':
          return { a: sub(l.a, r.a), b: sub(l.b, r.b) };
        case '*':
          if (!isZero(l.a) && !isZero(r.a)) return null;
          return { a: add(mul(l.a, r.b), mul(r.a, l.b)), b: mul(l.b, r.b) };
        case '/':
          if (!isZero(r.a) || isZero(r.b)) return null;
          return { a: div(l.a, r.b), b: div(l.b, r.b) };
        case '^':
          if (!isZero(l.a) || !isZero(r.a)) return null;
          return { a: zero, b: apply('^', l.b, r.b) };
      }
    }
  }
}

function showLinear({ a, b }: Linear, x: string, decimal: boolean): string {
  const f = (v: Rational) => format(v, decimal);
  let term = '';
  if (!isZero(a)) {
    if (equals(a, rational(1n))) term = x;
    else if (equals(a, rational(-1n))) term = `−${x}`;
    else term = isInteger(a) || decimal ? `${f(a)}${x}` : `(${f(a)})${x}`;
  }
  if (isZero(b)) return term || '0';
  if (!term) return f(b);
  return b.n < 0n ? `${term} − ${f(neg(b))}` : `${term} + ${f(b)}`;
}

function solveEquation(left: MathNode, right: MathNode, x: string): MathSolution {
  const decimal = hasDecimal(left) || hasDecimal(right);
  const f = (v: Rational) => format(v, decimal);
  const problem = `${show(left, decimal)} = ${show(right, decimal)}`;
  const l = linear(left, x);
  const r = linear(right, x);
  if (!l || !r) {
    return {
      kind: 'unsolvable',
      problem,
      reason: `I can solve equations where ${x} appears only to the first power, like 2${x} + 3 = 11. This one has ${x} multiplied by itself, so it needs methods you'll meet later.`,
    };
  }
  const steps: string[] = [];
  const simplifiedLeft = showLinear(l, x, decimal);
  const simplifiedRight = showLinear(r, x, decimal);
  if (`${simplifiedLeft} = ${simplifiedRight}` !== problem) {
    steps.push(`Tidy up each side: ${simplifiedLeft} = ${simplifiedRight}.`);
  }
  let a = l.a;
  let b = l.b;
  let c = r.b;
  if (!isZero(r.a)) {
    const term = showLinear({ a: r.a, b: rational(0n) }, x, decimal);
    a = sub(l.a, r.a);
    const verb =
      r.a.n > 0n
        ? `Subtract ${term} from`
        : `Add ${showLinear({ a: neg(r.a), b: rational(0n) }, x, decimal)} to`;
    steps.push(
      `${verb} both sides to gather the ${x} terms on the left: ${showLinear({ a, b }, x, decimal)} = ${f(c)}.`,
    );
  }
  if (isZero(a)) {
    const holds = equals(b, c);
    return {
      kind: 'equation',
      problem,
      steps: [
        ...steps,
        holds
          ? `The ${x} terms cancel and both sides are equal (${f(b)} = ${f(c)}), so every number works for ${x}.`
          : `The ${x} terms cancel and we are left with ${f(b)} = ${f(c)}, which is false, so no number works for ${x}.`,
      ],
      answer: holds ? `every number works for ${x}` : `no number works for ${x}`,
    };
  }
  if (!isZero(b)) {
    c = sub(c, b);
    const verb = b.n > 0n ? `Subtract ${f(b)} from` : `Add ${f(neg(b))} to`;
    steps.push(`${verb} both sides: ${showLinear({ a, b: rational(0n) }, x, decimal)} = ${f(c)}.`);
    b = rational(0n);
  }
  const value = div(c, a);
  if (!equals(a, rational(1n))) {
    steps.push(
      equals(a, rational(-1n))
        ? `Multiply both sides by −1: ${x} = ${f(value)}.`
        : `Divide both sides by ${f(a)}: ${x} = ${f(c)} ÷ ${isInteger(a) || decimal ? f(a) : `(${f(a)})`} = ${f(value)}.`,
    );
  }
  const env = { [x]: value };
  steps.push(
    `Check: put ${x} = ${f(value)} back in. The left side is ${f(evaluate(left, env))} and the right side is ${f(evaluate(right, env))}, so it works.`,
  );
  return { kind: 'equation', problem, steps, answer: `${x} = ${resultWords(value, decimal)}`, value };
}

function solveCheck(left: MathNode, right: MathNode): MathSolution {
  const decimal = hasDecimal(left) || hasDecimal(right);
  const a = evaluate(left);
  const b = evaluate(right);
  const problem = `${show(left, decimal)} = ${show(right, decimal)}`;
  const holds = equals(a, b);
  return {
    kind: 'check',
    problem,
    steps: [
      `Work out each side: the left side is ${format(a, decimal)} and the right side is ${format(b, decimal)}.`,
    ],
    answer: holds ? 'true' : `false (the left side is ${format(a, decimal)})`,
  };
}

/** "12 is what percent of 80" and "what percent of 80 is 12", found by token shape. */
function percentQuestion(tokens: Token[]): MathSolution | null {
  const isWord = (t: Token | undefined, w: string) => t?.kind === 'word' && t.text === w;
  const isOp = (t: Token | undefined, op: string) => t?.kind === 'op' && t.op === op;
  for (let i = 0; i < tokens.length; i++) {
    let part: Rational | null = null;
    let whole: Rational | null = null;
    const t = tokens;
    // [A] is what % of [B]
    if (
      t[i]?.kind === 'num' &&
      isWord(t[i + 1], 'is') &&
      isWord(t[i + 2], 'what') &&
      isOp(t[i + 3], '%') &&
      isOp(t[i + 4], 'of') &&
      t[i + 5]?.kind === 'num'
    ) {
      part = (t[i] as { v: Rational }).v;
      whole = (t[i + 5] as { v: Rational }).v;
    }
    // what % of [B] is [A]
    if (
      isWord(t[i], 'what') &&
      isOp(t[i + 1], '%') &&
      isOp(t[i + 2], 'of') &&
      t[i + 3]?.kind === 'num' &&
      isWord(t[i + 4], 'is') &&
      t[i + 5]?.kind === 'num'
    ) {
      whole = (t[i + 3] as { v: Rational }).v;
      part = (t[i + 5] as { v: Rational }).v;
    }
    if (part && whole) {
      const decimal = tokens.some((k) => k.kind === 'num' && k.decimal);
      const f = (v: Rational) => format(v, decimal);
      if (isZero(whole))
        return {
          kind: 'unsolvable',
          problem: `${f(part)} out of 0`,
          reason: "We can't take a percentage of 0.",
        };
      const fraction = div(part, whole);
      const value = mul(fraction, rational(100n));
      return {
        kind: 'percent',
        problem: `${f(part)} as a percentage of ${f(whole)}`,
        steps: [
          `Write it as a fraction of the whole: ${f(part)}/${f(whole)}${format(fraction) === `${f(part)}/${f(whole)}` ? '' : ` = ${format(fraction)}`}.`,
          `Multiply by 100 to turn it into a percentage: ${format(fraction)} × 100 = ${format(value, true)}.`,
        ],
        answer: `${resultWords(value, true)}%`,
        value,
      };
    }
  }
  return null;
}

/** Reads "x" as "times" between two numbers when there is no equation ("3 x 4"). */
function timesX(run: Token[]): Token[] {
  if (run.some((t) => t.kind === 'op' && t.op === '=')) return run;
  return run.map((t, i) => {
    const before = run[i - 1];
    const after = run[i + 1];
    const numberBefore = before?.kind === 'num' || (before?.kind === 'op' && before.op === ')');
    const numberAfter = after?.kind === 'num' || (after?.kind === 'op' && after.op === '(');
    return t.kind === 'var' && t.name === 'x' && numberBefore && numberAfter ? { kind: 'op', op: '*' } : t;
  });
}

/** Runs of tokens that could be maths, split at words; trailing "=" and dangling operators trimmed. */
function mathRuns(tokens: Token[]): Token[][] {
  const runs: Token[][] = [];
  let run: Token[] = [];
  for (const t of tokens) {
    if (t.kind === 'word') {
      if (run.length) runs.push(run);
      run = [];
    } else run.push(t);
  }
  if (run.length) runs.push(run);
  return runs.map((r) => {
    let end = r.length;
    while (end > 0 && r[end - 1]!.kind === 'op' && !['%', ')'].includes((r[end - 1] as { op: string }).op))
      end -= 1;
    let start = 0;
    while (start < end && r[start]!.kind === 'op' && !['-', '('].includes((r[start] as { op: string }).op))
      start += 1;
    return timesX(r.slice(start, end));
  });
}

/**
 * Finds arithmetic, a percentage question or a one-unknown linear equation in a message and works it out step by
 * step with exact fractions. Returns null when the message holds no maths it can parse. The work is bounded: at most
 * MAX_TOKENS symbols per expression and numbers of at most MAX_DIGITS digits (else a refusal, TOO_LARGE or TOO_LONG).
 */
export function solveMaths(message: string): MathSolution | null {
  const tokens = tokenize(message);
  if (tokens.some((t) => t.kind === 'huge') && tokens.some((t) => t.kind === 'op'))
    return { kind: 'unsolvable', problem: null, reason: TOO_LARGE };
  try {
    return solveTokens(tokens);
  } catch (error) {
    if (error instanceof NumberTooLargeError) return { kind: 'unsolvable', problem: null, reason: TOO_LARGE };
    throw error;
  }
}

function solveTokens(tokens: Token[]): MathSolution | null {
  const percent = percentQuestion(tokens);
  if (percent) return percent;
  const candidates: { node: MathNode; right?: MathNode; size: number }[] = [];
  let tooLong = false;
  for (const run of mathRuns(tokens)) {
    if (run.length > MAX_TOKENS) {
      tooLong ||= run.some((t) => t.kind === 'op');
      continue;
    }
    const equalsAt = run.flatMap((t, i) => (t.kind === 'op' && t.op === '=' ? [i] : []));
    if (equalsAt.length === 1) {
      const left = parseTokens(run.slice(0, equalsAt[0]));
      const right = parseTokens(run.slice(equalsAt[0]! + 1));
      if (left && right) candidates.push({ node: left, right, size: run.length });
    } else if (equalsAt.length === 0) {
      const node = parseTokens(run);
      if (node && operationCount(node) > 0) candidates.push({ node, size: run.length });
    }
  }
  const best = candidates.sort((a, b) => b.size - a.size)[0];
  if (!best) return tooLong ? { kind: 'unsolvable', problem: null, reason: TOO_LONG } : null;
  try {
    if (best.right) {
      const unknowns = variablesOf({ t: 'bin', op: '+', l: best.node, r: best.right });
      if (unknowns.size === 0) return solveCheck(best.node, best.right);
      if (unknowns.size > 1) {
        return {
          kind: 'unsolvable',
          problem: `${show(best.node, false)} = ${show(best.right, false)}`,
          reason: `This equation has ${unknowns.size} unknowns (${[...unknowns].join(', ')}). I can solve equations with one unknown, like 2x + 3 = 11.`,
        };
      }
      return solveEquation(best.node, best.right, [...unknowns][0]!);
    }
    if (variablesOf(best.node).size > 0) return null;
    return solveArithmetic(best.node);
  } catch (error) {
    if (error instanceof MathError) {
      return { kind: 'unsolvable', problem: show(best.node, false), reason: error.message };
    }
    throw error;
  }
}

/** The solution as the tutor writes it. */
export function formatSolution(solution: MathSolution): string {
  if (solution.kind === 'unsolvable')
    return solution.problem === null
      ? solution.reason
      : `I looked at ${solution.problem}. ${solution.reason}`;
  const intro =
    solution.kind === 'check'
      ? `Let's check whether ${solution.problem} is true.`
      : `Let's work out ${solution.problem} step by step.`;
  const steps = solution.steps.map((s, i) => `${i + 1}. ${s}`);
  const outro =
    solution.kind === 'equation'
      ? `So ${solution.answer}.`
      : solution.kind === 'check'
        ? `So the statement is ${solution.answer}.`
        : solution.kind === 'percent' && solution.problem.includes('percentage')
          ? `So the answer is ${solution.answer}.`
          : `So ${solution.problem} = ${solution.answer}.`;
  return [intro, ...steps, outro].join('\n');
}
