import type { CourseKey } from '@vidya/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';
import { courseRefs } from './learning-endpoints.ts';

/** Every quiz course. */
export const coursesQueryOptions = queryOptions({
  queryKey: queryKeys.courses,
  queryFn: () => api(courseRefs.list),
  staleTime: Infinity,
});
export const useCourses = () => useQuery(coursesQueryOptions);

/** The signed-in learner's enrolments with mastery. */
export const enrolmentsQueryOptions = queryOptions({
  queryKey: queryKeys.enrolments,
  queryFn: () => api(courseRefs.enrolments),
});
export const useEnrolments = () => useQuery(enrolmentsQueryOptions);

/** Experience points and totals for the learner header. */
export const statsQueryOptions = queryOptions({
  queryKey: queryKeys.stats,
  queryFn: () => api(courseRefs.stats),
});
export const useStats = () => useQuery(statsQueryOptions);

/** Enrols in courses and refreshes the list. */
export function useEnrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (courses: CourseKey[]) => api(courseRefs.enrol, { body: { courses } }),
    onSuccess: (enrolments) => queryClient.setQueryData(enrolmentsQueryOptions.queryKey, enrolments),
  });
}

/** Unenrols (deleting the course's data) and refreshes the list and figures. */
export function useUnenrol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (course: CourseKey) => api(courseRefs.unenrol, { params: { course } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.enrolments });
      await queryClient.invalidateQueries({ queryKey: queryKeys.stats });
    },
  });
}
