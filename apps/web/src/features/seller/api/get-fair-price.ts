import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  fairPriceAnswerSchema,
  fairPriceQuerySchema,
  type FairPriceQuery,
} from '@laptops/shared/fair-price';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/fair-price: what similar laptops sold for, while a seller prices one. */
export function getFairPrice(query: FairPriceQuery) {
  const params = new URLSearchParams({
    categoryId: query.categoryId,
    model: query.model,
    ramGb: String(query.ramGb),
    storageGb: String(query.storageGb),
    yearsOfUse: String(query.yearsOfUse),
  });
  return apiRequest(`/api/fair-price?${params.toString()}`, fairPriceAnswerSchema);
}

/*
 * Its key is kept here, not in lib/query-keys.ts: only the listing form asks, and that
 * file is in Home's download. Nothing else writes or refreshes it.
 */
export const fairPriceQueryOptions = (query: FairPriceQuery) =>
  queryOptions({
    queryKey: ['fair-price', query] as const,
    queryFn: () => getFairPrice(query),
    // Sales complete a few a day: a range asked for a minute ago is still the range.
    staleTime: 60_000,
  });

/**
 * The range for what the form holds once the rule's fields are all given and valid
 * (the form's own values, as typed); nothing is asked before that.
 */
export function useFairPrice(values: Record<keyof FairPriceQuery, unknown>) {
  const parsed = fairPriceQuerySchema.safeParse(values);
  const query = useQuery({
    ...fairPriceQueryOptions(parsed.success ? parsed.data : emptyQuery),
    enabled: parsed.success,
    // While the next answer comes, the last range stays rather than blinking away.
    placeholderData: keepPreviousData,
    retry: false,
  });
  return { ...query, asked: parsed.success };
}

const emptyQuery: FairPriceQuery = {
  categoryId: '',
  model: '',
  ramGb: 0,
  storageGb: 0,
  yearsOfUse: 0,
};
