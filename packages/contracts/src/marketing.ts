import { z } from 'zod';
import { dataList } from './envelope';

/** The marketing landing page for doctors (practice-portal.md §2.14, §4.10; constants.md). */

/** The ten sections in order; each name is also the value of the `section` query parameter. */
export const LANDING_SECTIONS = [
  'home',
  'reputation-management',
  'messenger',
  'online-scheduling',
  'digital-check-in',
  'telemedicine',
  'patient-surveys',
  'payments',
  'continued-care',
  'request-demo',
] as const;
export type LandingSection = (typeof LANDING_SECTIONS)[number];

/** One section per wheel gesture at most every 1000 ms; each move animates for 1000 ms. */
export const LANDING_SCROLL = { wheelThrottleMs: 1000, animationMs: 1000 } as const;

/** What a practice can ask to see in the demo: every product section of the page. */
export const DEMO_INTERESTS = [
  'reputation_management_listings',
  'messenger',
  'online_scheduling',
  'digital_check_in',
  'telemedicine',
  'patient_surveys',
  'payments',
  'continued_care',
] as const;
export const demoInterestSchema = z.enum(DEMO_INTERESTS);
export type DemoInterest = z.infer<typeof demoInterestSchema>;

export const DEMO_REQUEST_LIMITS = {
  name: 70,
  practice: 75,
  email: 320,
  phone: 14,
  message: 1000,
  source: 100,
} as const;

/** A person's name: letters (any script), spaces, apostrophes, hyphens and periods ("Dr. Mary-Jane O'Neil"). */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u;
/** US phone: ten digits, optionally +1, with the usual separators; shown as (xxx) xxx-xxxx. */
const US_PHONE = /^(?:\+?1[\s.-]?)?\(?[2-9][0-9]{2}\)?[\s.-]?[0-9]{3}[\s.-]?[0-9]{4}$/;

const required = (max: number) => z.string().trim().min(1).max(max);

/**
 * POST /careslot-marketing/api/v1/demo-requests. The web form validates with this same schema.
 * `website` is a honeypot: people never see it, so a value means a bot filled the form.
 */
export const demoRequestInputSchema = z.object({
  name: required(DEMO_REQUEST_LIMITS.name).regex(PERSON_NAME),
  practice: required(DEMO_REQUEST_LIMITS.practice),
  email: z.string().trim().min(1).max(DEMO_REQUEST_LIMITS.email).pipe(z.email()),
  phone: required(DEMO_REQUEST_LIMITS.phone).regex(US_PHONE),
  interests: z.array(demoInterestSchema).min(1).max(DEMO_INTERESTS.length),
  message: z.string().trim().max(DEMO_REQUEST_LIMITS.message).optional(),
  source: z.string().trim().max(DEMO_REQUEST_LIMITS.source).optional(),
  website: z.string().max(200).optional(),
});
export type DemoRequestInput = z.input<typeof demoRequestInputSchema>;

export const demoRequestReceiptSchema = z.object({
  status_code: z.literal(201),
  message: z.string(),
  data: z.null(),
});

export const demoRequestSchema = z.object({
  Id: z.string(),
  Name: z.string(),
  Practice: z.string(),
  Email: z.string(),
  Phone: z.string(),
  Interests: z.array(demoInterestSchema),
  Message: z.string().nullable(),
  Source: z.string().nullable(),
  CreatedOn: z.string(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;

export const demoRequestListSchema = dataList(demoRequestSchema);
export type DemoRequestList = z.infer<typeof demoRequestListSchema>;

export const demoRequestListQuerySchema = z.object({
  Offset: z.coerce.number().int().min(0).default(1),
  Limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const DEMO_REQUEST_RECEIVED = 'Thank you! Our team will contact you within one business day.';
