import type { LiveQuestion } from '../safety/answer-guard.ts';
import type { TutorContent } from '../tutor.content.ts';
import { fullExplanation, hintFor, hintLevelFor, type QuestionContext } from './hint-ladder.ts';
import { formatSolution, solveMaths } from './math-solver.ts';
import { englishAnalyser } from './analysers.ts';

/** What the offline tutor knows about the learner and the conversation. */
export interface OfflineInput {
  message: string;
  /** The question the conversation is about, if any. */
  question: QuestionContext | null;
  /** How many messages the learner has sent in this conversation, this one included. */
  learnerMessages: number;
  /** Every question the learner is still answering: their items are never quoted. */
  liveQuestions: readonly LiveQuestion[];
  /** Enrolled course titles, weakest first, for suggestions. */
  courses: readonly string[];
}

const GREETING_WORDS = new Set([
  'hi',
  'hello',
  'hey',
  'namaste',
  'hii',
  'good',
  'morning',
  'afternoon',
  'evening',
]);
const THANKS_WORDS = new Set([
  'thanks',
  'thank',
  'thx',
  'ty',
  'ok',
  'okay',
  'cool',
  'great',
  'got',
  'it',
  'bye',
]);
const EXAMPLES =
  'You can ask me a maths question, like “3/4 + 1/6”, “15% of 80” or “2x + 3 = 11”, and I will work it out step by step. Or ask about something in your courses, like “What is evaporation?”';

function smallTalk(message: string): string | null {
  const words = message.toLowerCase().match(/[a-z]+/g) ?? [];
  if (words.length === 0 || words.length > 6 || englishAnalyser.terms(message).length > 2) return null;
  if (words.every((w) => GREETING_WORDS.has(w) || ['there', 'tutor', 'vidya'].includes(w)))
    return `Hello! I'm Vidya's offline tutor. ${EXAMPLES}`;
  if (
    words.some((w) => w === 'thanks' || w === 'thank' || w === 'thx') &&
    words.every((w) => THANKS_WORDS.has(w) || w === 'you' || w === 'so' || w === 'much')
  )
    return "You're welcome! Is there anything else you'd like to work on?";
  return null;
}

function suggestion(message: string, content: TutorContent, courses: readonly string[]): string {
  // The course whose content shares the most words with the question, else the learner's first course.
  const scores = new Map<string, number>();
  for (const hit of content.index.search(message, { limit: 20, loose: true }))
    scores.set(hit.document.course, (scores.get(hit.document.course) ?? 0) + hit.score);
  const best = [...scores].sort((a, b) => b[1] - a[1])[0]?.[0] ?? courses[0] ?? 'Mathematics';
  const skills = [...content.skills.values()].filter((s) => s.courseTitle === best).slice(0, 2);
  const topics = skills.length
    ? `, or ask me about one of its topics, like ${skills.map((s) => `“${s.name}”`).join(' or ')}`
    : '';
  return `You could explore the ${best} course on your Courses page${topics}.`;
}

/**
 * The built-in tutor used when no model is configured. It climbs the hint ladder on a live quiz question, explains
 * an answered one, works out arithmetic, fractions, percentages and linear equations step by step, and otherwise
 * quotes the course content that best matches the question. It never states a fact that is not in the content.
 */
export function offlineReply(input: OfflineInput, content: TutorContent): string {
  const { message, question } = input;
  if (question && !question.answered) {
    return hintFor(question, hintLevelFor(input.learnerMessages), content, input.learnerMessages);
  }
  const chat = smallTalk(message);
  if (chat) return chat;
  if (question?.answered && input.learnerMessages <= 1) return fullExplanation(question);
  const solution = solveMaths(message);
  if (solution) return formatSolution(solution);
  const live = new Set(input.liveQuestions.map((q) => q.itemId));
  const hits = content.index.search(message, {
    limit: 2,
    exclude: (doc) => !!doc.itemId && live.has(doc.itemId),
  });
  if (hits.length > 0) {
    const quotes = hits.map(
      (hit) => `From ${hit.document.course}, ${hit.document.source}:\n“${hit.quote.join(' ')}”`,
    );
    return `Here is what I found in Vidya's course content.\n\n${quotes.join('\n\n')}\n\nDoes that help? Ask me to go further with any part of it.`;
  }
  if (question?.answered) return fullExplanation(question);
  return `I couldn't find that in Vidya's course content, and I don't want to guess. I'm the offline tutor, so I only answer from what our courses say. ${suggestion(message, content, input.courses)}`;
}
