import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { apiErrorSchema } from '@laptops/shared/errors';
import type { App } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import {
  applyMutations,
  brokenJsonText,
  extraHeadersArb,
  mutationsArb,
  nastyString,
  nastyValue,
  rawQueryJunk,
  wrongContentTypes,
} from './fuzz-values.ts';
import { validish, type Hints, type JsonSchema } from './schema-arbitrary.ts';

/** Cases per route: 200 in CI, more for a longer hunt (`FUZZ_RUNS=2000`). */
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? 200);

/**
 * CI replays the same cases on every run, so a new finding cannot turn an unrelated
 * change red; a hunt explores new ones with `FUZZ_SEED=random` (or another number).
 */
const fuzzSeed = process.env.FUZZ_SEED ?? '20261122';
if (fuzzSeed !== 'random') fc.configureGlobal({ seed: Number(fuzzSeed) });
/** vitest's per-test time limit for one route's run, scaled with the number of cases. */
export const fuzzTimeoutMs = 60_000 + fuzzRuns * 300;

/** What a route accepts, read from the OpenAPI document generated from its zod contract. */
export type RouteContract = {
  path: Record<string, JsonSchema>;
  query: JsonSchema;
  body: JsonSchema | undefined;
};

type OpenApiOperation = {
  parameters?: { in: string; name: string; schema: JsonSchema; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema: JsonSchema }> };
};

export function routeContract(app: App, method: string, url: string): RouteContract {
  const doc = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const openApiPath = url.replace(/:(\w+)/g, '{$1}');
  const operation = doc.paths[openApiPath]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${url} is not in the OpenAPI document`);
  const path: Record<string, JsonSchema> = {};
  const query: JsonSchema = { type: 'object', properties: {}, required: [] };
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'path') path[parameter.name] = parameter.schema;
    if (parameter.in === 'query') {
      query.properties![parameter.name] = parameter.schema;
      if (parameter.required) query.required!.push(parameter.name);
    }
  }
  const body = operation.requestBody?.content?.['application/json']?.schema;
  return { path, query, body };
}

/**
 * A cheap fingerprint of the whole database: every public table's row count and a
 * hash of its rows. Equal before and after a refused call means nothing changed.
 */
export async function databaseFingerprint(db: Db): Promise<() => Promise<string>> {
  // Both drivers (pg and PGlite) answer with { rows }.
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const tables = (
    await rows<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    )
  ).map((row) => row.tablename);
  const query = tables
    .map(
      (table) =>
        `select '${table}' as t, count(*)::int as n, ` +
        `md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${table}" x`,
    )
    .join(' union all ');
  return async () => JSON.stringify(await rows(sql.raw(query)));
}

/** Percent-encodes every byte, so any text (even a lone surrogate) becomes a valid URL part. */
export function encodeAll(text: string): string {
  return Buffer.from(text, 'utf8').toString('hex').replace(/../g, '%$&');
}

function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeAll(text);
  }
}

export function toQueryString(values: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item === null) parts.push(encodePart(key));
      else if (typeof item === 'object')
        parts.push(`${encodePart(key)}=${encodePart(JSON.stringify(item))}`);
      else parts.push(`${encodePart(key)}=${encodePart(String(item))}`);
    }
  }
  return parts.join('&');
}

const brokenPathSegments = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%FF%FE',
  '..',
  '.',
  '%2F..%2F',
  ' ',
  'a'.repeat(101),
  'x'.repeat(5000),
];

function pathParamArb(schema: JsonSchema, hints: Hints, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: validish(schema, hints, name).map((value) => encodePart(String(value))),
    },
    { weight: 3, arbitrary: nastyString.map(encodePart) },
    { weight: 1, arbitrary: fc.constantFrom(...brokenPathSegments) },
  );
}

type BodyEncoding =
  | { kind: 'json' }
  | { kind: 'wrong-type'; contentType: string }
  | { kind: 'broken'; text: string }
  | { kind: 'empty' }
  | { kind: 'none' }
  | { kind: 'oversized' };

const bodyEncodingArb: fc.Arbitrary<BodyEncoding> = fc.oneof(
  { weight: 10, arbitrary: fc.constant({ kind: 'json' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wrong-type' as const),
      contentType: fc.constantFrom(...wrongContentTypes),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('broken' as const), text: brokenJsonText }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'empty' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'oversized' as const }) },
);

// Past every route's body limit (the largest is 1 MB).
const oversizedJson = `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`;

/** A request that starts well-formed and is then broken in one or more ways. */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  remoteAddress: string;
  /** Why this request must be refused (4xx) whatever else is in it, e.g. a forged signature. */
  mustRefuse?: string;
};

