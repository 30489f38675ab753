import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import {
  hardwareReportResultSchema,
  hardwareReportTextSchema,
  MAX_HARDWARE_REPORT_BYTES,
} from '@laptops/shared/hardware-reports';
import { requireViewer } from '../auth/viewer.ts';
import { HttpError } from '../../lib/http-error.ts';
import { createRateLimiter, enforceLimit, type RateLimitStore } from '../../lib/rate-limiter.ts';
import {
  decodeReport,
  HardwareReportRefusal,
  readHardwareReport,
  refusalMessages,
} from './read-report.ts';
import { serialNumberSchema } from '@laptops/shared/serial-checks';
import { serialHash } from '../serial-checks/serial-hash.ts';
import { reportToken } from './report-token.ts';

/** The whole request: the report plus a little multipart or JSON framing. */
const MAX_REQUEST_BYTES = MAX_HARDWARE_REPORT_BYTES + 64 * 1024;
const WINDOW_MS = 10 * 60_000;

const messages = {
  missing: 'Choose the report’s file (field “report”), or send its text.',
  malformed: 'The upload was cut short or malformed. Please choose the file again.',
  tooMany: 'You have had many reports read in a short time. Please wait a few minutes.',
};

const tooLarge = (reply: FastifyReply) => {
  void reply.header('connection', 'close');
  return new HttpError(413, 'REPORT_TOO_LARGE', refusalMessages.tooLarge);
};

/** The bytes of the `report` file of a multipart request, refused past 2 MB. */
async function readReportFile(request: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'report')
      throw new HttpError(400, 'REPORT_MISSING', messages.missing);
    file.file.once('limit', () => file.file.destroy(tooLarge(reply)));
    const chunks: Buffer[] = [];
    for await (const chunk of file.file as AsyncIterable<Buffer>) chunks.push(chunk);
    if (file.file.truncated) throw tooLarge(reply);
    return Buffer.concat(chunks);
  } catch (error) {
    const { statusCode: status, code } = error as { statusCode?: unknown; code?: unknown };
    if (code === 'FST_FIELDS_LIMIT') throw new HttpError(400, 'REPORT_MISSING', messages.missing);
    if (error instanceof HttpError || (typeof status === 'number' && status < 500)) throw error;
    throw new HttpError(400, 'UPLOAD_MALFORMED', messages.malformed);
  }
}

/**
 * POST /api/hardware-reports: a seller's laptop report, read and answered as specs.
 * Nothing is stored: the answer fills the listing form, where the seller may change it.
 */
export const hardwareReportsRoutes: FastifyPluginAsyncZod<{
  rateLimitStore: RateLimitStore;
  perUser: number;
  /** Signs the specs read, so a listing saved with them can be marked (report-token.ts). */
  secret: string;
  /** Keys the serial number's hash the token carries (serial-hash.ts). */
  serialSecret: string;
}> = async (app, { rateLimitStore, perUser, secret, serialSecret }) => {
  const reportsPerUser = createRateLimiter({
    store: rateLimitStore,
    name: 'hardware-reports-user',
    max: perUser,
    windowMs: WINDOW_MS,
  });
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: MAX_HARDWARE_REPORT_BYTES,
      files: 1,
      fields: 0,
      parts: 1,
      fieldNameSize: 50,
      headerPairs: 50,
    },
  });

  app.post(
    '/api/hardware-reports',
    {
      config: { access: 'seller' },
      bodyLimit: MAX_REQUEST_BYTES,
      schema: {
        tags: ['hardware-reports'],
        summary:
          'Read a laptop’s own hardware report (multipart field `report`, JSON `{ text }` or plain text) into listing specs; nothing is stored',
        consumes: ['multipart/form-data', 'application/json', 'text/plain'],
        response: {
          200: hardwareReportResultSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
          422: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (Number(request.headers['content-length']) > MAX_REQUEST_BYTES) throw tooLarge(reply);
      const viewer = await requireViewer(request);
      await enforceLimit(reportsPerUser, viewer.id, reply, messages.tooMany);
      let text: string;
      try {
        if (request.isMultipart()) {
          text = decodeReport(await readReportFile(request, reply));
        } else if (typeof request.body === 'string') {
          // text/plain: the report pasted as it is.
          text = request.body;
        } else if (request.body !== undefined && request.body !== null) {
          const parsed = hardwareReportTextSchema.safeParse(request.body);
          if (!parsed.success) {
            throw new HttpError(400, 'VALIDATION_ERROR', parsed.error.issues[0]!.message, {
              text: parsed.error.issues[0]!.message,
            });
          }
          text = parsed.data.text;
        } else {
          throw new HttpError(415, 'REPORT_MISSING', messages.missing);
        }
        const report = readHardwareReport(text);
        const serial = report.serialNumber && serialNumberSchema.safeParse(report.serialNumber);
        const token = reportToken(
          secret,
          viewer.id,
          report.specs,
          Date.now(),
          serial && serial.success ? serialHash(serialSecret, serial.data) : undefined,
        );
        return { success: true as const, data: { ...report, token } };
      } catch (error) {
        if (!(error instanceof HardwareReportRefusal)) throw error;
        if (error.message === refusalMessages.tooLarge) throw tooLarge(reply);
        throw new HttpError(422, 'REPORT_UNREADABLE', error.message);
      }
    },
  );
};
