// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Request = { path?: string; method?: string; headers?: Record<string, string> };
  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    /** Each request's setupRequest may change it (another path each time, say). */
    requests?: { setupRequest?: (request: Request) => Request }[];
  };
  type Result = { errors: number; timeouts: number; requests: { average: number } };
  type Instance = PromiseLike<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
