import { describe, expect, it } from 'vitest';
import { QuizContexts } from './quiz-contexts.ts';
import type { QuizContext } from './quizzes.statements.ts';

const context = (token: string, answered = 0) => ({ token, answered }) as unknown as QuizContext;

describe('QuizContexts', () => {
  it('gives a quiz’s context back to the same session only', () => {
    const contexts = new QuizContexts();
    contexts.set('q1', context('t1'));
    expect(contexts.get('q1', 't1')?.token).toBe('t1');
    expect(contexts.get('q1', 't2')).toBeUndefined();
    expect(contexts.get('q2', 't1')).toBeUndefined();
    contexts.set('q1', context('t1', 1));
    expect(contexts.get('q1', 't1')?.answered).toBe(1);
    contexts.delete('q1');
    expect(contexts.get('q1', 't1')).toBeUndefined();
  });

  it('forgets a context older than the maximum age', () => {
    let now = 0;
    const contexts = new QuizContexts(10, 1_000, () => now);
    contexts.set('q1', context('t'));
    now = 1_000;
    expect(contexts.get('q1', 't')).toBeDefined();
    now = 1_001;
    expect(contexts.get('q1', 't')).toBeUndefined();
    expect(contexts.size).toBe(0);
  });

  it('lets the least recently written context go when full', () => {
    const contexts = new QuizContexts(2);
    contexts.set('q1', context('t'));
    contexts.set('q2', context('t'));
    contexts.set('q1', context('t', 1));
    contexts.set('q3', context('t'));
    expect(contexts.size).toBe(2);
    expect(contexts.get('q2', 't')).toBeUndefined();
    expect(contexts.get('q1', 't')?.answered).toBe(1);
    expect(contexts.get('q3', 't')).toBeDefined();
  });
});
