import { safetyEndpoints } from '@vidya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

export const safetyAlertsQuery = queryOptions({
  queryKey: ['guardian', 'safety-alerts'],
  queryFn: () => api(safetyEndpoints.alerts),
});
export const useSafetyAlerts = () => useQuery(safetyAlertsQuery);
