// The part of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; connections?: number; duration?: number };
  type Result = { errors: number; timeouts: number; requests: { average: number } };
  type Instance = PromiseLike<Result> & {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): Instance;
  };
  export default function autocannon(options: Options): Instance;
}
