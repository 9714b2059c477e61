import {
  MAX_TOKENS,
  operationCount,
  parseTokens,
  tokenize,
  variablesOf,
  type MathNode,
  type Token,
} from './math-parser.ts';
import { div, format, isZero, mul, NumberTooLargeError, rational, type Rational } from './rational.ts';

import { solveArithmetic } from './math-arithmetic.ts';
import { solveCheck, solveEquation } from './math-equations.ts';
import { MathError, resultWords, show, TOO_LARGE, TOO_LONG, type MathSolution } from './math-expressions.ts';

export { TOO_LARGE, TOO_LONG, type MathSolution } from './math-expressions.ts';

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
