import type { SessionKey } from '#src/features/accounts/index.ts';
import type { QuizContext } from './quiz-state.ts';

/**
 * The context of the quizzes this process served or scored last, by quiz (decision 005). A quiz's calls come one
 * after another, so the context a call leaves is what the next call would read: a hit spares that read. Nothing here
 * is trusted for a write: every write is guarded in the database (position, session, learner's version), and a
 * write that finds the guard moved drops the entry and reads again. Entries are replaced, never changed in place, so
 * a call keeps the consistent context it started with. The oldest entry goes first when the cache is full.
 */
export class QuizContexts {
  private readonly entries = new Map<string, { context: QuizContext; at: number }>();

  constructor(
    private readonly capacity = 2_000,
    private readonly maxAgeMs = 30 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** The quiz's context if this process left one for the same session, not older than the maximum age. */
  get(quizId: string, session: SessionKey): QuizContext | undefined {
    const entry = this.entries.get(quizId);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.maxAgeMs) {
      this.entries.delete(quizId);
      return undefined;
    }
    return entry.context.session === session ? entry.context : undefined;
  }

  set(quizId: string, context: QuizContext): void {
    this.entries.delete(quizId);
    this.entries.set(quizId, { context, at: this.now() });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(quizId: string): void {
    this.entries.delete(quizId);
  }

  get size(): number {
    return this.entries.size;
  }
}
