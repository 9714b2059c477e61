import { clockText, decimalText, exampleOtherThan, NAMES, rupees } from './math-format.ts';
import type { GeneratedQuestion, MathDifficulty } from './math-item.ts';
import type { MathGenerator } from './number-skills.ts';
import type { Rng } from './prng.ts';

const steps = (...lines: string[]): string => lines.join('\n');

/** Two different whole-cm sides from `low` to `high`, every pair equally likely: [length, width], length > width. */
function sides(rng: Rng, low: number, high: number): [number, number] {
  for (;;) {
    const [a, b] = [rng.int(low, high), rng.int(low, high)];
    if (a !== b) return [Math.max(a, b), Math.min(a, b)];
  }
}

function perimeterArea(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  switch (difficulty) {
    case 1: {
      const [length, width] = sides(rng, 2, 25);
      return { prompt: `A rectangle is ${length} cm long and ${width} cm wide. What is its perimeter in cm?`, answer: `${2 * (length + width)} cm`, explanation: steps('The perimeter is the distance all the way round: 2 × (length + width).', `2 × (${length} + ${width}) = 2 × ${length + width} = ${2 * (length + width)} cm.`), answerForm: { kind: 'integer', unit: 'cm' } };
    }
    case 2: {
      const [length, width] = sides(rng, 2, 25);
      return { prompt: `A rectangle is ${length} cm long and ${width} cm wide. What is its area in cm²?`, answer: `${length * width} cm²`, explanation: steps('The area of a rectangle is length × width.', `${length} × ${width} = ${length * width} cm².`), answerForm: { kind: 'integer', unit: 'cm²' } };
    }
    case 3: {
      if (rng.next() < 0.25) {
        const side = rng.int(3, 40);
        return { prompt: `A square has a perimeter of ${4 * side} cm. What is its area in cm²?`, answer: `${side * side} cm²`, explanation: steps(`A square has 4 equal sides, so each side is ${4 * side} ÷ 4 = ${side} cm.`, `Area = side × side = ${side} × ${side} = ${side * side} cm².`), answerForm: { kind: 'integer', unit: 'cm²' } };
      }
      const [length, width] = sides(rng, 2, 25);
      const area = length * width;
      return {
        prompt: `A rectangle has an area of ${area} cm² and is ${length} cm long. What is its perimeter in cm?`,
        answer: `${2 * (length + width)} cm`,
        explanation: steps(`Area = length × width, so the width is ${area} ÷ ${length} = ${width} cm.`, `Perimeter = 2 × (${length} + ${width}) = ${2 * (length + width)} cm.`),
        answerForm: { kind: 'integer', unit: 'cm' },
      };
    }
    case 4: {
      const base = rng.int(3, 20) * 2;
      const height = rng.int(3, 25);
      return { prompt: `A triangle has a base of ${base} cm and a height of ${height} cm. What is its area in cm²?`, answer: `${(base * height) / 2} cm²`, explanation: steps('The area of a triangle is half of base × height.', `${base} × ${height} = ${base * height}, and half of that is ${(base * height) / 2} cm².`), answerForm: { kind: 'integer', unit: 'cm²' } };
    }
    case 5: {
      // The corner cut out fits inside with room to spare: its length is less than the big length, its width less
      // than the big width, and its own length is at least its width, so "long" and "wide" read the same way.
      const [length, width] = sides(rng, 4, 30);
      const cutWidth = rng.int(1, width - 1);
      const cutLength = rng.int(Math.max(cutWidth, 2), length - 2);
      const area = length * width - cutLength * cutWidth;
      return {
        prompt: `A rectangle ${length} cm long and ${width} cm wide has a smaller rectangle ${cutLength} cm long and ${cutWidth} cm wide cut out of one corner. What is the area of the shape that is left, in cm²?`,
        answer: `${area} cm²`,
        explanation: steps(`Area of the big rectangle: ${length} × ${width} = ${length * width} cm².`, `Area cut out: ${cutLength} × ${cutWidth} = ${cutLength * cutWidth} cm².`, `Area left: ${length * width} − ${cutLength * cutWidth} = ${area} cm².`),
        answerForm: { kind: 'integer', unit: 'cm²' },
      };
    }
  }
}

const DEGREES = { kind: 'integer', unit: '°' } as const;
/** Regular polygons whose angles are whole degrees (360 divides evenly by the number of sides). */
const REGULAR_SIDES = [5, 6, 8, 9, 10, 12, 15, 18, 20, 24, 30, 36];
const POLYGONS = [['pentagon', 5, 'fifth'], ['hexagon', 6, 'sixth']] as const;

