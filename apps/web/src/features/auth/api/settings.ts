import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsSchema, type SettingsInput } from '@laptops/shared/settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsKeys } from '../../../lib/query-keys.ts';

/** GET /api/settings: the signed-in user's settings. */
export function getSettings() {
  return apiRequest('/api/settings', settingsSchema);
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.all, queryFn: getSettings });

export function useSettings() {
  return useQuery(settingsQueryOptions());
}

/** PATCH /api/settings: changes them; the answer is the settings as saved. */
export function updateSettings(input: SettingsInput) {
  return apiRequest('/api/settings', settingsSchema, { method: 'PATCH', json: input });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.all, saved),
  });
}
