import { z } from 'zod';

/**
 * What every route file's options share: the bearer security of the OpenAPI document and the spec's response
 * envelope (`{ status_code, message, data }`), once, for every module.
 */
export const BEARER = [{ bearer: [] }];

/** The spec's envelope around a successful answer. */
export const ok = <T>(data: T, message = 'success') => ({ status_code: 200, message, data });

/** The response schema of the envelope around `data`. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.object({ status_code: z.number().int(), message: z.string(), data });
