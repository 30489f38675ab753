/**
 * Edits between two words: letters added, dropped or changed, and two neighbours
 * swapped ("thinkpda" → "thinkpad" is one), counted by code point.
 */
export function editDistance(from: string, to: string): number {
  const a = [...from];
  const b = [...to];
  // rows[i][j]: edits from a's first i letters to b's first j.
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      const changed = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + changed,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/**
 * Whether `word` could be what was meant by `typed`: one slip in a word of up to four
 * letters, two in a longer one. Trigram similarity alone let "zenbook" stand for "book".
 */
export function isNearSpelling(typed: string, word: string): boolean {
  return editDistance(typed, word) <= ([...typed].length <= 4 ? 1 : 2);
}
