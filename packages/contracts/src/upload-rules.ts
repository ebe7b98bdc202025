// Plain constants, no zod: the booking screens' form fields import them (docs/performance.md, patient pages).

/** Files a patient uploads (form answers, insurance card pictures): images or PDF, at most 5 MB. */
export const UPLOAD_RULES = {
  maxBytes: 5 * 1024 * 1024,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
  imageContentTypes: ['image/jpeg', 'image/png', 'image/webp'],
} as const;
