// Linear equations in one unknown, solved step by step, and equations without an unknown checked.
import type { MathNode } from './math-parser.ts';
import {
  add,
  div,
  equals,
  format,
  isInteger,
  isZero,
  mul,
  neg,
  rational,
  sub,
  type Rational,
} from './rational.ts';

import { apply, evaluate, hasDecimal, resultWords, show, type MathSolution } from './math-expressions.ts';

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

export function solveEquation(left: MathNode, right: MathNode, x: string): MathSolution {
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

export function solveCheck(left: MathNode, right: MathNode): MathSolution {
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
