import { useEffect, useState } from 'react';
import { fairPriceText } from '@laptops/shared/fair-price';
import { useFairPrice } from '../api/get-fair-price.ts';

/** How long typing must pause before the range is asked for. */
export const FAIR_PRICE_DEBOUNCE_MS = 400;

type RuleFields = {
  categoryId: unknown;
  model: unknown;
  ramGb: unknown;
  storageGb: unknown;
  yearsOfUse: unknown;
};

/** `value` once it has stayed the same for `ms` (compared by its JSON). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(JSON.parse(key) as T), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

/**
 * Under the price: what similar laptops sold for here (decision 0048), once the brand,
 * model, memory, storage and years of use are filled in; or that there are not enough
 * such sales yet. Says nothing before those fields are given, or if the lookup failed:
 * it is advice, and the form works without it.
 */
export function FairPriceHint({ fields }: { fields: RuleFields }) {
  const settled = useSettled(fields, FAIR_PRICE_DEBOUNCE_MS);
  const { data, asked, isError } = useFairPrice(settled);
  const shown = asked && !isError && data;
  // The region stays in the page, empty and hidden, so a range appearing is announced.
  return (
    <div role="status" className="empty:hidden sm:col-span-2">
      {shown && (
        <p className="rounded-box bg-base-200 px-3 py-2 text-sm">
          {data.range ? (
            <span className="font-medium">{fairPriceText.range(data.range)}</span>
          ) : (
            <span className="text-base-content/75">{fairPriceText.notEnough}</span>
          )}
        </p>
      )}
    </div>
  );
}
