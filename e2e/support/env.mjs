// Facts shared by the test server (serve.mjs) and the specs.
import os from 'node:os';
import path from 'node:path';

export const e2ePort = () => Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = (port = e2ePort()) => path.join(os.tmpdir(), `laptops-e2e-${port}`);
export const oidcPort = (port = e2ePort()) => port + 1;
export const googleUser = {
  sub: 'google-e2e-user',
  email: 'google.user@example.com',
  name: 'Gale Google',
};
