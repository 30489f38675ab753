import { z } from 'zod';

/** Ids of our own rows are UUIDs; anything else is a bad request, not a lookup. */
export const uuidSchema = z.uuid({ message: 'Not a valid id' });

export const idParamsSchema = z.object({ id: uuidSchema });
