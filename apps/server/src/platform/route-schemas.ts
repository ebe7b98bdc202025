import { errorEnvelopeSchema } from '@careslot/contracts';
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

/** The error answers most routes give, in the spec's envelope: a field's rule (400), no token (401), refused (403), unknown (404). */
export const ERROR_RESPONSES = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
