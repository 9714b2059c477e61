import type { Period } from '@vidya/contracts';

/**
 * Every TanStack Query key of the app. A key's first elements name what it caches, so invalidating a shorter key
 * refreshes every longer one under it (`queryKeys.guardian.all` refreshes each guardian list). Features take their keys
 * from here and never spell one out, so a feature can refresh another's data (the quiz refreshes the learner's
 * figures) without importing it. Plain arrays only: learner pages import this file, and it must not load the
 * contracts' schemas (docs/decisions/003-web-first-load.md).
 */
export const queryKeys = {
  me: ['me'],
  authProviders: ['auth-providers'],
  courses: ['courses'],
  enrolments: ['enrolments'],
  stats: ['stats'],
  progress: {
    all: ['progress'],
    period: (period: Period) => ['progress', period],
  },
  badges: ['badges'],
  linkRequests: ['me', 'link-requests'],
  blockedGuardians: ['me', 'blocked-guardians'],
  channels: ['me', 'channels'],
  guardian: {
    all: ['guardian'],
    learners: ['guardian', 'learners'],
    learnerProgress: (learnerId: string) => ['guardian', 'progress', learnerId],
    classes: ['guardian', 'classes'],
    class: (classId: string) => ['guardian', 'class', classId],
    childConversations: (learnerId: string) => ['guardian', 'tutor', learnerId],
    childConversation: (learnerId: string, conversationId: string | null) => [
      'guardian',
      'tutor',
      learnerId,
      conversationId,
    ],
  },
  tutor: {
    engine: ['tutor', 'engine'],
    conversations: ['tutor', 'conversations'],
    conversation: (conversationId: string) => ['tutor', 'conversation', conversationId],
  },
} as const;
