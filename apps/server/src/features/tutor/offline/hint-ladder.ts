import { generateMathItem, parseMathItemId } from '@vidya/content';
import { revealsAnswer, type LiveQuestion } from '../safety/answer-guard.ts';
import { skillKey, type TutorContent } from '../tutor.content.ts';
import { tokenize } from './math-parser.ts';
import { solveMaths } from './math-solver.ts';
import { englishAnalyser } from './analysers.ts';

/** The quiz question a conversation is about, with what the tutor may use to help. */
export interface QuestionContext extends LiveQuestion {
  skillId: string;
  explanation: string;
  passageTitle: string | null;
  /** Whether the learner has submitted an answer: only then may the tutor explain it fully. */
  answered: boolean;
}

/** The rungs of the hint ladder, climbed one per message while the question is unanswered. */
export const HINT_LEVELS = ['nudge', 'hint', 'example'] as const;
export type HintLevel = (typeof HINT_LEVELS)[number];

export const hintLevelFor = (learnerMessages: number): HintLevel =>
  HINT_LEVELS[Math.min(HINT_LEVELS.length - 1, Math.max(0, learnerMessages - 1))]!;

const LAST_WORD = 'Once you have submitted your answer, I can explain this question fully.';
const SAFE_FALLBACK = `Have a go first: read the question slowly and write down what you already know. ${LAST_WORD}`;

function skillOf(question: QuestionContext, content: TutorContent) {
  return content.skills.get(skillKey(question.courseKey, question.skillId));
}

function nudge(question: QuestionContext, content: TutorContent): string {
  const skill = skillOf(question, content);
  const about = skill ? ` This question is about ${skill.name.toLowerCase()}: ${skill.description}` : '';
  const passage = question.passageTitle
    ? ` Look back at the reading paragraph “${question.passageTitle}” and find the part that talks about this.`
    : '';
  const ask =
    question.kind === 'choice'
      ? 'What is the question really asking? Read each choice and ask yourself whether it fits, then tell me which one you think it is and why.'
      : 'What is the question asking you to find? Tell me the first step you would take.';
  return `Let's think it through together.${about}${passage} ${ask}`;
}

/** A targeted hint: rule out a wrong choice, or name the method the question needs. */
function targeted(question: QuestionContext, content: TutorContent): string {
  const skill = skillOf(question, content);
  if (question.kind === 'choice' && question.choices) {
    const correct = Number(question.answer);
    const wrong = question.choices.filter((_, i) => i !== correct);
    const ruledOut = wrong[0];
    return `Here's a hint: you can rule out “${ruledOut}”. ${
      skill ? `Remember what ${skill.name.toLowerCase()} is about: ${skill.description} ` : ''
    }Which of the other choices fits best?`;
  }
  return `Here's a hint: ${methodFor(question.prompt)}${skill ? ` (${skill.name}: ${skill.description})` : ''}`;
}

/**
 * The method a piece of mathematics needs, read from its shape. It holds no number and no number word, so a reply
 * made of it is the same whatever the answer of a live question is, and never trips the answer guard.
 */
function methodFor(text: string): string {
  const tokens = tokenize(text);
  const hasEquals = tokens.some((t) => t.kind === 'op' && t.op === '=');
  const hasPercent = tokens.some((t) => t.kind === 'op' && t.op === '%');
  const hasFraction = tokens.some((t, i) => t.kind === 'op' && t.op === '/' && tokens[i - 1]?.kind === 'num');
  const hasPower = tokens.some((t) => t.kind === 'op' && t.op === '^');
  const operators = tokens.filter((t) => t.kind === 'op' && '+-*/÷'.includes(t.op)).length;
  if (hasEquals && tokens.some((t) => t.kind === 'var'))
    return 'Undo what has been done to the unknown, step by step: first add or subtract the same number on both sides, then divide both sides by the number in front of the unknown. Check by putting your answer back in.';
  if (hasPercent)
    return 'Write the percentage as a fraction or a decimal first, then multiply it by the amount.';
  if (hasFraction)
    return 'With fractions, give them the same denominator before you add or subtract; to multiply, multiply the tops and the bottoms; to divide, flip the dividing fraction and multiply.';
  if (hasPower) return 'A power tells you how many times to multiply the number by itself.';
  if (operators > 1) return 'Remember the order: brackets first, then × and ÷, then + and −.';
  return 'Write down the numbers you are given and decide which operation you need. Estimate first, so you can check your answer.';
}

