import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random.ts';
import type { AttemptLog, TracedItem } from '../tracing/types.ts';
import type { KnowsParameters } from './evidence.ts';
import { fitKnowsParameters, MIN_FIT_ANSWERS } from './fit-knows.ts';

const DAY_MS = 86_400_000;

/**
 * Answers of `learners` learners on `skills` skills drawn from the two-state model itself: each learner knows a skill
 * at the start with chance `prior`, answers quizzes of 5 on one skill a day apart (1–3 days, so forgetting shows),
 * on fresh items (`guess` their blind-guess chance), or with `bank` on a skill's `bank` items in turn, so items repeat
 * and a learner who does not know the skill recalls a seen item's answer with chance `truth.repeatRecall`.
 */
function simulated(
  truth: KnowsParameters,
  prior: number,
  options: {
    learners: number;
    skills: number;
    answersPerSkill: number;
    guess: number;
    seed: number;
    bank?: number;
  },
): AttemptLog {
  const random = seededRandom(options.seed);
  const items: TracedItem[] = [];
  const learner: number[] = [];
  const item: number[] = [];
  const correct: number[] = [];
  const timeMs: number[] = [];
  const itemIndex = new Map<string, number>();
  const learnerSaw = new Map<number, Set<string>>();
  for (let l = 0; l < options.learners; l++) {
    learnerSaw.set(l, new Set());
    let now = DAY_MS;
    const knows = Array.from({ length: options.skills }, () => random() < prior);
    const lastMs = Array.from({ length: options.skills }, () => 0);
    for (let a = 0; a < options.answersPerSkill; a += 5) {
      for (let s = 0; s < options.skills; s++) {
        for (let q = 0; q < 5 && a + q < options.answersPerSkill; q++) {
          if (knows[s] && lastMs[s]! > 0) {
            const days = (now - lastMs[s]!) / DAY_MS;
            if (random() > (1 - truth.forgetPerDay) ** days) knows[s] = false;
          }
          const id = options.bank ? `s${s}i${(a + q) % options.bank}` : `l${l}s${s}q${a + q}`;
          let index = itemIndex.get(id);
          const seen = index !== undefined && learnerSaw.get(l)!.has(id);
          const guess = 1 - (1 - truth.freeTextGuess) * (1 - options.guess);
          const recalled = seen && random() < (truth.repeatRecall ?? 0);
          const right = knows[s] ? random() > truth.slip : recalled || random() < guess;
          if (index === undefined) {
            itemIndex.set(id, (index = items.push({ id, skills: [`s${s}`], guess: options.guess }) - 1));
          }
          learnerSaw.get(l)!.add(id);
          learner.push(l);
          item.push(index);
          correct.push(right ? 1 : 0);
          timeMs.push(now);
          lastMs[s] = now;
          if (!knows[s] && random() < truth.learn) knows[s] = true;
          now += 60_000;
        }
        now += DAY_MS * (1 + Math.floor(random() * 3));
      }
    }
  }
  return {
    learner: Int32Array.from(learner),
    item: Int32Array.from(item),
    correct: Uint8Array.from(correct),
    timeMs: Float64Array.from(timeMs),
    items,
  };
}

describe('fitting the two-state layer to recorded answers', () => {
  const truth: KnowsParameters = { learn: 0.08, slip: 0.12, freeTextGuess: 0.2, forgetPerDay: 0.02 };
  const log = simulated(truth, 0.3, { learners: 300, skills: 4, answersPerSkill: 20, guess: 0, seed: 7 });

  it('recovers the parameters that generated the answers', () => {
    const fit = fitKnowsParameters(log)!;
    expect(fit.answers).toBe(log.item.length);
    expect(Math.abs(fit.parameters.learn - truth.learn)).toBeLessThan(0.03);
    expect(Math.abs(fit.parameters.slip - truth.slip)).toBeLessThan(0.03);
    expect(Math.abs(fit.parameters.freeTextGuess - truth.freeTextGuess)).toBeLessThan(0.04);
    expect(Math.abs(fit.parameters.forgetPerDay - truth.forgetPerDay)).toBeLessThan(0.015);
    expect(Math.abs(fit.prior - 0.3)).toBeLessThan(0.06);
  });

  it('tells a site of quick learners who never forget from one of slow learners who forget', () => {
    // Two sites of one shape (200 learners, 3 free-text skills, 15 answers each), told apart by their learners only.
    const siteOf = (truth: KnowsParameters) =>
      fitKnowsParameters(
        simulated(truth, 0.1, { learners: 200, skills: 3, answersPerSkill: 15, guess: 0, seed: 3 }),
      )!;
    const quick = siteOf({ learn: 0.3, slip: 0.05, freeTextGuess: 0.1, forgetPerDay: 0 });
    const slow = siteOf({ learn: 0.05, slip: 0.05, freeTextGuess: 0.1, forgetPerDay: 0.05 });
    expect(quick.parameters.learn).toBeGreaterThan(slow.parameters.learn + 0.15);
    expect(slow.parameters.forgetPerDay).toBeGreaterThan(quick.parameters.forgetPerDay + 0.02);
  });

  /** The fit on a site of 300 learners × 4 skills × 20 answers on 4-choice items, learners as `truth` with `changes`. */
  const fourChoiceSite = (changes: Partial<KnowsParameters>, seed: number, bank?: number) =>
    fitKnowsParameters(
      simulated({ ...truth, ...changes }, 0.3, {
        learners: 300,
        skills: 4,
        answersPerSkill: 20,
        guess: 0.25,
        seed,
        ...(bank === undefined ? {} : { bank }),
      }),
    )!;

  it('reads a 4-choice item as guessed one time in four, and tells reasoning out from blind guessing', () => {
    const blind = fourChoiceSite({ freeTextGuess: 0 }, 11);
    expect(Math.abs(blind.parameters.learn - truth.learn)).toBeLessThan(0.03);
    expect(Math.abs(blind.parameters.slip - truth.slip)).toBeLessThan(0.03);
    expect(blind.parameters.freeTextGuess).toBeLessThan(0.06);
    // Learners who reason a fifth of answers out and guess blind on the rest: right 40% of the time unknowing.
    const reasoning = fourChoiceSite({ freeTextGuess: 0.2 }, 11);
    expect(Math.abs(reasoning.parameters.freeTextGuess - 0.2)).toBeLessThan(0.06);
    expect(Math.abs(reasoning.parameters.slip - truth.slip)).toBeLessThan(0.03);
  });

  it('fits how often a seen item is answered from memory, so a repeat counts as the evidence it is', () => {
    // Banks of 8 items per skill, so most answers are repeats; the sites differ in what their learners remember.
    const forgetful = fourChoiceSite({ repeatRecall: 0 }, 5, 8);
    const remembering = fourChoiceSite({ repeatRecall: 0.6 }, 5, 8);
    expect(forgetful.parameters.repeatRecall).toBeLessThan(0.1);
    expect(Math.abs(remembering.parameters.repeatRecall! - 0.6)).toBeLessThan(0.12);
    expect(Math.abs(remembering.parameters.learn - truth.learn)).toBeLessThan(0.03);
  });

  it('is deterministic and needs enough answers', () => {
    expect(fitKnowsParameters(log)).toEqual(fitKnowsParameters(log));
    const few = simulated(truth, 0.3, { learners: 2, skills: 2, answersPerSkill: 10, guess: 0, seed: 1 });
    expect(few.item.length).toBeLessThan(MIN_FIT_ANSWERS);
    expect(fitKnowsParameters(few)).toBeUndefined();
  });
});
