import {
  classEndpoints,
  guardianEndpoints,
  learnerLinkEndpoints,
  type CreateLinkBody,
} from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

export const guardianLearnersQuery = queryOptions({
  queryKey: queryKeys.guardian.learners,
  queryFn: () => api(guardianEndpoints.learners),
});
export const useGuardianLearners = () => useQuery(guardianLearnersQuery);

export const learnerProgressQuery = (learnerId: string) =>
  queryOptions({
    queryKey: queryKeys.guardian.learnerProgress(learnerId),
    queryFn: () => api(guardianEndpoints.learnerProgress, { params: { learnerId } }),
  });
export const useLearnerProgress = (learnerId: string) => useQuery(learnerProgressQuery(learnerId));

export function useRequestLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLinkBody) => api(guardianEndpoints.requestLink, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guardian.all }),
  });
}

export function useRemoveGuardianLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api(guardianEndpoints.removeLink, { params: { linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guardian.all }),
  });
}

export const classesQuery = queryOptions({
  queryKey: queryKeys.guardian.classes,
  queryFn: () => api(classEndpoints.list),
});
export const useClasses = () => useQuery(classesQuery);
export const useClassView = (classId: string) =>
  useQuery({
    queryKey: queryKeys.guardian.class(classId),
    queryFn: () => api(classEndpoints.view, { params: { classId } }),
  });

export function useCreateClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(classEndpoints.create, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.guardian.all }),
  });
}

export { linkRequestsQuery, useLinkRequests } from './link-requests.ts';

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, accept }: { linkId: string; accept: boolean }) =>
      api(accept ? learnerLinkEndpoints.accept : learnerLinkEndpoints.decline, { params: { linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.linkRequests }),
  });
}

export function useRemoveLearnerLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api(learnerLinkEndpoints.remove, { params: { linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.linkRequests }),
  });
}

export const blockedGuardiansQuery = queryOptions({
  queryKey: queryKeys.blockedGuardians,
  queryFn: () => api(learnerLinkEndpoints.blocked),
});
export const useBlockedGuardians = () => useQuery(blockedGuardiansQuery);

export function useBlockGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api(learnerLinkEndpoints.block, { params: { linkId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.linkRequests });
      await queryClient.invalidateQueries({ queryKey: queryKeys.blockedGuardians });
    },
  });
}

export function useUnblockGuardian() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => api(learnerLinkEndpoints.unblock, { params: { blockId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.blockedGuardians }),
  });
}

export function useJoinClass() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api(classEndpoints.join, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.linkRequests }),
  });
}

export const channelsQuery = queryOptions({
  queryKey: queryKeys.channels,
  queryFn: () => api(learnerLinkEndpoints.channels),
});
export const useChannels = () => useQuery(channelsQuery);

export function useAddChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (url: string) => api(learnerLinkEndpoints.addChannel, { body: { url } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.channels }),
  });
}

export function useRemoveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: string) => api(learnerLinkEndpoints.removeChannel, { params: { channelId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.channels }),
  });
}
