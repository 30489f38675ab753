// Imported first by server.ts, for its side effect: .env's settings are in process.env
// before any other module runs (better-auth reads NODE_ENV as it loads).
import { readEnvFile } from './env-file.ts';

readEnvFile();
