// An independent solver for generated mathematics questions: it reads only the prompt text and works the
// answer out its own way (rational arithmetic, brute force, enumeration), never calling generator code.

/** An exact rational number [numerator, denominator], denominator > 0, in lowest terms. */
export type Rational = readonly [number, number];

const gcdOf = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcdOf(b, a % b));
const rational = (n: number, d = 1): Rational => {
  if (d === 0) throw new Error('division by zero in a prompt');
  const g = gcdOf(n, d) * Math.sign(d);
  return [n / g + 0, d / g];
};
const add = (a: Rational, b: Rational): Rational => rational(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
const mul = (a: Rational, b: Rational): Rational => rational(a[0] * b[0], a[1] * b[1]);
const neg = (a: Rational): Rational => rational(-a[0], a[1]);
const div = (a: Rational, b: Rational): Rational => rational(a[0] * b[1], a[1] * b[0]);
const pow = (a: Rational, e: number): Rational => Array.from({ length: e }).reduce<Rational>((acc) => mul(acc, a), rational(1));
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Evaluates an arithmetic expression as printed in prompts (×, ÷, /, −, brackets, powers, √, ∛, and `x`). */
export function evaluate(expression: string, x: Rational = rational(0)): Rational {
  const tokens = expression.replace(/(\d),(?=\d)/g, '$1').match(/\d+(?:\.\d+)?|[+\-−×÷/()x√∛?]|[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g) ?? [];
  let at = 0;
  const peek = (): string | undefined => tokens[at];
  const primary = (): Rational => {
    const token = tokens[at++];
    if (token === undefined) throw new Error(`unexpected end of ${expression}`);
    if (token === '(') {
      const inner = sum();
      at += 1;
      return inner;
    }
    if (token === '−' || token === '-') return neg(power());
    if (token === 'x' || token === '?') return x;
    if (token === '√' || token === '∛') {
      const radicand = power();
      const degree = token === '√' ? 2 : 3;
      const root = Math.round(radicand[0] ** (1 / degree));
      if (root ** degree !== radicand[0] || radicand[1] !== 1) throw new Error(`${token}${radicand[0]} is not whole`);
      return rational(root);
    }
    const [whole, fraction = ''] = token.split('.');
    return rational(Number(`${whole}${fraction}`), 10 ** fraction.length);
  };
  const power = (): Rational => {
    let base = primary();
    const next = peek();
    if (next !== undefined && SUPERSCRIPT_DIGITS.includes(next[0] ?? '')) {
      at += 1;
      base = pow(base, Number([...next].map((c) => SUPERSCRIPT_DIGITS.indexOf(c)).join('')));
    }
    return base;
  };
  const product = (): Rational => {
    let value = power();
    for (;;) {
      const op = peek();
      if (op === '×' || op === '÷' || op === '/') {
        at += 1;
        value = op === '×' ? mul(value, power()) : div(value, power());
      } else if (op === 'x' || op === '(') value = mul(value, power()); // implicit: 4x, 3(x − 2)
      else return value;
    }
  };
  const sum = (): Rational => {
    let value = product();
    for (;;) {
      const op = peek();
      if (op !== '+' && op !== '−' && op !== '-') return value;
      at += 1;
      value = op === '+' ? add(value, product()) : add(value, neg(product()));
    }
  };
  return sum();
}

/** Solves a linear equation in x (or ?) by evaluating both sides at two points. */
export function solveLinear(equation: string): Rational {
  const [left = '', right = ''] = equation.split('=');
  const f = (x: Rational): Rational => add(evaluate(left, x), neg(evaluate(right, x)));
  const [f0, f1] = [f(rational(0)), f(rational(1))];
  return div(neg(f0), add(f1, neg(f0)));
}

const numbersIn = (text: string): number[] => (text.replace(/(\d),(?=\d)/g, '$1').match(/\d+(?:\.\d+)?/g) ?? []).map(Number);
const divisors = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
const isPrime = (n: number): boolean => divisors(n).length === 2;
const PLACES: Record<string, number> = { ten: 10, hundred: 100, thousand: 1000, 'ten thousand': 10000, lakh: 100000 };
/** Reads an event on one number ("an odd number", "a multiple of 4", "a number less than 9") as a test. */
function eventTest(label: string): (n: number) => boolean {
  const [, kind = '', value = ''] = /(multiple of|greater than|less than|factor of) (\d+)/.exec(label) ?? [];
  const k = Number(value);
  if (kind === 'multiple of') return (n) => n % k === 0;
  if (kind === 'greater than') return (n) => n > k;
  if (kind === 'less than') return (n) => n < k;
  if (kind === 'factor of') return (n) => k % n === 0;
  if (label.includes('even')) return (n) => n % 2 === 0;
  if (label.includes('odd')) return (n) => n % 2 === 1;
  if (label.includes('prime')) return isPrime;
  throw new Error(`unknown event "${label}"`);
}
const COUNT_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
/** Rounds a positive rational half up to `places` decimal places. */
const roundHalfUp = (value: Rational, places: number): Rational => rational(Math.floor((value[0] * 10 ** places) / value[1] + 0.5), 10 ** places);
const minutesOf = (clock: string): number => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/** The answer an independent solver gets from a prompt: a number, `q r r`, a ratio, or a clock time in minutes. */
export type OracleAnswer = { kind: 'number'; value: Rational } | { kind: 'remainder'; quotient: number; remainder: number } | { kind: 'ratio'; parts: [number, number] } | { kind: 'clock'; minutes: number };

const num = (value: Rational | number): OracleAnswer => ({ kind: 'number', value: typeof value === 'number' ? rational(value) : value });

/** Works out the answer to a generated prompt of the given skill, from the prompt text alone. */
export function solvePrompt(skill: string, prompt: string): OracleAnswer {
  const n = numbersIn(prompt);
  const at = (i: number): number => n[i] ?? Number.NaN;
  const workOut = /Work out (.+?)\.(?:\s|$)/.exec(prompt)?.[1];
  const missing = /Find the missing number: (.+)\.$/.exec(prompt)?.[1];
  switch (skill) {
    case 'place-value': {
      const [, digit = '', number = ''] = /digit (\d) in ([\d,]+)/.exec(prompt) ?? [];
      const digits = number.replace(/,/g, '');
      return num(Number(digit) * 10 ** (digits.length - 1 - digits.indexOf(digit)));
    }
    case 'rounding': {
      const unit = PLACES[/nearest (.+)\.$/.exec(prompt)?.[1] ?? ''] ?? Number.NaN;
      return num(Math.floor((at(0) + unit / 2) / unit) * unit);
    }
    case 'long-division':
      return { kind: 'remainder', quotient: Math.trunc(at(0) / at(1)), remainder: at(0) - Math.trunc(at(0) / at(1)) * at(1) };
    case 'factors-multiples':
      if (prompt.startsWith('How many multiples')) return num(Array.from({ length: at(2) }, (_, i) => i + 1).filter((v) => v % at(0) === 0).length);
      return num(prompt.includes('multiple') ? at(0) * at(1) : divisors(at(0)).length);
    case 'prime-numbers': {
      if (prompt.includes('greater than')) return num(Array.from({ length: 100 }, (_, i) => at(0) + 1 + i).find(isPrime) ?? 0);
      if (prompt.includes('less than')) return num(Array.from({ length: at(0) - 2 }, (_, i) => at(0) - 1 - i).find(isPrime) ?? 0);
      if (prompt.includes('How many')) return num(Array.from({ length: at(1) - at(0) + 1 }, (_, i) => at(0) + i).filter(isPrime).length);
      return num(Math.max(...divisors(at(0)).filter(isPrime)));
    }
    case 'lcm-hcf': {
      const values = n;
      if (prompt.includes('HCF')) return num(Math.max(...divisors(Math.min(...values)).filter((d) => values.every((v) => v % d === 0))));
      let multiple = Math.max(...values);
      while (!values.every((v) => multiple % v === 0)) multiple += Math.max(...values);
      return num(multiple);
    }
    case 'fractions-equivalent':
      if (missing?.endsWith('/?')) return num((at(1) * at(2)) / at(0));
      if (missing) return num(solveLinear(missing));
      return num(rational(at(0), at(1)));
    case 'fractions-compare': {
      const fractions = [...prompt.matchAll(/(\d+)\/(\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as const).slice(0, prompt.includes('largest') ? 3 : 2);
      const isSmaller = prompt.includes('smaller');
      const best = fractions.reduce((a, b) => (b[0] * a[1] > a[0] * b[1] !== isSmaller ? b : a));
      return num(rational(best[0], best[1]));
    }
    case 'percentages':
      if (prompt.startsWith('What is')) return num(rational(at(0) * at(1), 100));
      if (prompt.startsWith('What percentage')) return num(rational(at(1) * 100, at(0)));
      return num(rational(at(0) * (100 + (prompt.includes(' up ') ? at(1) : -at(1))), 100));
    case 'ratio':
      if (prompt.startsWith('Write the ratio')) return { kind: 'ratio', parts: [at(0) / gcdOf(at(0), at(1)), at(1) / gcdOf(at(0), at(1))] };
      if (prompt.startsWith('Share')) return num(rational(at(0) * Math.max(...n.slice(1)), n.slice(1).reduce((a, b) => a + b, 0)));
      return num(rational(at(2) * at(1), at(0)));
    case 'times-tables':
      if (prompt.includes('altogether')) return num(at(0) * at(1));
      if (prompt.includes('shared equally')) return num(rational(at(0), at(1)));
      return num(missing ? solveLinear(missing) : evaluate(workOut ?? ''));
    case 'equations-one-step':
    case 'equations-two-step':
      return num(solveLinear(/Solve (.+)\. What is x\?/.exec(prompt)?.[1] ?? ''));
    case 'perimeter-area':
      if (prompt.includes('has an area of')) return num(2 * (at(1) + at(0) / at(1)));
      if (prompt.includes('perimeter in cm')) return num(at(0) + at(0) + at(1) + at(1));
      if (prompt.startsWith('A square')) return num((at(0) / 4) ** 2);
      if (prompt.startsWith('A triangle')) return num(rational(at(0) * at(1), 2));
      if (prompt.includes('cut out')) return num(at(0) * at(1) - at(2) * at(3));
      return num(at(0) * at(1));
    case 'angles': {
      if (prompt.includes('How many sides')) return num(rational(360, 180 - at(0)));
      if (prompt.includes('exterior angle of a regular polygon')) return num(rational(360, at(0)));
      if (prompt.includes('regular polygon')) return num(rational((at(0) - 2) * 180, at(0)));
      const corners = prompt.includes('pentagon') ? 5 : prompt.includes('hexagon') ? 6 : prompt.includes('quadrilateral') ? 4 : 3;
      const total = prompt.includes('right angle') ? 90 : prompt.includes('straight line') ? 180 : prompt.includes('meet at a point') ? 360 : (corners - 2) * 180;
      return num(total - n.reduce((a, b) => a + b, 0));
    }
    case 'time': {
      const clocks = prompt.match(/\d{1,2}:\d{2}/g) ?? [];
      if (prompt.includes('arrives')) return num(minutesOf(clocks[1] ?? '') - minutesOf(clocks[0] ?? ''));
      const hours = /(\d+) hours?/.exec(prompt)?.[1];
      const minutes = /(\d+) minutes/.exec(prompt)?.[1];
      const span = Number(hours ?? 0) * 60 + Number(minutes ?? 0);
      return { kind: 'clock', minutes: minutesOf(clocks[clocks.length - 2] ?? '') + (prompt.includes('before') ? -span : span) };
    }
    case 'money': {
      const paise = n.map((value) => Math.round(value * 100));
      if (prompt.includes('together')) return num(rational((paise[0] ?? 0) + (paise[1] ?? 0), 100));
      if (prompt.includes('share a bill')) return num(rational(paise[1] ?? 0, at(0) * 100));
      if (prompt.includes('change')) {
        const [, many = '', note = ''] = /pays with (\w+) ₹([\d,]+) notes?/.exec(prompt) ?? [];
        const paid = (COUNT_WORDS[many] ?? Number.NaN) * Number(note.replace(/,/g, '')) * 100;
        return num(rational(paid - at(0) * (paise[1] ?? 0), 100));
      }
      return num(rational(at(0) * (paise[1] ?? 0), 100));
    }
    case 'mean-median-mode': {
      const list = numbersIn(/numbers: ([\d, ]+)/.exec(prompt)?.[1] ?? '');
      const sorted = [...list].sort((a, b) => a - b);
      if (prompt.includes('mode')) return num(sorted.find((v) => list.filter((w) => w === v).length === Math.max(...list.map((u) => list.filter((w) => w === u).length))) ?? 0);
      if (prompt.includes('median')) return num(rational((sorted[Math.floor((list.length - 1) / 2)] ?? 0) + (sorted[Math.ceil((list.length - 1) / 2)] ?? 0), 2));
      const mean = rational(list.reduce((a, b) => a + b, 0), list.length);
      const places = /rounded to (\d) decimal places/.exec(prompt)?.[1];
      return num(places === undefined ? mean : roundHalfUp(mean, Number(places)));
    }
    case 'probability': {
      const total = /the total is (more than |less than )?(\d+)\?/.exec(prompt);
      if (total) {
        const [a, b] = prompt.includes('Two fair dice') ? [6, 6] : [...(/numbered 1 to (\d+) and the other 1 to (\d+)/.exec(prompt) ?? [])].slice(1).map(Number);
        const sums = Array.from({ length: a ?? 0 }, (_, i) => Array.from({ length: b ?? 0 }, (_, j) => i + j + 2)).flat();
        const target = Number(total[2]);
        const wanted = sums.filter((sum) => (total[1] === 'more than ' ? sum > target : total[1] === 'less than ' ? sum < target : sum === target));
        return num(rational(wanted.length, sums.length));
      }
      if (prompt.includes('A fair dice') || prompt.startsWith('Cards numbered')) {
        const size = prompt.includes('A fair dice') ? 6 : at(1);
        const event = /(?:probability of getting|it shows) (.+?)\?/.exec(prompt)?.[1] ?? '';
        return num(rational(Array.from({ length: size }, (_, i) => i + 1).filter(eventTest(event)).length, size));
      }
      const bag = [...prompt.matchAll(/(\d+) (red|blue|green|yellow)/g)].flatMap((m) => Array.from({ length: Number(m[1]) }, () => m[2]));
      const colour = /(?:both are|that it is) (\w+)\?/.exec(prompt)?.[1];
      if (!prompt.includes('Two marbles')) return num(rational(bag.filter((c) => c === colour).length, bag.length));
      const draws = bag.flatMap((first, i) => bag.filter((_, j) => j !== i).map((second) => first === colour && second === colour));
      return num(rational(draws.filter(Boolean).length, draws.length));
    }
    default:
      return num(evaluate(workOut ?? ''));
  }
}
