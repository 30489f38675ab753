/**
 * The tables of an HTML page as rows of cell texts, read by a small tokenizer: one
 * pass over the characters, no regular expression that can backtrack, nothing
 * executed or rendered. Scripts, styles and comments are skipped whole; so is
 * everything outside tables. Markup it does not know (broken tags, a file cut short)
 * is read as far as it goes.
 *
 * Bounded for hostile files: at most `maxTables` tables, and a table's rows past
 * `maxRows` are skipped (a battery report's long usage tables are not needed).
 */

export type HtmlTable = {
  rows: { cells: string[]; labels: string[] }[];
};

const entities: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

const clean = (text: string) => decodeEntities(text).replace(/\s+/g, ' ').trim();

/** The next place worth reading outside a table. */
const outside = /<(?:table|script|style)\b|<!--/gi;
const scriptEnd = /<\/script/gi;
const styleEnd = /<\/style/gi;
const tableEnd = /<\/table/gi;

function find(pattern: RegExp, html: string, from: number): number {
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

export function htmlTables(html: string, { maxTables = 8, maxRows = 200 } = {}): HtmlTable[] {
  const tables: HtmlTable[] = [];
  let table: HtmlTable | null = null;
  let row: { cells: string[]; labels: string[] } | null = null;
  let cell: string | null = null;
  let label: string | null = null;
  let cellLabel = '';
  let index = 0;
  const length = html.length;

  const text = (chunk: string) => {
    if (cell !== null) cell += chunk;
    if (label !== null) label += chunk;
  };
  const endCell = () => {
    if (row && cell !== null) {
      row.cells.push(clean(cell));
      row.labels.push(label !== null ? clean(label) : cellLabel);
    }
    cell = null;
    label = null;
    cellLabel = '';
  };
  const endRow = () => {
    endCell();
    if (table && row && row.cells.length > 0) table.rows.push(row);
    row = null;
  };
  const endTable = () => {
    endRow();
    if (table) tables.push(table);
    table = null;
  };

  while (index < length && tables.length < maxTables) {
    if (!table) {
      // Outside a table only a table (or what hides one) matters.
      const next = find(outside, html, index);
      if (next === -1) break;
      index = next;
    } else if (table.rows.length >= maxRows) {
      const end = find(tableEnd, html, index);
      endTable();
      if (end === -1) break;
      index = end + 2;
      continue;
    }
    const open = html.indexOf('<', index);
    if (open === -1) {
      text(html.slice(index));
      break;
    }
    if (open > index) text(html.slice(index, open));
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      index = end === -1 ? length : end + 3;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    index = close + 1;
    let start = open + 1;
    const closing = html.charCodeAt(start) === 47; /* / */
    if (closing) start += 1;
    let end = start;
    while (end < close && end - start < 10 && isNameChar(html.charCodeAt(end))) end += 1;
    if (end === start) continue;
    const name = html.slice(start, end).toLowerCase();
    if (!closing && (name === 'script' || name === 'style')) {
      const stop = find(name === 'script' ? scriptEnd : styleEnd, html, index);
      index = stop === -1 ? length : stop;
      continue;
    }
    if (name === 'table') {
      endTable();
      if (!closing) table = { rows: [] };
    } else if (name === 'tr') {
      endRow();
      if (!closing) row = { cells: [], labels: [] };
    } else if (name === 'td' || name === 'th') {
      endCell();
      if (!closing && row) cell = '';
    } else if (name === 'span' && !closing && cell !== null) {
      if (/class\s*=\s*["']?label/i.test(html.slice(end, Math.min(close, end + 100)))) label = '';
    } else if (name === 'span' && closing && label !== null) {
      cellLabel = clean(label);
      label = null;
    } else if (name === 'br' && cell !== null) {
      cell += ' ';
    }
  }
  if (tables.length < maxTables) endTable();
  return tables;
}

function isNameChar(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
}
