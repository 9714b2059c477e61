import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TracedItem } from '../tracing/types.ts';
import { knowsAfter, knowsChance, proficientChance, startingEvidence, updateEvidence } from './evidence.ts';
import type { MasteryEvidence } from './evidence.ts';

const DAY_MS = 86_400_000;
const freeText = (n: number): TracedItem => ({ id: `q${n}`, skills: ['s'], difficulty: -0.75 });
const fourChoice = (n: number): TracedItem => ({
  id: `m${n}`,
  skills: ['s'],
  difficulty: -0.75,
  guess: 0.25,
});

/** The evidence after `answers` on fresh items of one kind, one per minute. */
function answered(answers: readonly boolean[], item: (n: number) => TracedItem = freeText): MasteryEvidence {
  let evidence = startingEvidence(0.3, undefined);
  answers.forEach((correct, n) => {
    evidence = updateEvidence(evidence, item(n), -0.75, correct, n * 60_000, true);
  });
  return evidence;
}

describe('the two-state layer selection steers by', () => {
  it('is sure the learner knows a skill after a few right free-text answers, where the Gaussian is not yet', () => {
    const evidence = answered([false, false, true, true, true]);
    const now = 5 * 60_000;
    expect(knowsChance(evidence, now)).toBeGreaterThan(0.9);
    expect(proficientChance(evidence)).toBeLessThan(0.85);
  });

  it('needs more right answers on 4-choice items, where a guess is right one time in four', () => {
    const now = 3 * 60_000;
    expect(knowsChance(answered([true, true, true], fourChoice), now)).toBeLessThan(
      knowsChance(answered([true, true, true]), now),
    );
  });

  it('drops after a wrong answer and fades with days away', () => {
    const sure = answered([true, true, true, true]);
    const now = 4 * 60_000;
    expect(knowsAfter(sure, freeText(9), false, now)).toBeLessThan(knowsChance(sure, now));
    expect(knowsChance(sure, now + 30 * DAY_MS)).toBeLessThan(knowsChance(sure, now));
  });

  it('reads evidence stored before the layer existed from its Gaussian', () => {
    const { knows: _dropped, ...stored } = answered([true, false, true]);
    expect(knowsChance(stored, stored.lastMs)).toBeCloseTo(proficientChance(stored), 10);
  });

  it('never moves the wrong way: a right answer never lowers it, a wrong one never raises it above learning', () => {
    fc.assert(
      fc.property(fc.array(fc.boolean(), { maxLength: 12 }), fc.boolean(), (history, guessed) => {
        const item = guessed ? fourChoice : freeText;
        const evidence = answered(history, item);
        const now = history.length * 60_000;
        const before = knowsChance(evidence, now);
        const right = knowsAfter(evidence, item(99), true, now);
        const wrong = knowsAfter(evidence, item(99), false, now);
        return right >= before - 1e-12 && wrong <= right && right <= 1 && wrong >= 0;
      }),
    );
  });
});
