/**
 * The admins' serial checks: the queue of serials several sellers list or that are
 * reported stolen, its decisions, and the stolen marks. Admins only: nothing here
 * tells anyone else whether a serial is stolen or listed.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@laptops/shared/errors';
import { deletedCountSchema, modifiedCountSchema } from '@laptops/shared/products';
import {
  markedStolenSchema,
  serialFlagKeyParamsSchema,
  serialFlagSchema,
  stolenSerialIdParamsSchema,
  stolenSerialInputSchema,
  stolenSerialSchema,
  takeDownBodySchema,
} from '@laptops/shared/serial-checks';
import type { Db } from '../../db/client.ts';
import { requireViewer } from '../auth/viewer.ts';
import { tellWith } from '../conversations/system-lines.ts';
import type { LiveSignal } from '../live/live-bus.ts';
import {
  dismissSerialFlag,
  listSerialFlags,
  listStolenSerials,
  markSerialStolen,
  takeDownSerialListing,
  unmarkSerialStolen,
} from './serial-checks.service.ts';

const refusals = { 404: apiErrorSchema, 409: apiErrorSchema };

export const serialChecksRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** Tells buyers live that a take-down ended their booking (modules/live). */
  publish(signal: LiveSignal): Promise<void>;
  /** Keys the serials' hashes (SERIAL_HASH_SECRET). */
  serialSecret: string;
}> = async (app, { db, publish, serialSecret }) => {
  const tell = tellWith(publish, app.log);

  app.get(
    '/api/admin/serial-flags',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'serial-checks'],
        summary:
          'Serials listed by more than one seller, or reported stolen, each with the listings carrying it (never the serial)',
        response: { 200: z.array(serialFlagSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listSerialFlags(db);
    },
  );

  app.post(
    '/api/admin/serial-flags/:key/dismiss',
    {
      config: { access: 'admin', keepsLists: true },
      schema: {
        tags: ['admin', 'serial-checks'],
        summary: 'Leave the listings carrying a flagged serial as they are; the flag goes',
        params: serialFlagKeyParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals },
      },
    },
    async (request) => dismissSerialFlag(db, await requireViewer(request), request.params.key),
  );

  app.post(
    '/api/admin/serial-flags/:key/take-down',
    {
      config: { access: 'admin' },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['admin', 'serial-checks'],
        summary: 'Take one listing carrying a flagged serial off the marketplace',
        params: serialFlagKeyParamsSchema,
        body: takeDownBodySchema,
        response: { 200: deletedCountSchema, 400: apiErrorSchema, ...refusals },
      },
    },
    async (request) =>
      takeDownSerialListing(
        { db, tell },
        await requireViewer(request),
        request.params.key,
        request.body.productId,
      ),
  );

  app.get(
    '/api/admin/stolen-serials',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'serial-checks'],
        summary:
          'Serials marked reported stolen, newest first: the note, who and when, not the serial',
        response: { 200: z.array(stolenSerialSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listStolenSerials(db);
    },
  );

  app.post(
    '/api/admin/stolen-serials',
    {
      config: { access: 'admin' },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['admin', 'serial-checks'],
        summary:
          'Mark a serial reported stolen (only its keyed hash is kept); listings for sale carrying it are taken off sale',
        body: stolenSerialInputSchema,
        response: { 201: markedStolenSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const marked = await markSerialStolen(
        { db, tell, serialSecret },
        await requireViewer(request),
        request.body,
      );
      return reply.status(201).send(marked);
    },
  );

  app.delete(
    '/api/admin/stolen-serials/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'serial-checks'],
        summary: 'Un-mark a stolen serial: it may be listed again (listings taken down stay down)',
        params: stolenSerialIdParamsSchema,
        response: { 200: deletedCountSchema, 404: apiErrorSchema },
      },
    },
    async (request) => unmarkSerialStolen(db, await requireViewer(request), request.params.id),
  );
};