function regularPolygon(rng: Rng): GeneratedQuestion {
  const sides = rng.pick(REGULAR_SIDES);
  const exterior = 360 / sides;
  const interior = 180 - exterior;
  const ask = rng.pick(['interior', 'exterior', 'sides'] as const);
  if (ask === 'sides') {
    return {
      prompt: `Each interior angle of a regular polygon is ${interior}°. How many sides does the polygon have?`,
      answer: String(sides),
      explanation: steps(`An interior and an exterior angle make a straight line, so each exterior angle is 180° − ${interior}° = ${exterior}°.`, `The exterior angles of any polygon add up to 360°, so there are 360 ÷ ${exterior} = ${sides} of them: ${sides} sides.`),
      answerForm: { kind: 'integer' },
    };
  }
  return {
    prompt: `What is the size of each ${ask} angle of a regular polygon with ${sides} sides, in degrees?`,
    answer: `${ask === 'interior' ? interior : exterior}°`,
    explanation: steps(
      `The exterior angles of any polygon add up to 360°, so each exterior angle is 360° ÷ ${sides} = ${exterior}°.`,
      ...(ask === 'interior'
        ? [`An interior and an exterior angle make a straight line, so each interior angle is 180° − ${exterior}° = ${interior}°.`, `Check: the interior angles add up to (${sides} − 2) × 180° = ${(sides - 2) * 180}°, and ${(sides - 2) * 180}° ÷ ${sides} = ${interior}°.`]
        : []),
    ),
    answerForm: DEGREES,
  };
}

function polygonAngle(rng: Rng): GeneratedQuestion {
  const [name, sides, nth] = rng.pick(POLYGONS);
  const total = (sides - 2) * 180;
  for (;;) {
    const known = Array.from({ length: sides - 1 }, () => rng.int(80, 150));
    const missing = total - known.reduce((a, b) => a + b, 0);
    // Keep the missing angle like the others (not a sliver, not a straight angle), so the shape is an ordinary one.
    if (missing < 60 || missing > 170) continue;
    const shown = known.map((angle) => `${angle}°`);
    return {
      prompt: `A ${name} has angles of ${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}. What is the ${nth} angle, in degrees?`,
      answer: `${missing}°`,
      explanation: steps(`A ${name} can be cut into ${sides - 2} triangles from one corner, so its angles add up to (${sides} − 2) × 180° = ${total}°.`, `${total}° − ${known.join('° − ')}° = ${missing}°.`),
      answerForm: DEGREES,
    };
  }
}

function angles(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  if (difficulty === 5) return rng.next() < 0.3 ? regularPolygon(rng) : polygonAngle(rng);
  if (difficulty === 1) {
    const isRight = rng.next() < 1 / 3;
    const [total, whole] = isRight ? [90, 'a right angle'] : [180, 'a straight line'];
    for (;;) {
      const known = rng.int(5, total - 5);
      if (known * 2 === total) continue;
      return {
        prompt: `Two angles together make ${whole}. One of them is ${known}°. What is the other angle, in degrees?`,
        answer: `${total - known}°`,
        explanation: steps(isRight ? 'Angles that make a right angle add up to 90°.' : 'Angles on a straight line add up to 180°.', `${total}° − ${known}° = ${total - known}°.`),
        answerForm: DEGREES,
      };
    }
  }
  const setting: Record<2 | 3 | 4, { total: number; count: number; where: string }> = {
    2: { total: 180, count: 3, where: 'A triangle has angles of' },
    3: { total: 360, count: 3, where: 'Three angles meet at a point and fill the space around it.' },
    4: { total: 360, count: 4, where: 'A quadrilateral has angles of' },
  };
  const { total, count, where } = setting[difficulty];
  for (;;) {
    const known = Array.from({ length: count - 1 }, () => rng.int(4, difficulty === 2 ? 26 : 30) * 5 + (difficulty >= 3 ? rng.int(0, 4) : 0));
    const missing = total - known.reduce((a, b) => a + b, 0);
    if (missing <= 0 || missing >= 180 || known.includes(missing)) continue;
    const knownText = known.map((angle) => `${angle}°`);
    const prompt =
      difficulty === 2 || difficulty === 4
        ? `${where} ${knownText.slice(0, -1).join(', ')} and ${knownText[knownText.length - 1]}. What is the ${difficulty === 2 ? 'third' : 'fourth'} angle, in degrees?`
        : `${where} ${count === 2 ? `One of them is ${knownText[0]}. What is the other angle, in degrees?` : `Two of them are ${knownText[0]} and ${knownText[1]}. What is the third angle, in degrees?`}`;
    const fact = { 2: 'The angles in a triangle add up to 180°.', 3: 'Angles around a point add up to 360°.', 4: 'The angles in a quadrilateral add up to 360°.' }[difficulty];
    return { prompt, answer: `${missing}°`, explanation: steps(fact, `${total}° − ${known.join('° − ')}° = ${missing}°.`), answerForm: DEGREES };
  }
}

