import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  savedSearchListSchema,
  savedSearchSchema,
  type SavedSearchInput,
  type SavedSearchUpdate,
} from '@laptops/shared/saved-searches';
import { apiRequest } from '../../../lib/api-client.ts';

export const savedSearchKeys = { all: ['saved-searches'] as const };

/** GET /api/saved-searches: the signed-in person's saved searches, oldest first. */
export function getSavedSearches() {
  return apiRequest('/api/saved-searches', savedSearchListSchema);
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: savedSearchKeys.all, queryFn: getSavedSearches });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

/** POST /api/saved-searches: the search page's filters as it has them, and how often to email. */
export function saveSearch(input: SavedSearchInput) {
  return apiRequest('/api/saved-searches', savedSearchSchema, { method: 'POST', json: input });
}

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** PATCH /api/saved-searches/:id: how often it emails (emails on again if they were off). */
export function changeFrequency({ id, ...update }: SavedSearchUpdate & { id: string }) {
  return apiRequest(`/api/saved-searches/${encodeURIComponent(id)}`, savedSearchSchema, {
    method: 'PATCH',
    json: update,
  });
}

export function useChangeFrequency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeFrequency,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** An empty answer (204), as a response check. */
const noContent = { parse: () => undefined };

/** DELETE /api/saved-searches/:id. */
export function deleteSavedSearch(id: string) {
  return apiRequest(`/api/saved-searches/${encodeURIComponent(id)}`, noContent, {
    method: 'DELETE',
  });
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
