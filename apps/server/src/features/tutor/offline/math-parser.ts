import { fromDecimal, isTooLong, mul, rational, type Rational } from './rational.ts';

/** A parsed expression. `paren` marks a bracket the learner wrote, kept in print until its inside is a number. */
export type MathNode =
  | { t: 'num'; v: Rational; decimal: boolean }
  | { t: 'var'; name: string }
  | { t: 'bin'; op: BinaryOp; l: MathNode; r: MathNode; paren?: boolean; of?: boolean; bar?: boolean }
  | { t: 'neg'; x: MathNode; paren?: boolean }
  | { t: 'pct'; x: MathNode; paren?: boolean };
export type BinaryOp = '+' | '-' | '*' | '/' | '^';

export type Token =
  | { kind: 'num'; v: Rational; decimal: boolean }
  // `/` is a fraction bar between two whole numbers (it binds tightest); `÷` and "divided by" are `div`.
  | { kind: 'op'; op: BinaryOp | '(' | ')' | '=' | '%' | 'of' | 'div' }
  | { kind: 'var'; name: string }
  | { kind: 'word'; text: string }
  // A number written with more than MAX_DIGITS digits: never read, so it costs nothing.
  | { kind: 'huge' };

// Words a child may write instead of symbols; longer phrases first.
const WORD_OPERATORS: [RegExp, string][] = [
  [/\bmultiplied\s+by\b/g, ' * '],
  [/\bdivided\s+by\b/g, ' ÷ '],
  [/\bper\s*cent\b/g, ' % '],
  [/\bpercentage\b/g, ' % '],
  [/\btimes\b/g, ' * '],
  [/\bplus\b/g, ' + '],
  [/\bminus\b/g, ' - '],
  [/\bsquared\b/g, ' ^ 2 '],
  [/\bcubed\b/g, ' ^ 3 '],
  [/\bequals\b/g, ' = '],
];
const SYMBOLS: Record<string, string> = { '×': '*', '−': '-', '–': '-', '∗': '*', '·': '*' };
// Single letters that are words, not unknowns.
const NOT_VARIABLES = new Set(['a', 'i']);
/** The most tokens one expression may have (about 40 operations), which bounds the work per message. */
export const MAX_TOKENS = 80;
const THOUSANDS = /,[0-9]{3}(?![0-9])/y;

/** Splits a message into numbers, operators, single-letter unknowns and other words. */
export function tokenize(message: string): Token[] {
  let text = message.toLowerCase();
  for (const [symbol, op] of Object.entries(SYMBOLS)) text = text.split(symbol).join(op);
  for (const [pattern, op] of WORD_OPERATORS) text = text.replace(pattern, op);
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length && tokens.length <= MAX_TOKENS * 4) {
    const c = text[i]!;
    if (/\s/.test(c)) {
      i += 1;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(text[i + 1] ?? ''))) {
      let j = i;
      while (j < text.length && /[0-9]/.test(text[j]!)) j += 1;
      // A thousands separator only when exactly three digits follow: "1,200" but not "1, 2".
      for (THOUSANDS.lastIndex = j; THOUSANDS.test(text); THOUSANDS.lastIndex = j) j += 4;
      let decimal = false;
      if (text[j] === '.' && /[0-9]/.test(text[j + 1] ?? '')) {
        decimal = true;
        j += 1;
        while (j < text.length && /[0-9]/.test(text[j]!)) j += 1;
      }
      const written = text.slice(i, j);
      tokens.push(isTooLong(written) ? { kind: 'huge' } : { kind: 'num', v: fromDecimal(written), decimal });
      i = j;
    } else if ('+-*/^()=%÷'.includes(c)) {
      tokens.push({ kind: 'op', op: c === '÷' ? 'div' : (c as BinaryOp) });
      i += 1;
    } else if (/[a-z]/.test(c)) {
      let j = i;
      while (j < text.length && /[a-z']/.test(text[j]!)) j += 1;
      const word = text.slice(i, j);
      if (word === 'of') tokens.push({ kind: 'op', op: 'of' });
      else if (word.length === 1 && !NOT_VARIABLES.has(word)) tokens.push({ kind: 'var', name: word });
      else tokens.push({ kind: 'word', text: word });
      i = j;
    } else {
      tokens.push({ kind: 'word', text: c });
      i += 1;
    }
  }
  return tokens;
}

class ParseError extends Error {}