/**
 * Whether a computed number could give a live question away, judged only by what the learner can see (its course,
 * its kind, its choices), never by its answer: a mathematics question, a typed answer, or a choice among numbers.
 */
export function isAnsweredByComputing(question: LiveQuestion): boolean {
  return (
    question.courseKey === 'mathematics' ||
    question.kind === 'free_text' ||
    (question.choices ?? []).some((choice) => /\d/.test(choice))
  );
}

/**
 * While a question that computing could answer is open, a request for a computed result gets the method, never a
 * value, whatever the value: refusing only the sum that equals the answer would tell the answer (issue 20). Null
 * when the message asks for no computation or no such question is open.
 */
export function methodOnlyReply(message: string, live: readonly LiveQuestion[]): string | null {
  if (!live.some(isAnsweredByComputing) || !solveMaths(message)) return null;
  return `You have a quiz question waiting for your answer, so I won't work out numbers for you until you have submitted it. Here is the method instead: ${methodFor(message)} Try it yourself, and once your quiz answer is in, I can work sums out with you again.`;
}

/** A worked example of a similar question, never the question itself. */
function workedExample(question: QuestionContext, content: TutorContent, attempt: number): string | null {
  const generated = parseMathItemId(question.itemId);
  const examples: string[] = [];
  if (generated) {
    for (let k = 1; k <= 12; k++) {
      const similar = generateMathItem(
        generated.skill,
        generated.difficulty,
        (generated.seed + attempt * 13 + k) >>> 0,
      );
      if (similar.prompt === question.prompt) continue;
      examples.push(
        `Here's a similar question, worked out:\n“${similar.prompt}”\n${similar.explanation}\nThe answer to that one is ${similar.answer}. Now try yours the same way!`,
      );
    }
  } else {
    const list = content.examplesBySkill.get(skillKey(question.courseKey, question.skillId)) ?? [];
    // The most similar questions first: those sharing the most words with this one.
    const words = new Set(englishAnalyser.terms(question.prompt));
    const overlap = (text: string) => englishAnalyser.terms(text).filter((t) => words.has(t)).length;
    const others = list
      .filter((e) => e.id !== question.itemId)
      .map((e) => ({ e, score: overlap(e.prompt) }))
      .sort((a, b) => b.score - a.score || a.e.id.localeCompare(b.e.id))
      .map(({ e }) => e);
    for (let k = 0; k < others.length; k++) {
      const example = others[(attempt + k) % others.length]!;
      const answer = example.choices ? example.choices[Number(example.answer)] : example.answer;
      examples.push(
        `Here's a similar question, worked out:\n“${example.prompt}”\nThe answer is “${answer}”. ${example.explanation}\nNow use the same idea on your question.`,
      );
    }
  }
  return examples.find((text) => !revealsAnswer(text, question)) ?? null;
}

/**
 * The hint for a live question at a rung of the ladder: a nudge, a targeted hint, then worked examples of similar
 * questions. Whatever the rung, the result never contains the question's answer: a rung that would is skipped.
 */
export function hintFor(
  question: QuestionContext,
  level: HintLevel,
  content: TutorContent,
  attempt = 0,
): string {
  const candidates: string[] = [];
  if (level === 'example') {
    const example = workedExample(question, content, attempt);
    if (example) candidates.push(`${example}\n${LAST_WORD}`);
  }
  if (level !== 'nudge') candidates.push(targeted(question, content));
  candidates.push(nudge(question, content), SAFE_FALLBACK);
  return (
    candidates.find((text) => !revealsAnswer(text, question)) ?? 'Have a go first, then submit your answer.'
  );
}

/** After the answer is in: the full explanation, with working for mathematics. */
export function fullExplanation(question: QuestionContext): string {
  const answer =
    question.kind === 'choice' && question.choices
      ? question.choices[Number(question.answer)]
      : question.answer;
  return `You've answered this question, so here is the full explanation.\nThe correct answer is: ${answer}\n${question.explanation}`;
}
