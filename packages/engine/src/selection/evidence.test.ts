import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TracedItem } from '../tracing/types.ts';
import {
  beliefChance,
  itemHash,
  knowsAfter,
  knowsAfterSeen,
  knowsChance,
  knowsSuccess,
  knowsSuccessSeen,
  KNOWS,
  notKnownGuess,
  PROFICIENT_THETA,
  REPEAT_RECALL,
  proficientChance,
  startingEvidence,
  successChance,
  successChanceSeen,
  thetaAnsweringRight,
  updateEvidence,
} from './evidence.ts';
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

describe('the proficiency bar', () => {
  it('counts slips: a learner at the bar answers a typical free-text item right 80% of the time', () => {
    const atBar: MasteryEvidence = {
      mean: PROFICIENT_THETA,
      variance: 0.01,
      answers: 10,
      run: 1,
      lastMs: 0,
      seen: [],
    };
    expect(successChance(atBar, freeText(1), -0.75)).toBeCloseTo(0.8, 12);
    expect(proficientChance(atBar)).toBeCloseTo(0.5, 6);
    expect(successChance({ ...atBar, mean: thetaAnsweringRight(0.6) }, freeText(1), -0.75)).toBeCloseTo(
      0.6,
      12,
    );
  });
});

describe("the bar's typical item, as the site calibrates it", () => {
  /** Right and wrong answers in turn on items the site calibrates `offset` logits from their content level. */
  const answered = (offset: number, levelKnown = true): MasteryEvidence => {
    let evidence: MasteryEvidence = { mean: 0, variance: 1.44, answers: 0, run: 0, lastMs: 0, seen: [] };
    for (let n = 0; n < 12; n++) {
      const item: TracedItem = {
        ...freeText(n),
        difficulty: -0.75 + offset,
        ...(levelKnown ? { levelDifficulty: -0.75 } : {}),
      };
      evidence = updateEvidence(evidence, item, -0.75 + offset, n % 3 !== 2, n * 60_000, true);
    }
    return evidence;
  };

  it('moves with the calibration: items harder than their level say no more of proficiency than items at it', () => {
    const atLevel = proficientChance(answered(0));
    expect(answered(1).shift).toBeCloseTo(1, 9);
    expect(proficientChance(answered(1))).toBeCloseTo(atLevel, 1);
    // Without the content level the same answers on the harder items would read as a stronger learner.
    expect(proficientChance(answered(1, false))).toBeGreaterThan(atLevel + 0.2);
  });
});

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

  it('has a learner who does not know the skill reason the answer out, or guess blind among the options', () => {
    const site = { ...KNOWS, freeTextGuess: 0.2 };
    expect(notKnownGuess(0, false, site)).toBeCloseTo(0.2, 10);
    // Reasoned out 1 time in 5; on the other 4, a blind guess among 4 options is right 1 time in 4.
    expect(notKnownGuess(0.25, false, site)).toBeCloseTo(0.2 + 0.8 * 0.25, 10);
  });

  it('counts a right answer to a seen item as remembered as often as the site remembers answers', () => {
    const remembered = notKnownGuess(0.25, true, { ...KNOWS, freeTextGuess: 0 });
    expect(remembered).toBeCloseTo(1 - 0.75 * (1 - REPEAT_RECALL), 10);
    // A site whose learners are measured not to remember answers: a repeat is as good evidence as a new item.
    const forgetful = { ...KNOWS, repeatRecall: 0 };
    expect(notKnownGuess(0.25, true, forgetful)).toBeCloseTo(notKnownGuess(0.25, false, forgetful), 10);
    const once = answered([true]);
    const seenAgain = freeText(0);
    expect(knowsAfter(once, seenAgain, true, 60_000, forgetful)).toBeGreaterThan(
      knowsAfter(once, seenAgain, true, 60_000),
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

describe('the per-item chances selection works out once per candidate', () => {
  it('are exactly those of successChance, knowsSuccess and knowsAfter', () => {
    const evidence = fc.record({
      mean: fc.double({ min: -4, max: 4, noNaN: true }),
      variance: fc.double({ min: 0.05, max: 2, noNaN: true }),
      knows: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
      lastMs: fc.integer({ min: 0, max: 30 * DAY_MS }),
      seenIds: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 3 }),
    });
    const item = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd'),
      guess: fc.option(fc.constantFrom(0, 0.25, 1 / 3, 0.5), { nil: undefined }),
      difficulty: fc.double({ min: -3, max: 3, noNaN: true }),
    });
    fc.assert(
      fc.property(evidence, item, fc.integer({ min: 0, max: 60 * DAY_MS }), (e, i, nowMs) => {
        const stored: MasteryEvidence = {
          mean: e.mean,
          variance: e.variance,
          answers: 3,
          run: 1,
          lastMs: e.lastMs,
          seen: e.seenIds.map(itemHash),
          ...(e.knows === undefined ? {} : { knows: e.knows }),
        };
        const traced: TracedItem = {
          id: i.id,
          skills: ['s'],
          difficulty: i.difficulty,
          ...(i.guess === undefined ? {} : { guess: i.guess }),
        };
        const seen = stored.seen.includes(itemHash(traced.id));
        const knows = knowsChance(stored, nowMs);
        expect(successChanceSeen(stored, traced, i.difficulty, seen)).toBe(
          successChance(stored, traced, i.difficulty),
        );
        expect(knowsSuccessSeen(traced, knows, seen)).toBe(knowsSuccess(stored, traced, nowMs));
        for (const correct of [true, false])
          expect(knowsAfterSeen(traced, correct, knows, seen)).toBe(
            knowsAfter(stored, traced, correct, nowMs),
          );
      }),
    );
  });
});

describe('the chance of a right answer under the whole belief (what items are calibrated against)', () => {
  const belief = (mean: number, variance: number): MasteryEvidence => ({
    mean,
    variance,
    answers: 2,
    run: 1,
    lastMs: 0,
    seen: [],
  });

  it('is less extreme than the chance at the mean when the belief is wide, and close to it when it is narrow', () => {
    const item = freeText(1);
    const strongWide = beliefChance(belief(3, 2), item, -0.75, 0);
    const strongPoint = successChance(belief(3, 2), item, -0.75);
    expect(strongWide).toBeLessThan(strongPoint - 0.02);
    const weakWide = beliefChance(belief(-3, 2), item, -0.75, 0);
    expect(weakWide).toBeGreaterThan(successChance(belief(-3, 2), item, -0.75) + 0.02);
    const narrow = belief(3, 0.01);
    expect(Math.abs(beliefChance(narrow, item, -0.75, 0) - successChance(narrow, item, -0.75))).toBeLessThan(
      0.005,
    );
    // At the middle of the belief the chance does not depend on its width.
    expect(beliefChance(belief(0, 2), item, -0.75, 0)).toBeCloseTo(
      successChance(belief(0, 2), item, -0.75),
      10,
    );
  });

  it('keeps the guess and the slip: never below a blind guess, never above one minus the slip', () => {
    const item = fourChoice(1);
    expect(beliefChance(belief(-6, 0.5), item, -0.75, 0)).toBeGreaterThanOrEqual(0.25);
    expect(beliefChance(belief(6, 0.5), item, -0.75, 0)).toBeLessThanOrEqual(0.95);
  });

  it('widens with the days since the last answer, as the belief does before an update', () => {
    const item = freeText(1);
    const evidence = { ...belief(3, 0.3), lastMs: 1 };
    expect(beliefChance(evidence, item, -0.75, 60 * DAY_MS)).toBeLessThan(
      beliefChance(evidence, item, -0.75, 1),
    );
  });
});