/** A recursive-descent parser over one run of tokens; it must use every token. */
class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  parseAll(): MathNode {
    const node = this.expr();
    if (this.i !== this.tokens.length) throw new ParseError('trailing tokens');
    return node;
  }

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t?.kind === 'op' && t.op === op;
  }

  private expr(): MathNode {
    let node = this.term();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.i++] as { op: BinaryOp }).op;
      node = { t: 'bin', op, l: node, r: this.term() };
    }
    return node;
  }

  private term(): MathNode {
    let node = this.unary();
    for (;;) {
      const t = this.peek();
      if (t?.kind === 'op' && (t.op === '*' || t.op === '/' || t.op === 'div' || t.op === 'of')) {
        this.i += 1;
        const op = t.op === '/' || t.op === 'div' ? '/' : '*';
        node = { t: 'bin', op, l: node, r: this.unary(), ...(t.op === 'of' ? { of: true } : {}) };
      } else if (t && (t.kind === 'var' || (t.kind === 'op' && t.op === '('))) {
        // Implicit multiplication: 2x, 3(x + 1), (2)(3).
        node = { t: 'bin', op: '*', l: node, r: this.unary() };
      } else return node;
    }
  }

  private unary(): MathNode {
    if (this.isOp('-')) {
      this.i += 1;
      const x = this.unary();
      return x.t === 'num' ? { ...x, v: mul(x.v, rational(-1n)) } : { t: 'neg', x };
    }
    if (this.isOp('+')) {
      this.i += 1;
      return this.unary();
    }
    return this.power();
  }

  private power(): MathNode {
    const base = this.postfix();
    if (this.isOp('^')) {
      this.i += 1;
      return { t: 'bin', op: '^', l: base, r: this.unary() };
    }
    return base;
  }

  private postfix(): MathNode {
    let node = this.primary();
    while (this.isOp('%')) {
      this.i += 1;
      node = { t: 'pct', x: node };
    }
    return node;
  }

  private primary(): MathNode {
    const t = this.tokens[this.i++];
    if (!t) throw new ParseError('unexpected end');
    if (t.kind === 'num') {
      const bar = this.tokens[this.i];
      const below = this.tokens[this.i + 1];
      const after = this.tokens[this.i + 2];
      const isWhole = (k: Token | undefined) => k?.kind === 'num' && !k.decimal && k.v.d === 1n;
      // 2/3 ÷ 4/5 divides two fractions: a bar between whole numbers binds tighter than ÷ (not than ^).
      if (
        isWhole(t) &&
        bar?.kind === 'op' &&
        bar.op === '/' &&
        isWhole(below) &&
        !(after?.kind === 'op' && after.op === '^')
      ) {
        this.i += 2;
        const d = below as { v: Rational };
        return {
          t: 'bin',
          op: '/',
          bar: true,
          l: { t: 'num', v: t.v, decimal: false },
          r: { t: 'num', v: d.v, decimal: false },
        };
      }
      return { t: 'num', v: t.v, decimal: t.decimal };
    }
    if (t.kind === 'var') return { t: 'var', name: t.name };
    if (t.kind === 'op' && t.op === '(') {
      const inner = this.expr();
      if (!this.isOp(')')) throw new ParseError('missing )');
      this.i += 1;
      return inner.t === 'num' || inner.t === 'var' ? inner : { ...inner, paren: true };
    }
    throw new ParseError('unexpected token');
  }
}

/** Parses tokens into an expression, or null when they are not one. */
export function parseTokens(tokens: Token[]): MathNode | null {
  if (tokens.length === 0 || tokens.length > MAX_TOKENS) return null;
  try {
    return new Parser(tokens).parseAll();
  } catch (error) {
    if (error instanceof ParseError) return null;
    throw error;
  }
}

/** Parses one expression written as text (tests and hints). */
export function parseExpression(text: string): MathNode | null {
  return parseTokens(tokenize(text));
}

/** The unknowns an expression uses. */
export function variablesOf(node: MathNode, into = new Set<string>()): Set<string> {
  if (node.t === 'var') into.add(node.name);
  else if (node.t === 'bin') {
    variablesOf(node.l, into);
    variablesOf(node.r, into);
  } else if (node.t === 'neg' || node.t === 'pct') variablesOf(node.x, into);
  return into;
}

/** Counts the operations in an expression. */
export function operationCount(node: MathNode): number {
  if (node.t === 'bin') return 1 + operationCount(node.l) + operationCount(node.r);
  if (node.t === 'neg') return operationCount(node.x);
  if (node.t === 'pct') return 1 + operationCount(node.x);
  return 0;
}
