import type { Period } from '@vidya/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { courseRefs } from '#src/features/courses/index.ts';
import { api } from '#src/lib/api-client.ts';
import { queryKeys } from '#src/lib/query-keys.ts';

/** The browser's IANA time zone, so days and streaks are the learner's own. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export const progressQuery = (period: Period) =>
  queryOptions({
    queryKey: queryKeys.progress.period(period),
    queryFn: () => api(courseRefs.progress, { query: { period, timeZone: browserTimeZone() } }),
  });
export const useProgress = (period: Period) =>
  useQuery({ ...progressQuery(period), placeholderData: keepPreviousData });

export const badgesQuery = queryOptions({
  queryKey: queryKeys.badges,
  queryFn: () => api(courseRefs.badges),
});
export const useBadges = () => useQuery(badgesQuery);
