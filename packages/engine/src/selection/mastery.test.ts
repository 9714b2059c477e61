import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { recordAnswer } from '../scheduling/record-answer.ts';
import type { SkillModelState } from '../scheduling/record-answer.ts';
import { difficultyFromPrior } from '../tracing/item-difficulty.ts';
import { createProductionModel } from '../tracing/production-model.ts';
import type { TracedItem } from '../tracing/types.ts';
import { bandShown, masteryOf } from './mastery.ts';

const model = createProductionModel();
const DAY_MS = 86_400_000;

interface Answer {
  readonly prior: number;
  readonly correct: boolean;
  /** Chance of a lucky guess (0.25 for 4 choices, 0 for free text). */
  readonly guess?: number;
  /** Item id; distinct per answer unless given. */
  readonly id?: string;
}

const item = (a: Answer, n: number): TracedItem => ({
  id: a.id ?? `i${n}`,
  skills: ['fractions'],
  difficulty: difficultyFromPrior(a.prior, 5),
  guess: a.guess ?? 0,
});

function run(history: readonly Answer[]) {
  let learner = model.initialLearnerState();
  const skills: Record<string, SkillModelState> = {};
  const bands: string[] = [];
  history.forEach((a, n) => {
    const outcome = recordAnswer(model, learner, skills, item(a, n), a.correct, 1_000 + n * 60_000);
    learner = outcome.learner;
    for (const [k, v] of Object.entries(outcome.skills)) {
      skills[k] = { tracing: v.tracing, review: v.review, evidence: v.evidence };
      bands.push(v.mastery.band);
    }
  });
  return { learner, skills, bands, mastery: masteryOf(model, learner, skills.fractions, 'fractions') };
}

/** Right answers in a row on middling items until `mastered`, or undefined within 40. */
function rightAnswersToMastery(guess: number, sameItem = false): number | undefined {
  const history: Answer[] = [];
  for (let n = 1; n <= 40; n++) {
    history.push({ prior: 4, correct: true, guess, ...(sameItem ? { id: 'same' } : {}) });
    if (run(history).mastery.band === 'mastered') return n;
  }
  return undefined;
}

describe('masteryOf', () => {
  it('says not started, then not sure yet, for little evidence', () => {
    const fresh = masteryOf(model, model.initialLearnerState(), undefined, 'fractions');
    expect(fresh.band).toBe('not started');
    expect(run([{ prior: 3, correct: true }]).mastery.band).toBe('not sure yet');
    expect(run([{ prior: 3, correct: false }]).mastery.band).toBe('not sure yet');
  });

  it('reports the uncertainty, which shrinks with evidence', () => {
    const few = run(Array.from({ length: 3 }, () => ({ prior: 3, correct: true }))).mastery;
    const many = run(Array.from({ length: 12 }, () => ({ prior: 3, correct: true }))).mastery;
    expect(few.uncertainty).toBeGreaterThan(0);
    expect(many.uncertainty).toBeLessThan(few.uncertainty);
  });

  it('reaches mastered on a run of right answers to free-text items within a few answers', () => {
    // The bar is 80% right with slips counted; a new learner's belief starts wide, so a short run is not enough.
    const n = rightAnswersToMastery(0);
    expect(n).toBeDefined();
    expect(n!).toBeLessThanOrEqual(8);
  });

  it('accounts for guessing: 4-choice items need more right answers than free text', () => {
    const freeText = rightAnswersToMastery(0)!;
    const choice = rightAnswersToMastery(0.25);
    expect(choice).toBeDefined();
    expect(choice!).toBeGreaterThan(freeText);
  });

  it('treats a remembered answer as weak evidence: the same item again counts less than new ones', () => {
    const fresh = rightAnswersToMastery(0.25)!;
    const repeated = rightAnswersToMastery(0.25, true);
    expect(repeated === undefined || repeated > fresh).toBe(true);
  });

  it('stays at needs practice when right answers are no better than guessing on 4-choice items', () => {
    // A learner who knows nothing and guesses: one right answer in four.
    const history = Array.from({ length: 24 }, (_, n) => ({ prior: 3, correct: n % 4 === 0, guess: 0.25 }));
    expect(run(history).mastery.band).toBe('needs practice');
  });

  it('keeps mastered through one slip after a secure run', () => {
    const secure = Array.from({ length: 10 }, () => ({ prior: 4, correct: true }));
    expect(run(secure).mastery.band).toBe('mastered');
    expect(run([...secure, { prior: 3, correct: false }]).mastery.band).toBe('mastered');
  });

  it('loses mastered when the answers show the skill has gone', () => {
    const secure = Array.from({ length: 10 }, () => ({ prior: 4, correct: true }));
    const lapses = Array.from({ length: 4 }, () => ({ prior: 2, correct: false }));
    expect(run([...secure, ...lapses]).mastery.band).not.toBe('mastered');
  });

  it('believes a learner who gets it after a run of wrong answers within a few right ones', () => {
    const struggled = Array.from({ length: 8 }, () => ({ prior: 3, correct: false }));
    const got = Array.from({ length: 6 }, () => ({ prior: 4, correct: true }));
    expect(run(struggled).mastery.band).toBe('needs practice');
    expect(['getting there', 'mastered']).toContain(run([...struggled, ...got]).mastery.band);
  });

  it('reads states stored before the evidence existed', () => {
    const { learner, skills } = run(Array.from({ length: 6 }, () => ({ prior: 4, correct: true })));
    const old = { tracing: skills.fractions!.tracing, review: skills.fractions!.review };
    const mastery = masteryOf(model, learner, old, 'fractions');
    expect(mastery.p).toBeGreaterThan(0.5);
    const next = recordAnswer(
      model,
      learner,
      { fractions: old },
      item({ prior: 3, correct: true }, 99),
      true,
      DAY_MS,
    );
    expect(next.skills.fractions!.evidence.answers).toBe(7);
  });

  it('never lowers mastery on a correct answer nor raises it on a wrong one', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            prior: fc.integer({ min: 1, max: 5 }),
            correct: fc.boolean(),
            guess: fc.constantFrom(0, 0.25),
          }),
          { maxLength: 25 },
        ),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(0, 0.25),
        fc.boolean(),
        (history, prior, guess, correct) => {
          const { learner, skills } = run(history);
          const before = masteryOf(model, learner, skills.fractions, 'fractions').p;
          const after = recordAnswer(
            model,
            learner,
            skills,
            item({ prior, correct, guess }, 1000),
            correct,
            30 * DAY_MS,
          ).skills.fractions!.mastery.p;
          return correct ? after >= before : after <= before;
        },
      ),
    );
  });
});

