// The part of autocannon 8's API the load script uses (the package ships no types).
declare module 'autocannon' {
  type Context = Record<string, unknown>;
  type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called just before the request is sent; returning nothing skips to the first request. */
    setupRequest?: (request: Request, context: Context) => Request | undefined;
    /** Called with each answer, before the 'response' event of the same answer. */
    onResponse?: (status: number, body: string, context: Context) => void;
  };
  type Options = {
    url: string;
    connections?: number;
    /** Requests per second per connection (each connection waits for its answer). */
    connectionRate?: number;
    duration?: number;
    timeout?: number;
    requests?: Request[];
  };
  type Result = { errors: number; timeouts: number; resets: number; non2xx: number };
  type Instance = PromiseLike<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
    on(event: 'reqError', listener: (error: Error) => void): Instance;
    stop(): void;
  };
  export default function autocannon(options: Options): Instance;
}
