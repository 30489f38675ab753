import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { favouriteKeys } from '../../../lib/query-keys.ts';
import { getFavouriteEmails, getFavourites, setFavouriteEmails, setSaved } from './favourites.ts';

/** The Saved page's list. */
export const favouritesQueryOptions = () =>
  queryOptions({ queryKey: [...favouriteKeys.all, 'list'], queryFn: getFavourites });

export function useFavourites() {
  return useQuery(favouritesQueryOptions());
}

/** Removes a saved laptop; the list and the hearts ask again. */
export function useRemoveFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => setSaved(productId, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.all }),
  });
}

const emailsKey = [...favouriteKeys.all, 'emails'] as const;

export function useFavouriteEmails() {
  return useQuery({ queryKey: emailsKey, queryFn: getFavouriteEmails });
}

export function useSetFavouriteEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavouriteEmails,
    onSuccess: (saved) => queryClient.setQueryData(emailsKey, saved),
  });
}
