/**
 * The JSON object around `key` in a text that may hold other things before and after
 * it (several commands' outputs in one file): from the `{` before the key to its
 * matching `}`, found by one pass that knows strings. Null when there is none or it
 * does not parse.
 */
export function jsonObjectAround(text: string, key: string): Record<string, unknown> | null {
  const at = text.indexOf(`"${key}"`);
  if (at === -1) return null;
  // The outermost object holding the key: the first `{` at the start of a line
  // before it (as these commands print), else the nearest `{`.
  let start = -1;
  for (let i = at; i >= 0 && at - i < 64; i -= 1) if (text[i] === '{') start = i;
  const lineStart = text.lastIndexOf('\n{', at);
  if (lineStart !== -1) start = lineStart + 1;
  else if (text.startsWith('{')) start = 0;
  if (start === -1) return null;
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) {
        try {
          const value: unknown = JSON.parse(text.slice(start, i + 1));
          return value && typeof value === 'object' && !Array.isArray(value)
            ? (value as Record<string, unknown>)
            : null;
        } catch {
          return null;
        }
      }
    }
  }
  return null;
}

/** `value` when it is an object, else an empty one. */
export function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** `value` when it is a list of objects (others dropped), else an empty list. */
export function asObjects(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item) => item && typeof item === 'object' && !Array.isArray(item))
    : [];
}

export function asText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}