export function requestArb(
  method: string,
  url: string,
  contract: RouteContract,
  hints: Hints,
): fc.Arbitrary<FuzzRequest> {
  const paramNames = Object.keys(contract.path);
  const params = fc.tuple(
    ...paramNames.map((name) => pathParamArb(contract.path[name]!, hints, name)),
  );
  const queryKeys = Object.keys(contract.query.properties ?? {});
  const query = fc.record({
    base: validish(contract.query, hints) as fc.Arbitrary<Record<string, unknown>>,
    mutations: mutationsArb(queryKeys),
    junk: fc.option(fc.constantFrom(...rawQueryJunk), { freq: 4 }),
  });
  const hasBody = method !== 'GET';
  const bodyKeys = Object.keys(contract.body?.properties ?? {});
  const bodyValue: fc.Arbitrary<unknown> = contract.body
    ? fc.oneof(
        {
          weight: 8,
          arbitrary: fc
            .record({
              base: validish(contract.body, hints) as fc.Arbitrary<Record<string, unknown>>,
              mutations: mutationsArb(bodyKeys),
            })
            .map(({ base, mutations }) => applyMutations(base, mutations)),
        },
        { weight: 1, arbitrary: nastyValue },
      )
    : fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, nastyValue);
  return fc
    .record({
      params,
      query,
      body: bodyValue,
      encoding: bodyEncodingArb,
      headers: extraHeadersArb,
      ip: fc.ipV4(),
    })
    .map(({ params: values, query: q, body, encoding, headers, ip }) => {
      let path = url;
      paramNames.forEach((name, index) => {
        path = path.replace(`:${name}`, values[index]!);
      });
      let queryString = toQueryString(applyMutations(q.base, q.mutations));
      if (q.junk) queryString += q.junk;
      const request: FuzzRequest = {
        method,
        url: queryString ? `${path}?${queryString}` : path,
        headers: { ...headers },
        payload: undefined,
        remoteAddress: ip,
      };
      if (!hasBody || (body === undefined && encoding.kind === 'json')) return request;
      const json = JSON.stringify(body) ?? '';
      switch (encoding.kind) {
        case 'json':
          request.headers['content-type'] = 'application/json';
          request.payload = json;
          break;
        case 'wrong-type':
          request.headers['content-type'] = encoding.contentType;
          request.payload = json;
          break;
        case 'broken':
          request.headers['content-type'] = 'application/json';
          request.payload = encoding.text;
          break;
        case 'empty':
          request.headers['content-type'] = 'application/json';
          request.payload = '';
          break;
        case 'oversized':
          request.headers['content-type'] = 'application/json';
          request.payload = oversizedJson;
          break;
        case 'none':
          break;
      }
      return request;
    });
}

export function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined
      ? ''
      : ` body(${request.payload.length}): ${request.payload.slice(0, 300)}`;
  return `${request.method} ${request.url.slice(0, 300)} headers: ${JSON.stringify(request.headers)}${payload}`;
}

export type RouteFuzzOptions = {
  app: App;
  db: Db;
  method: string;
  /** The route's pattern as Fastify knows it (`/api/category/:id`). */
  url: string;
  /** The session cookie of a caller the route lets in, so validation is what gets tested. */
  cookie?: string;
  hints?: Hints;
  /** For routes the OpenAPI document does not describe (better-auth's). */
  contract?: RouteContract;
  /** better-auth answers with its own error body; our routes must use ours. */
  errorBody?: 'ours' | 'library';
  /**
   * A last step on each generated request, for what the contract cannot say: a
   * signature over the exact body, say, good or forged (forged ones set `mustRefuse`).
   */
  finishRequest?: (request: FuzzRequest) => fc.Arbitrary<FuzzRequest>;
  numRuns?: number;
};

/**
 * Fuzzes one route: every call must answer below 500; a refusal must carry the JSON
 * error body and leave the database exactly as it was.
 */
export async function fuzzRoute(options: RouteFuzzOptions): Promise<void> {
  const { app, db, method, url } = options;
  const contract = options.contract ?? routeContract(app, method, url);
  const fingerprint = await databaseFingerprint(db);
  let before = await fingerprint();
  const statuses = new Map<string, number>();
  const generated = requestArb(method, url, contract, options.hints ?? {});
  const requests = options.finishRequest ? generated.chain(options.finishRequest) : generated;
  await fc.assert(
    fc.asyncProperty(requests, async (request) => {
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: {
          ...request.headers,
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
        payload: request.payload,
        remoteAddress: request.remoteAddress,
      });
      const status = response.statusCode;
      const code = /"code":"([A-Z_]+)"/.exec(response.body)?.[1] ?? '';
      statuses.set(`${status} ${code}`, (statuses.get(`${status} ${code}`) ?? 0) + 1);
      const where = `${describeRequest(request)}\n  -> ${status} ${response.body.slice(0, 500)}`;
      // Read the database even after a failure, so the next case compares with the truth.
      const previous = before;
      before = await fingerprint();
      if (status >= 500) throw new Error(`server error: ${where}`);
      if (status < 400 && request.mustRefuse) {
        throw new Error(`accepted a request with ${request.mustRefuse}: ${where}`);
      }
      if (status < 400) return;
      if ((options.errorBody ?? 'ours') === 'ours') {
        let parsed: unknown;
        try {
          parsed = JSON.parse(response.body);
        } catch {
          throw new Error(`refusal without a JSON body: ${where}`);
        }
        if (!apiErrorSchema.safeParse(parsed).success) {
          throw new Error(`refusal without the { error: { code, message } } body: ${where}`);
        }
      }
      if (before !== previous) throw new Error(`a refused call changed the database: ${where}`);
    }),
    { numRuns: options.numRuns ?? fuzzRuns },
  );
  // FUZZ_STATS=1 shows how often each status came back, to see that cases reach deep.
  if (process.env.FUZZ_STATS) {
    console.log(
      `FUZZ ${method} ${url} ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  }
}