describe('bandShown', () => {
  const secure = Array.from({ length: 10 }, () => ({ prior: 4, correct: true }));
  const lastAnswerMs = 1_000 + 9 * 60_000;

  it('shows a mastered skill as mastered at the answer and in the days after', () => {
    const { skills, mastery } = run(secure);
    expect(mastery.band).toBe('mastered');
    const evidence = skills.fractions!.evidence;
    expect(bandShown('mastered', evidence, lastAnswerMs)).toBe('mastered');
    expect(bandShown('mastered', evidence, lastAnswerMs + 3 * DAY_MS)).toBe('mastered');
  });

  it('fades mastered to getting there once the learner has probably forgotten it', () => {
    const evidence = run(secure).skills.fractions!.evidence;
    expect(bandShown('mastered', evidence, lastAnswerMs + 120 * DAY_MS)).toBe('getting there');
  });

  it('fades once the layer is less than 90% sure the learner still knows it', () => {
    // 1% forgotten a day (the generic layer): about 0.95 sure after 5 days, 0.86 after 15.
    const evidence = run(secure).skills.fractions!.evidence;
    expect(bandShown('mastered', evidence, lastAnswerMs + 5 * DAY_MS)).toBe('mastered');
    expect(bandShown('mastered', evidence, lastAnswerMs + 15 * DAY_MS)).toBe('getting there');
  });

  it('fades sooner where the site forgets faster', () => {
    const evidence = run(secure).skills.fractions!.evidence;
    const quickToForget = { learn: 0.15, slip: 0.1, freeTextGuess: 0.15, forgetPerDay: 0.1 };
    expect(bandShown('mastered', evidence, lastAnswerMs + 3 * DAY_MS, quickToForget)).toBe('getting there');
  });

  it('leaves every other band, and states without evidence, as stored', () => {
    const evidence = run(secure).skills.fractions!.evidence;
    for (const band of ['not started', 'not sure yet', 'needs practice', 'getting there'] as const) {
      expect(bandShown(band, evidence, lastAnswerMs + 365 * DAY_MS)).toBe(band);
    }
    expect(bandShown('mastered', undefined, lastAnswerMs + 365 * DAY_MS)).toBe('mastered');
  });
});

describe('the two-state layer with fitted parameters', () => {
  it('learns at the site rate recordAnswer is given, not the generic one', () => {
    const after = (knows?: Parameters<typeof recordAnswer>[6]) =>
      recordAnswer(
        model,
        model.initialLearnerState(),
        {},
        item({ prior: 3, correct: false }, 0),
        false,
        1_000,
        knows,
      ).skills.fractions!.evidence.knows!;
    const quickLearners = { learn: 0.5, slip: 0.1, freeTextGuess: 0.15, forgetPerDay: 0.01 };
    expect(after(quickLearners)).toBeGreaterThan(after() + 0.2);
  });
});
