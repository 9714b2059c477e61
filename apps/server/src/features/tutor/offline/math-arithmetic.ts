// Arithmetic and percentages worked step by step: the leftmost innermost operation first.
import type { BinaryOp, MathNode } from './math-parser.ts';
import { div, format, isInteger, neg, rational } from './rational.ts';

import {
  apply,
  evaluate,
  explain,
  hasDecimal,
  num,
  resultWords,
  show,
  type MathSolution,
} from './math-expressions.ts';

const MAX_STEPS = 15;

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

function topOps(node: MathNode, into = new Set<BinaryOp>()): Set<BinaryOp> {
  if (node.t === 'bin') {
    into.add(node.op);
    topOps(node.l, into);
    topOps(node.r, into);
  } else if (node.t === 'neg' || node.t === 'pct') topOps(node.x, into);
  return into;
}

export function solveArithmetic(expression: MathNode): MathSolution {
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