// Times stay between 1:00 and 11:59 so a 12-hour clock answer needs no am or pm.
const EARLIEST_MINUTES = 60;
const LATEST_MINUTES = 11 * 60 + 59;
/** The form sentence of a clock-time question; its example is never the answer. */
const timeNote = (answer: string): string => `Write the time like ${exampleOtherThan(answer, ['4:05', '9:25'])}.`;
/** A journey "the same morning" starts no earlier than 6:00 a.m. (and ends by 11:59 a.m.). */
export const MORNING_START_MINUTES = 6 * 60;

function time(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const step = 5;
  for (;;) {
    const earliest = difficulty === 4 ? MORNING_START_MINUTES : EARLIEST_MINUTES;
    const start = rng.int(earliest / step, LATEST_MINUTES / step) * step;
    const span = difficulty === 1 ? rng.int(1, 3) * 15 : difficulty <= 3 ? rng.int(1, 11) * step : rng.int(7, difficulty === 4 ? 30 : 60) * 5;
    const isBefore = difficulty === 3;
    const end = isBefore ? start - span : start + span;
    if (end < EARLIEST_MINUTES || end > LATEST_MINUTES) continue;
    const hours = Math.floor(span / 60);
    const hourText = `${hours} hour${hours > 1 ? 's' : ''}`;
    const spanText = hours === 0 ? `${span} minutes` : span % 60 === 0 ? hourText : `${hourText} ${span % 60} minutes`;
    if (difficulty === 4) {
      return {
        prompt: `A bus leaves at ${clockText(start)} a.m. and arrives at ${clockText(end)} a.m. the same morning. How many minutes does the journey take?`,
        answer: `${span} minutes`,
        explanation: steps(`From ${clockText(start)} to ${clockText(end)} is ${spanText}.`, hours === 0 ? `That is ${span} minutes.` : span % 60 === 0 ? `${hours} × 60 = ${span} minutes.` : `${hours} × 60 + ${span % 60} = ${span} minutes.`),
        answerForm: { kind: 'integer', unit: 'minutes' },
      };
    }
    const phrase = difficulty === 5 ? `A film starts at ${clockText(start)} and lasts ${spanText}. What time does it end?` : `What time is it ${span} minutes ${isBefore ? 'before' : 'after'} ${clockText(start)}?`;
    return {
      prompt: `${phrase} ${timeNote(clockText(end))}`,
      answer: clockText(end),
      explanation: steps(`${isBefore ? 'Count back' : 'Count on'} ${spanText} from ${clockText(start)}.`, `${clockText(start)} ${isBefore ? '−' : '+'} ${spanText} = ${clockText(end)}.`),
      answerForm: { kind: 'time' },
    };
  }
}

/** Rupee notes in circulation, in paise: ₹10 to ₹500 (the ₹2,000 note was withdrawn from circulation in 2023). */
export const RUPEE_NOTES_PAISE = [1000, 2000, 5000, 10000, 20000, 50000] as const;
const COUNT_WORDS = ['', 'a', 'two', 'three', 'four', 'five', 'six'];

/** The fewest notes of one kind that pay `cost` with change to give: one note if one is enough, else ₹500 notes. */
function payment(cost: number): { count: number; note: number } {
  const single = RUPEE_NOTES_PAISE.find((value) => value > cost);
  if (single !== undefined) return { count: 1, note: single };
  const largest = RUPEE_NOTES_PAISE[RUPEE_NOTES_PAISE.length - 1] ?? 50000;
  return { count: Math.floor(cost / largest) + 1, note: largest };
}

/**
 * What a child buys and what one usually costs in an Indian shop, in whole rupees: [one, many, lowest, highest]. A price
 * drawn outside this range (a ₹145.50 samosa) reads as a mistake, so every money question draws its price from here.
 */
