import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import type { ImageStorage } from './image-storage.ts';

/**
 * The bucket could not be reached or refused us (an outage, wrong credentials, a
 * missing bucket). The status makes the error handler log it and answer 503: the
 * client did nothing wrong and may try again.
 */
export class ImageStorageUnavailableError extends Error {
  readonly statusCode = 503;
  constructor(cause: unknown) {
    super('The image storage (S3) is unavailable', { cause });
    this.name = 'ImageStorageUnavailableError';
  }
}

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, R2, ...), so that every
 * instance of the app sees every upload. The app still serves them under
 * /api/images/:key, so image URLs stay the same whichever storage is used.
 */
export function createS3ImageStorage(config: S3Config): ImageStorage & { close(): void } {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Bucket in the path, not the host name: what self-hosted S3 services expect.
    forcePathStyle: true,
    // Checksums only where S3 demands them: several S3-compatible services reject
    // the newer default (chunked uploads with trailing checksums).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async put(key, data) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: key,
            Body: data,
            ContentType: 'image/webp',
            // Keys are never reused, as for the app's own /api/images answers.
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (error) {
        throw new ImageStorageUnavailableError(error);
      }
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        // Some S3-compatible services answer a missing key with a bare 404; a missing
        // bucket is a 404 too, but that is a broken setup, not a missing image.
        if (
          error instanceof S3ServiceException &&
          error.$metadata.httpStatusCode === 404 &&
          error.name !== 'NoSuchBucket'
        ) {
          return undefined;
        }
        throw new ImageStorageUnavailableError(error);
      }
    },
    async delete(key) {
      try {
        // S3 answers a key that is not there as deleted too.
        await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
      } catch (error) {
        throw new ImageStorageUnavailableError(error);
      }
    },
    close() {
      client.destroy();
    },
  };
}
