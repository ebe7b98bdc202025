import { randomUUID } from 'node:crypto';
import {
  PATIENT_REVIEW_HAPPY_RATING,
  type PatientReview,
  type PatientReviewInput,
  type PatientVisitReview,
  type PracticeReviewList,
} from '@careslot/contracts';
import {
  authorize,
  authorizePractice,
  notFoundAudited,
  recordList,
  ROLE_SETS,
  type Relation,
} from '../../platform/access';
import type { RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { conflict } from '../../platform/errors';
import { findAppointment, type AppointmentRow } from '../appointments';
import { patientCardsByIds } from '../patients';
import * as settings from './store';
import * as store from './review-store';

/**
 * The patient's review of a visit (the patient-review route, patient-booking.md §2.7; issue 26 item 5): after
 * the visit the patient (or their account holder) rates it from 1 to 5 and comments; a happy patient is offered
 * the public review pages of the visit's location and provider (the review-platform settings, §3.8); the
 * practice reads its reviews and answers them.
 */

type Deps = Pick<AppDeps, 'database' | 'clock' | 'secrets'>;

export const REVIEW_WORKFLOWS = {
  patientView: 'Patient_Review_View_Web',
  patientAdd: 'Patient_Review_Add_Web',
  practiceList: 'Patient_Reviews_List_Web',
  practiceReply: 'Patient_Review_Reply_Web',
} as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const personal = (relation: Relation) => relation === 'self' || relation === 'family';
/** A visit that took place or is under way: not one still ahead, nor one called off. */
const NOT_REVIEWABLE = new Set([
  'No-Show',
  'Pending',
  'Rejected',
  'Failed',
  'Proposed',
  'Entered-In-Error',
  'Draft',
  'Canceled',
  'Waitlist',
]);

function shape(row: store.ReviewRow): PatientReview {
  return {
    Id: row.id,
    AppointmentId: row.appointment_id,
    OrganizationId: row.organization_id,
    Rating: row.rating,
    Comment: row.comment,
    Reply: row.reply,
    RepliedOn: row.replied_at === null ? null : iso(row.replied_at),
    CreatedOn: iso(row.created_at),
    UpdatedOn: iso(row.updated_at),
  };
}

async function patientsVisit(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  action: 'read' | 'update',
): Promise<AppointmentRow> {
  const workflow = action === 'read' ? REVIEW_WORKFLOWS.patientView : REVIEW_WORKFLOWS.patientAdd;
  const row = await findAppointment(deps.database, appointmentId);
  if (!row) return notFoundAudited(context, action, 'appointment', appointmentId, { workflow });
  await authorize(
    context,
    action,
    {
      kind: 'appointment',
      id: appointmentId,
      patientId: row.patient_id,
      organizationId: row.organization_id,
      entityType: 'PatientReview',
      workflow,
    },
    personal,
  );
  return row;
}

const reviewable = (deps: Deps, row: AppointmentRow) =>
  row.organization_id !== null &&
  !NOT_REVIEWABLE.has(row.status) &&
  new Date(row.start_at).getTime() <= deps.clock.now().getTime();

/** The public review pages of the visit's location and provider, when the practice's review platform is on. */
async function reviewSites(deps: Deps, row: AppointmentRow): Promise<PatientVisitReview['ReviewSites']> {
  const organizationId = row.organization_id!;
  const practice = await settings.organizationSettingsOf(deps.database, deps.secrets, organizationId);
  if (!practice?.is_active) return [];
  const [location, provider] = await Promise.all([
    row.location_id
      ? settings.entitySettingsOfEntity(deps.database, 'location', organizationId, row.location_id)
      : null,
    row.practitioner_id
      ? settings.entitySettingsOfEntity(deps.database, 'provider', organizationId, row.practitioner_id)
      : null,
  ]);
  return [
    ...(location?.is_active && location.review_site_url
      ? [{ Kind: 'Location' as const, Url: location.review_site_url }]
      : []),
    ...(provider?.is_active && provider.review_site_url
      ? [{ Kind: 'Provider' as const, Url: provider.review_site_url }]
      : []),
  ];
}

async function visitReview(
  deps: Deps,
  row: AppointmentRow,
  review: store.ReviewRow | null,
): Promise<PatientVisitReview> {
  const happy = review !== null && review.rating >= PATIENT_REVIEW_HAPPY_RATING;
  return {
    AppointmentId: row.id,
    CanReview: reviewable(deps, row),
    Review: review ? shape(review) : null,
    ReviewSites: happy ? await reviewSites(deps, row) : [],
  };
}

/** GET patient-reviews/appointments/{id}: the patient's review of their visit, if any. */
export async function patientReview(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
): Promise<PatientVisitReview> {
  const row = await patientsVisit(deps, context, appointmentId, 'read');
  return visitReview(deps, row, await store.reviewOfAppointment(deps.database, appointmentId));
}

/** PUT patient-reviews/appointments/{id}: rate and comment the visit (again: the last one stands). */
export async function reviewVisit(
  deps: Deps,
  context: RequestContext,
  appointmentId: string,
  input: PatientReviewInput,
): Promise<PatientVisitReview> {
  const row = await patientsVisit(deps, context, appointmentId, 'update');
  if (!reviewable(deps, row)) throw conflict('This visit cannot be reviewed: it has not taken place.');
  const saved = await store.upsertReview(deps.database, {
    id: randomUUID(),
    appointment_id: row.id,
    organization_id: row.organization_id!,
    patient_id: row.patient_id,
    provider_id: row.practitioner_id,
    location_id: row.location_id,
    rating: input.Rating,
    comment: input.Comment ? input.Comment : null,
    now: deps.clock.now(),
  });
  return visitReview(deps, row, saved);
}

/** GET patient-reviews/organizations/{id}: the practice's reviews, newest first (its users). */
export async function practiceReviews(
  deps: Deps,
  context: RequestContext,
  organizationId: string,
  page: { limit: number; offset: number },
): Promise<PracticeReviewList> {
  await authorizePractice(
    context,
    'read',
    {
      organizationId,
      entityType: 'PatientReview',
      id: null,
      workflow: REVIEW_WORKFLOWS.practiceList,
    },
    { roles: ROLE_SETS.PRACTICE_USERS, audit: 'refusals' },
  );
  const list = await store.reviewsOfPractice(deps.database, organizationId, page);
  await recordList(
    context,
    'read',
    'appointment',
    list.rows.map((r) => r.patient_id),
    { entityType: 'PatientReview', workflow: REVIEW_WORKFLOWS.practiceList, detail: { organizationId } },
  );
  const [cards, visits] = await Promise.all([
    patientCardsByIds(
      deps.database,
      list.rows.map((r) => r.patient_id),
    ),
    Promise.all(list.rows.map((r) => findAppointment(deps.database, r.appointment_id))),
  ]);
  return {
    Data: list.rows.map((r, index) => ({
      ...shape(r),
      PatientFirstName: cards.get(r.patient_id)?.FirstName ?? '',
      VisitStart: iso(visits[index]?.start_at ?? r.created_at),
    })),
    Total: list.total,
    AverageRating: list.average === null ? null : Math.round(list.average * 10) / 10,
  };
}

/** PUT patient-reviews/{id}/reply: the practice answers a review (its admins and staff). */
export async function replyToReview(
  deps: Deps,
  context: RequestContext,
  id: string,
  reply: string,
): Promise<PatientReview> {
  const row = await store.reviewById(deps.database, id);
  await authorizePractice(
    context,
    'update',
    {
      organizationId: row?.organization_id ?? null,
      entityType: 'PatientReview',
      id,
      workflow: REVIEW_WORKFLOWS.practiceReply,
    },
    ROLE_SETS.CALENDAR_KEEPERS,
  );
  return shape(await store.replyToReview(deps.database, id, reply, deps.clock.now()));
}
