/**
 * The counts beside the spec filters' choices: how many listings each choice would
 * find, with the search's text and every other filter as they are (a filter's own
 * choice is left out of its counts, so picking another one is predictable).
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { cpuFamilies, storageTypes } from '@laptops/shared/laptop-specs';
import type { SpecCounts } from '@laptops/shared/search';
import { specFilterChoices, specFilterKeys, type SpecFilter } from '@laptops/shared/search-filters';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/products.ts';
import { users } from '../../db/schema/users.ts';
import { listed } from '../products/products.service.ts';
import { listingFilters, specColumns } from './listing-filters.ts';
import { toWords, type SearchQuery } from './search-query.ts';
import { fullText } from './text-matching.ts';

/**
 * Counting reads at most this many matches per filter. Past it no count is given for
 * that filter's choices: a count from part of the matches would be wrong, and an exact
 * one would read them all (a million for an empty search). Narrowed by text, a
 * category or a price, a search of a large catalogue gets its counts back.
 */
export const COUNTED_MATCHES = 5000;

const choicesOf: Record<SpecFilter, readonly (string | number)[]> = {
  ...specFilterChoices,
  storageType: storageTypes,
  cpu: cpuFamilies,
};

/** Whether a match (a row of `matches`) meets `filter` at `choice`. */
function meets(matches: MatchesTable, filter: SpecFilter, choice: string | number): SQL {
  const column = {
    ramMin: matches.ramGb,
    storageMin: matches.storageGb,
    storageType: matches.storageType,
    screenMin: matches.screenInches,
    screenMax: matches.screenInches,
    batteryMin: matches.batteryHealth,
    cpu: matches.cpuFamily,
  }[filter];
  if (filter === 'screenMax') return sql`${column} <= ${choice}`;
  if (filter === 'storageType' || filter === 'cpu') return sql`${column} = ${choice}`;
  return sql`${column} >= ${choice}`;
}

/** At most COUNTED_MATCHES + 1 matches of `where`, with the columns the filters read. */
const selectMatches = (db: Db, where: SQL | undefined) =>
  db
    .select(specColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(where)
    .limit(COUNTED_MATCHES + 1)
    .as('m');
type MatchesTable = ReturnType<typeof selectMatches>;

/** Each choice's count among at most COUNTED_MATCHES + 1 matches of `where`. */
async function countChoices(db: Db, where: SQL | undefined, filters: readonly SpecFilter[]) {
  const matches = selectMatches(db, where);
  const columns = filters.flatMap((filter) =>
    choicesOf[filter].map(
      (choice) => sql`count(*) filter (where ${meets(matches, filter, choice)})::int`,
    ),
  );
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      counts: sql<number[]>`array[${sql.join(columns, sql`, `)}]`,
    })
    .from(matches);
  const counted: Partial<SpecCounts> = {};
  let at = 0;
  for (const filter of filters) {
    const choices = choicesOf[filter];
    const numbers = row?.counts.slice(at, at + choices.length) ?? [];
    at += choices.length;
    counted[filter] =
      (row?.total ?? 0) > COUNTED_MATCHES
        ? null
        : Object.fromEntries(choices.map((choice, i) => [String(choice), numbers[i] ?? 0]));
  }
  return counted;
}

export async function countSpecChoices(db: Db, query: SearchQuery): Promise<SpecCounts> {
  const words = query.q ? toWords(query.q) : [];
  const text = words.length > 0 ? fullText(words) : undefined;
  if (query.q && words.length === 0) {
    // Text with no word in it finds nothing (as the search says).
    return Object.fromEntries(
      specFilterKeys.map((key) => [
        key,
        Object.fromEntries(choicesOf[key].map((choice) => [String(choice), 0])),
      ]),
    ) as SpecCounts;
  }
  const bind = <T>(_name: string, value: T) => value;
  const whereWithout = (leftOut?: SpecFilter) => {
    const { indexed, priceRange, others } = listingFilters(query, bind, leftOut);
    return and(listed, indexed, priceRange, others, text);
  };
  // A filter that is not set leaves nothing out: those share one count of the matches.
  const set = specFilterKeys.filter((key) => query[key] !== undefined);
  const unset = specFilterKeys.filter((key) => query[key] === undefined);
  const parts = await Promise.all([
    unset.length > 0 ? countChoices(db, whereWithout(), unset) : {},
    ...set.map((key) => countChoices(db, whereWithout(key), [key])),
  ]);
  return Object.assign({}, ...parts) as SpecCounts;
}
