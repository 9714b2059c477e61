/** Generated mathematics difficulty: 1 (easiest) to 5. */
export type MathDifficulty = 1 | 2 | 3 | 4 | 5;

/** The difficulty levels every mathematics generator supports. */
export const MATH_DIFFICULTIES: readonly MathDifficulty[] = [1, 2, 3, 4, 5];

/** Units an answer may carry; the matcher accepts the answer with or without them. */
export type AnswerUnit = 'cm' | 'cm²' | '°' | '%' | 'minutes' | '₹';

/** The form the question asks for, which decides exactly which typed answers are accepted. */
export type AnswerForm =
  /** A whole number; `variable` when the question asks for a letter (`What is x?`), so `x = 7` is accepted too. */
  | { kind: 'integer'; unit?: AnswerUnit; variable?: string }
  /** A number, exact; `places` when the question asks for that many decimal places at most. */
  | { kind: 'decimal'; places?: number; unit?: AnswerUnit }
  /** `a/b` in simplest form, b > 1. */
  | { kind: 'fraction' }
  /** `q r r`, e.g. `7 r 2`. */
  | { kind: 'remainder' }
  /** `a:b` in simplest form. */
  | { kind: 'ratio' }
  /** A 12-hour clock time `h:mm`, e.g. `4:05`. */
  | { kind: 'time' };

/** What a generator renders from a seeded source at one difficulty. */
export interface GeneratedQuestion {
  prompt: string;
  /** The canonical correct answer, shown to the learner after answering. */
  answer: string;
  /** Worked steps, one per line. */
  explanation: string;
  answerForm: AnswerForm;
}

/** A generated mathematics question with a stable id `math:<skill>:<difficulty>:<seed>`. */
export interface MathItem extends GeneratedQuestion {
  id: string;
  skill: string;
  difficulty: MathDifficulty;
  seed: number;
}
