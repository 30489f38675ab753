import { z } from 'zod';

/** The one error body every API refusal (4xx) uses; bad input gets it too, never a 500. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ApiError = z.infer<typeof apiErrorSchema>;
