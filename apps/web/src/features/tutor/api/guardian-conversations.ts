import type { tutorEndpoints } from '@vidya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, endpointRef } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

type Tutor = typeof tutorEndpoints;

/** A parent's read-only view of a child's tutor conversations (verified links only; the server checks). */
export const guardianConversationRefs = {
  guardianConversations: endpointRef<Tutor['guardianConversations']>(
    'GET',
    '/api/guardian/learners/:learnerId/tutor/conversations',
  ),
  guardianConversation: endpointRef<Tutor['guardianConversation']>(
    'GET',
    '/api/guardian/learners/:learnerId/tutor/conversations/:conversationId',
  ),
};

export const useChildConversations = (learnerId: string) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.guardian.childConversations(learnerId),
      queryFn: () => api(guardianConversationRefs.guardianConversations, { params: { learnerId } }),
    }),
  );

export const useChildConversation = (learnerId: string, conversationId: string | null) =>
  useQuery({
    queryKey: queryKeys.guardian.childConversation(learnerId, conversationId),
    queryFn: () =>
      api(guardianConversationRefs.guardianConversation, {
        params: { learnerId, conversationId: conversationId ?? '' },
      }),
    enabled: conversationId !== null,
  });
