import type { FastifyReply, FastifyRequest } from 'fastify';
import { MAX_IMAGE_BYTES } from '@laptops/shared/images';
import { imageMessages } from '@laptops/shared/messages';
import { HttpError } from '../../lib/http-error.ts';

/** One image file and nothing else, for every route that takes an upload. */
export const imageMultipartLimits = {
  fileSize: MAX_IMAGE_BYTES,
  files: 1,
  fields: 0,
  parts: 1,
  fieldNameSize: 50,
  headerPairs: 50,
};

/** The whole request may be the image plus a little multipart framing, never more. */
export const MAX_UPLOAD_BYTES = MAX_IMAGE_BYTES + 64 * 1024;

/**
 * The bytes of the `image` field of a multipart request, read as they arrive. A body
 * that is too large is refused as soon as that is known (from Content-Length, or
 * once 5 MB of the file have arrived), and the connection is closed so the rest is
 * never read: a 50 MB upload costs the server 5 MB at most.
 */
export async function readImageField(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<Buffer> {
  const tooLarge = () => {
    void reply.header('connection', 'close');
    return new HttpError(413, 'IMAGE_TOO_LARGE', imageMessages.tooLarge);
  };
  if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) throw tooLarge();
  try {
    const file = await request.file();
    if (!file || file.fieldname !== 'image')
      throw new HttpError(400, 'IMAGE_MISSING', imageMessages.missing);
    // At 5 MB the parser only drops the rest of the file (still reading it all):
    // ending the file stream with the refusal stops the parser at once instead.
    file.file.once('limit', () => file.file.destroy(tooLarge()));
    const chunks: Buffer[] = [];
    for await (const chunk of file.file as AsyncIterable<Buffer>) chunks.push(chunk);
    if (file.file.truncated) throw tooLarge();
    return Buffer.concat(chunks);
  } catch (error) {
    // The multipart limits answer 4xx themselves; anything else the parser throws
    // (no boundary, a body cut short) is a malformed request, not a server fault.
    const { statusCode: status, code } = error as { statusCode?: unknown; code?: unknown };
    // A text part (a name given as a field, not a file) trips the limit of no fields:
    // what is missing is the image, not room.
    if (code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'IMAGE_MISSING', imageMessages.missing);
    if (error instanceof HttpError || (typeof status === 'number' && status < 500)) throw error;
    throw new HttpError(400, 'UPLOAD_MALFORMED', imageMessages.malformed);
  }
}
