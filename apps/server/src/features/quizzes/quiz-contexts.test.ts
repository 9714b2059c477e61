import { describe, expect, it } from 'vitest';
import { QuizContexts } from './quiz-contexts.ts';
import type { SessionKey } from '#src/features/accounts/index.ts';
import type { QuizContext } from './quiz-state.ts';

const context = (session: string, answered = 0) => ({ session, answered }) as unknown as QuizContext;

describe('QuizContexts', () => {
  it('gives a quiz’s context back to the same session only', () => {
    const contexts = new QuizContexts();
    contexts.set('q1', context('t1'));
    expect(contexts.get('q1', 't1' as SessionKey)?.session).toBe('t1');
    expect(contexts.get('q1', 't2' as SessionKey)).toBeUndefined();
    expect(contexts.get('q2', 't1' as SessionKey)).toBeUndefined();
    contexts.set('q1', context('t1', 1));
    expect(contexts.get('q1', 't1' as SessionKey)?.answered).toBe(1);
    contexts.delete('q1');
    expect(contexts.get('q1', 't1' as SessionKey)).toBeUndefined();
  });

  it('forgets a context older than the maximum age', () => {
    let now = 0;
    const contexts = new QuizContexts(10, 1_000, () => now);
    contexts.set('q1', context('t'));
    now = 1_000;
    expect(contexts.get('q1', 't' as SessionKey)).toBeDefined();
    now = 1_001;
    expect(contexts.get('q1', 't' as SessionKey)).toBeUndefined();
    expect(contexts.size).toBe(0);
  });

  it('lets the least recently written context go when full', () => {
    const contexts = new QuizContexts(2);
    contexts.set('q1', context('t'));
    contexts.set('q2', context('t'));
    contexts.set('q1', context('t', 1));
    contexts.set('q3', context('t'));
    expect(contexts.size).toBe(2);
    expect(contexts.get('q2', 't' as SessionKey)).toBeUndefined();
    expect(contexts.get('q1', 't' as SessionKey)?.answered).toBe(1);
    expect(contexts.get('q3', 't' as SessionKey)).toBeDefined();
  });
});
