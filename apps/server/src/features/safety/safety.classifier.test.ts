import { describe, expect, it } from 'vitest';
import { detectConcern, safetyReply } from './safety.classifier.ts';
import { ORDINARY_MESSAGES, WORRYING_MESSAGES } from './safety.prompts.ts';

describe('detectConcern', () => {
  it.each(WORRYING_MESSAGES)('flags “%s” as %s', (message, category) => {
    expect(detectConcern(message)?.category).toBe(category);
  });

  it.each(ORDINARY_MESSAGES)('leaves the school question “%s” alone', (message) => {
    expect(detectConcern(message)).toBeNull();
  });

  it('marks self-harm, abuse and danger urgent, bullying a concern', () => {
    expect(detectConcern('I want to kill myself')?.severity).toBe('urgent');
    expect(detectConcern('my dad hits me')?.severity).toBe('urgent');
    expect(detectConcern('a stranger is following me')?.severity).toBe('urgent');
    expect(detectConcern('I am being bullied')?.severity).toBe('concern');
  });
});

describe('safetyReply', () => {
  it('gives the Indian helplines and says whether a grown-up was told', () => {
    for (const told of [true, false]) {
      const reply = safetyReply(told);
      expect(reply).toContain('CHILDLINE on 1098');
      expect(reply).toContain('Tele-MANAS on 14416');
      expect(reply).toContain('112');
      expect(reply.includes('sent a short note')).toBe(told);
    }
  });
});
