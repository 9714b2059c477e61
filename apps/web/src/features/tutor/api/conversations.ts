import { tutorEndpoints, type StartConversationBody } from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

export const tutorEngineQuery = queryOptions({
  queryKey: queryKeys.tutor.engine,
  queryFn: () => api(tutorEndpoints.engine),
  staleTime: 5 * 60 * 1000,
});
export const useTutorEngine = () => useQuery(tutorEngineQuery);

export const conversationsQuery = queryOptions({
  queryKey: queryKeys.tutor.conversations,
  queryFn: () => api(tutorEndpoints.conversations),
});
export const useConversations = () => useQuery(conversationsQuery);

export const conversationQuery = (conversationId: string) =>
  queryOptions({
    queryKey: queryKeys.tutor.conversation(conversationId),
    queryFn: () => api(tutorEndpoints.conversation, { params: { conversationId } }),
  });
export const useConversation = (conversationId: string | null) =>
  useQuery({ ...conversationQuery(conversationId ?? ''), enabled: conversationId !== null });

/** Starts a conversation (with the greeting), optionally about a quiz question. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversationBody) => api(tutorEndpoints.start, { body }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationQuery(conversation.id).queryKey, conversation);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tutor.conversations });
    },
  });
}
