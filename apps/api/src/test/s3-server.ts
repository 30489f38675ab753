import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../config.ts';

/**
 * A local S3-compatible server (s3rver) on a free port with its own temp directory
 * and one empty bucket, for testing the S3 image storage without a cloud account.
 */
export async function startS3Server(bucket = 'laptop-images') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'laptops-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    // s3rver checks request signatures against these fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
  return {
    config,
    /** The same settings as environment variables, for a spawned server. */
    env: {
      S3_ENDPOINT: config.endpoint,
      S3_BUCKET: config.bucket,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_REGION: config.region,
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