export const THINGS = [
  ['pencil', 'pencils', 5, 15],
  ['eraser', 'erasers', 5, 15],
  ['samosa', 'samosas', 10, 30],
  ['pen', 'pens', 10, 50],
  ['mango', 'mangoes', 15, 60],
  ['notebook', 'notebooks', 20, 90],
  ['storybook', 'storybooks', 60, 250],
  ['ticket', 'tickets', 20, 200],
] as const;
/** A bottle of drinking water, in whole rupees. */
const WATER_PRICE = [10, 30] as const;

function money(rng: Rng, difficulty: MathDifficulty): GeneratedQuestion {
  const name = rng.pick(NAMES);
  const [one, many, lowest, highest] = rng.pick(THINGS);
  const form = { kind: 'decimal', places: 2, unit: '₹' } as const;
  const note = (answer: string): string => (difficulty >= 4 ? ` Write the amount in rupees, like ${exampleOtherThan(answer, ['₹12.50', '₹8.50'])}.` : '');
  switch (difficulty) {
    case 1: {
      const [a, b] = [rng.int(lowest, highest), rng.int(...WATER_PRICE)];
      return { prompt: `A ${one} costs ₹${a} and a bottle of water costs ₹${b}. How much do they cost together, in rupees?`, answer: rupees((a + b) * 100), explanation: steps(`Add the two prices: ₹${a} + ₹${b} = ₹${a + b}.`), answerForm: form };
    }
    case 2: {
      const [count, price] = [rng.int(3, 9), rng.int(lowest, highest)];
      return { prompt: `${name} buys ${count} ${many} at ₹${price} each. How much does ${name} pay, in rupees?`, answer: rupees(count * price * 100), explanation: steps(`${count} ${many} at ₹${price} each cost ${count} × ₹${price}.`, `${count} × ${price} = ${count * price}, so ${name} pays ₹${count * price}.`), answerForm: form };
    }
    default: {
      const count = rng.int(2, 6);
      // Level 4 prices may have 50 paise (₹12.50).
      const pricePaise = difficulty === 3 ? rng.int(lowest, highest) * 100 : rng.int(lowest * 2, highest * 2) * 50;
      const cost = count * pricePaise;
      // A cost of exactly ₹500, ₹1,000, … is paid with those notes and no change; one more note would read as a mistake.
      if (difficulty !== 5 && cost >= 50000 && cost % 50000 === 0) return money(rng, difficulty);
      if (difficulty === 5) {
        const people = rng.pick([2, 4, 5, 8]);
        const bill = rng.int(300, 4000) * 50;
        const share = bill / people;
        if (!Number.isInteger(share)) return money(rng, difficulty);
        return { prompt: `${people} friends share a bill of ${rupees(bill)} equally. How much does each friend pay?${note(rupees(share))}`, answer: rupees(share), explanation: steps(`Divide the bill by ${people}: ${decimalText(bill, 2)} ÷ ${people} = ${decimalText(share, 2)}.`, `Each friend pays ${rupees(share)}.`), answerForm: form };
      }
      const paid = payment(cost);
      const paidTotal = paid.count * paid.note;
      // Change of a few paise is not handed over in a shop (and "Rs.50" would be read as fifty rupees).
      if (paidTotal - cost < 100) return money(rng, difficulty);
      const notes = `${COUNT_WORDS[paid.count]} ${rupees(paid.note)} note${paid.count > 1 ? 's' : ''}`;
      return {
        prompt: `${name} buys ${count} ${many} at ${rupees(pricePaise)} each and pays with ${notes}. How much change does ${name} get?${note(rupees(paidTotal - cost))}`,
        answer: rupees(paidTotal - cost),
        explanation: steps(
          `Cost: ${count} × ${rupees(pricePaise)} = ${rupees(cost)}.`,
          ...(paid.count > 1 ? [`Paid: ${paid.count} × ${rupees(paid.note)} = ${rupees(paidTotal)}.`] : []),
          `Change: ${rupees(paidTotal)} − ${rupees(cost)} = ${rupees(paidTotal - cost)}.`,
        ),
        answerForm: form,
      };
    }
  }
}

/** Generators for perimeter and area, angles, time and money. */
export const MEASURE_GENERATORS: Record<string, MathGenerator> = {
  'perimeter-area': perimeterArea,
  angles,
  time,
  money,
};

