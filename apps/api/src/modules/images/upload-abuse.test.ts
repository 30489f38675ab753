import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../db/schema/images.ts';
import { createUser } from '../../db/seed/factories.ts';
import { multipartBody } from '../../test/multipart.ts';
import { createTestContext, signIn, type TestContext } from '../../test/test-app.ts';

/**
 * Uploads meant to hurt: each is refused with a 4xx JSON error, leaves no row and no
 * file behind, and a 50 MB body is cut off early instead of being read or buffered.
 */
let t: TestContext;
let cookie: string;
let baseUrl: URL;
beforeAll(async () => {
  t = await createTestContext();
  const user = await createUser(t.database.db);
  cookie = await signIn(t.app, user.email, user.password);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  baseUrl = new URL(`http://127.0.0.1:${port}`);
});
afterAll(async () => {
  await t?.close();
});

/** Rows in `images` and files in the image storage directory. */
async function stored() {
  const rows = (await t.database.db.select({ n: count() }).from(images))[0]?.n ?? 0;
  const files = await fs.readdir(path.join(t.dataDir, 'images')).catch(() => []);
  return { rows, files: files.length };
}

/** A real PNG whose header claims 100,000 x 100,000 pixels (40 GB once decoded). */
async function pngClaimingHugeDimensions(): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer(),
  );
  // IHDR: length (4) 'IHDR' (4) width (4) height (4) ... CRC over type and data.
  png.writeUInt32BE(100_000, 16);
  png.writeUInt32BE(100_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('abusive uploads stored nowhere', () => {
  it.each([
    ['a text file named like a photo', async () => Buffer.from('I am not an image'), 'photo.png'],
    [
      'a truncated PNG',
      async () =>
        (
          await sharp({ create: { width: 300, height: 200, channels: 3, background: '#09f' } })
            .png()
            .toBuffer()
        ).subarray(0, 120),
      'photo.png',
    ],
    ['a PNG claiming 100,000 x 100,000 pixels', pngClaimingHugeDimensions, 'photo.png'],
    [
      'an SVG with a script',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg"><script>window.__xss=1</script></svg>',
        ),
      'photo.svg',
    ],
  ])('refuses %s with a 4xx JSON error and keeps no row or file', async (_name, make, filename) => {
    const before = await stored();
    const body = multipartBody([
      { name: 'image', filename, contentType: 'image/png', data: await make() },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/images',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
    expect(await stored()).toEqual(before);
  });
});

type BigUpload = {
  status: number;
  body: string;
  connection: string | undefined;
  /** Bytes the client had written when the answer came. */
  writtenAtAnswer: number;
  /** Bytes the client managed to write in all before the server closed the connection. */
  writtenInAll: number;
  /** The highest rise of the process's Buffer memory while the upload ran. */
  peakBufferRise: number;
};

/**
 * Streams a 50 MB multipart upload to the real server from a 64 KB buffer reused
 * over and over (so the client itself holds almost nothing), and keeps writing after
 * the answer until the server closes the connection.
 */
function upload50Megabytes(declareLength: boolean): Promise<BigUpload> {
  const total = 50 * 1024 * 1024;
  const boundary = 'big-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const chunk = Buffer.alloc(64 * 1024, 7);
  const baseline = process.memoryUsage().arrayBuffers;
  let peakBufferRise = 0;
  const sampler = setInterval(() => {
    peakBufferRise = Math.max(peakBufferRise, process.memoryUsage().arrayBuffers - baseline);
  }, 10);
  return new Promise((resolve, reject) => {
    const request = http.request(baseUrl, {
      method: 'POST',
      path: '/api/images',
      headers: {
        cookie,
        origin: 'http://localhost:3000',
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(declareLength ? { 'content-length': String(total) } : {}),
      },
    });
    let written = 0;
    let closed = false;
    const answer = { status: 0, body: '', connection: undefined as string | undefined, at: -1 };
    request.on('response', (response) => {
      answer.status = response.statusCode ?? 0;
      answer.connection = response.headers.connection;
      answer.at = written;
      response.setEncoding('utf8');
      response.on('data', (text: string) => (answer.body += text));
    });
    request.on('error', () => {
      // EPIPE / ECONNRESET: the server closed the connection, as it should.
    });
    request.on('close', () => {
      closed = true;
      clearInterval(sampler);
      if (answer.at < 0) return reject(new Error('no answer before the connection closed'));
      resolve({
        status: answer.status,
        body: answer.body,
        connection: answer.connection,
        writtenAtAnswer: answer.at,
        writtenInAll: written,
        peakBufferRise,
      });
    });
    const write = (data: Buffer) => {
      written += data.length;
      return request.write(data);
    };
    write(head);
    const pump = () => {
      while (!closed && written < total) {
        if (!write(chunk.subarray(0, Math.min(chunk.length, total - written)))) {
          request.once('drain', pump);
          return;
        }
      }
      if (!closed) request.end();
    };
    pump();
  });
}

const MB = 1024 * 1024;

describe('a 50 MB upload', () => {
  it.each([
    ['sent with its length declared', true],
    ['streamed without a length', false],
  ])(
    '%s is refused with 413 after about 5 MB, the connection closed, memory bounded, nothing stored',
    async (_name, declareLength) => {
      const before = await stored();
      const result = await upload50Megabytes(declareLength);
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ error: { code: 'IMAGE_TOO_LARGE' } });
      expect(result.connection).toBe('close');
      // The answer comes once 5 MB of the file arrived (plus what the sockets hold),
      // not after the 50 MB; then the server stops reading and closes.
      expect(result.writtenAtAnswer).toBeLessThan(15 * MB);
      expect(result.writtenInAll).toBeLessThan(25 * MB);
      // Client and server share this process: Buffers rose by far less than 50 MB.
      expect(result.peakBufferRise).toBeLessThan(20 * MB);
      expect(await stored()).toEqual(before);
    },
  );
});
