import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '@laptops/shared/search';
import { SEARCH_TEXT_MAX } from '@laptops/shared/search-filters';
import { createCategory, createProduct, createUser } from '../../db/seed/factories.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

let t: TestContext;
/** Where the listings go: the category does not matter to these searches. */
let categoryId: string;

beforeAll(async () => {
  t = await createTestContext();
  categoryId = (await createCategory(t.database.db)).id;
});
afterAll(async () => {
  await t?.close();
});

async function search(params: Record<string, string | number>) {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  );
  const response = await t.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SearchResult>();
}

/**
 * A made-up word of letters only, so that no other test's listings have it; no letter
 * twice in a row, so that swapping two neighbours (`swapped`) always changes it.
 */
function madeUpWord(length: number) {
  let word = 'q';
  while (word.length < length) {
    const letter = String.fromCharCode(97 + Math.floor(Math.random() * 26));
    if (letter !== word.at(-1)) word += letter;
  }
  return word;
}

type Listing = string | { name: string; location: string };

async function listingsNamed(...listings: Listing[]) {
  const seller = await createUser(t.database.db, { typeOfUser: 'seller' });
  for (const listing of listings) {
    const { name, location } = typeof listing === 'string' ? { name: listing } : listing;
    await createProduct(t.database.db, {
      sellerId: seller.id,
      categoryId,
      name,
      location,
    });
  }
}

/** Two neighbouring letters swapped, as a seller types in a hurry. */
const swapped = (word: string) => word.slice(0, 3) + word[4] + word[3] + word.slice(5);

describe('GET /api/search: "Did you mean"', () => {
  it('offers a far more common near spelling beside a few exact matches, the rest as typed', async () => {
    const word = madeUpWord(8);
    const typo = swapped(word);
    await listingsNamed(
      `${word} 5420`,
      `${word} 5420 Pro`,
      `${word} 14`,
      `${word} 15`,
      `${typo} 5420`,
    );

    const one = await search({ q: typo });
    expect(one.products.map((product) => product.name)).toEqual([`${typo} 5420`]);
    expect(one.total).toBe(1);
    expect(one.suggestedQuery).toBe(word);
    expect(one.correctedQuery).toBeUndefined();
    // Case, punctuation and the other words stay as the visitor wrote them.
    const written = await search({ q: `${typo.toUpperCase()}, 5420!` });
    expect(written.total).toBe(1);
    expect(written.suggestedQuery).toBe(`${word}, 5420!`);
  });

  it('offers a near spelling only as long as the search box takes', async () => {
    const word = madeUpWord(8);
    const typo = word.slice(0, 4) + word.slice(5);
    await listingsNamed(`${word} 1`, `${word} 2`, `${word} 3`, `${word} 4`, `${typo} 1`);
    // Punctuation is no word, but stays in the offered text, one letter longer.
    const typed = (length: number) => typo + '!'.repeat(length - typo.length);
    expect((await search({ q: typed(SEARCH_TEXT_MAX - 1) })).suggestedQuery).toHaveLength(
      SEARCH_TEXT_MAX,
    );
    const atMost = await search({ q: typed(SEARCH_TEXT_MAX) });
    expect(atMost.total).toBe(1);
    expect(atMost.suggestedQuery).toBeUndefined();
  });

  it('offers nothing when the near spelling is not far more common, nor for a short word', async () => {
    const word = madeUpWord(8);
    const typo = swapped(word);
    await listingsNamed(`${word} 14`, `${word} 15`, `${typo} 5420`);
    // Two listings against one: not enough to second-guess the typed word.
    expect((await search({ q: typo })).suggestedQuery).toBeUndefined();
    await listingsNamed(`${word} 16`, `${word} 17`, `${word} 18`, `${typo} 5430`);
    // Five against two: still not three times as many.
    expect((await search({ q: typo })).suggestedQuery).toBeUndefined();

    // "mac" is one letter from "max", which many listings have: short words are left alone.
    const short = madeUpWord(3);
    await listingsNamed(...['a', 'b', 'c', 'd', 'e'].map((n) => `${short} ${n}`), `${short}x 1`);
    const result = await search({ q: `${short}x` });
    expect(result.total).toBe(1);
    expect(result.suggestedQuery).toBeUndefined();
  });

  it('never second-guesses a word many listings have, however few the filters leave', async () => {
    // "ports" on a page the filters narrow to one laptop is not "parts".
    const common = madeUpWord(8);
    const commoner = swapped(common);
    const place = `Reno ${common}`;
    await listingsNamed(
      { name: `${common} 1`, location: place },
      ...[2, 3, 4].map((n) => `${common} ${n}`),
      { name: `${commoner} 1`, location: place },
      { name: `${commoner} 2`, location: place },
      ...Array.from({ length: 11 }, (_, n) => `${commoner} ${n + 3}`),
    );
    const result = await search({ q: common, location: place });
    expect(result.total).toBe(1);
    expect(result.suggestedQuery).toBeUndefined();
  });

  it('offers nothing that the same filters would leave with no more laptops', async () => {
    const word = madeUpWord(8);
    const typo = swapped(word);
    const place = `Reno ${word}`;
    await listingsNamed(...[1, 2, 3, 4].map((n) => `${word} ${n}`), {
      name: `${typo} 1`,
      location: place,
    });
    expect((await search({ q: typo })).suggestedQuery).toBe(word);
    const filtered = await search({ q: typo, location: place });
    expect(filtered.total).toBe(1);
    expect(filtered.suggestedQuery).toBeUndefined();
  });

  it('is offered on the first page only', async () => {
    const word = madeUpWord(8);
    const typo = swapped(word);
    // Seven against two: more than three times as many.
    await listingsNamed(
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${word} ${n}`),
      `${typo} 1`,
      `${typo} 2`,
    );
    const first = await search({ q: typo, limit: 1 });
    expect(first.suggestedQuery).toBe(word);
    const second = await search({ q: typo, limit: 1, cursor: first.nextCursor ?? '' });
    expect(second.products).toHaveLength(1);
    expect(second.suggestedQuery).toBeUndefined();
  });

  it('never corrects a word to one more than two slips away', async () => {
    // "zenbook" was corrected to "book" (trigram similarity 0.3, three letters apart).
    const word = madeUpWord(4);
    await listingsNamed(`Surface ${word}`);
    const result = await search({ q: `${word}nqz` });
    expect(result.correctedQuery).toBeUndefined();
    const near = await search({ q: `${word}n` });
    expect(near.correctedQuery).toBe(word);
  });
});
