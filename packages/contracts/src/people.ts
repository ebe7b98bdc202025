import { z } from 'zod';
import { envelope } from './envelope';
import { fileUploadSchema } from './forms';
import { passwordSchema } from './identity';
import {
  genderSchema,
  practiceRoleCodeSchema,
  practitionerRoleSchema,
  practitionerSchema,
} from './directory';

/**
 * A practice's people (issue 18; practice-portal.md §3.3, §7 Administration): providers and staff a practice
 * admin adds and edits, a provider's own settings, invited users' activation and the change of password.
 * Shapes only: the rules (names, NPI, DEA, phone) are packages/domain/src/people.ts, checked by the service.
 */

export const PEOPLE_PATHS = {
  practitioner: '/careslot-administration/api/v2/practitioner',
  practitionerRole: '/careslot-administration/api/v2/practitionerrole',
  settings: '/careslot-gateway/practitioner/settings',
  settingsUpdate: '/careslot-gateway/practitioner/settings/update',
  /** Not in the spec: the users screen's list (providers and staff of a practice with their account state). */
  practiceUsers: '/careslot-administration/api/v2/web/practice-users/advance-search',
  /** Not in the spec: e-mails a new activation link (the users screen's "Resend invitation"). */
  resendInvitation: (practitionerId: string) =>
    `/careslot-administration/api/v2/practitioner/${practitionerId}/invitation`,
  /** The invited user's activation: GET checks a link, POST sets the first password. */
  activation: '/careslot-administration/api/v1/account/activation',
  /** "POST update password(userId)" of §7: the signed-in user's own password. */
  updatePassword: (userId: string) => `/careslot-administration/api/v1/account/${userId}/update-password`,
  /** Not in the spec: the signed-in user asks to change their own login e-mail (decision 0085). */
  changeEmail: (userId: string) => `/careslot-administration/api/v1/account/${userId}/change-email`,
  /** Not in the spec: the link sent to the new address; POST makes the change take effect. */
  emailConfirmation: '/careslot-administration/api/v1/account/email-confirmation',
} as const;

const text = (max: number) => z.string().max(max);
const codeList = z.array(z.string().trim().min(1).max(100)).max(30);

/** The profile fields of a practitioner, as the add and edit forms send them. */
export const practitionerProfileInputSchema = z.object({
  FirstName: text(200),
  LastName: text(200),
  Suffix: text(200).nullish(),
  Email: text(400),
  Phone: text(40).nullish(),
  Gender: genderSchema.nullish(),
  Npi: text(40).nullish(),
  DeaNumber: text(40).nullish(),
  SpecialtyIds: z
    .array(z.uuid({ error: 'must be a specialty id' }))
    .max(20)
    .default([]),
  Languages: codeList.default([]),
  BoardCertifications: codeList.default([]),
  HospitalAffiliations: codeList.default([]),
  HidePublicProfile: z.boolean().default(false),
  About: text(2000).nullish(),
});
export type PractitionerProfileInput = z.infer<typeof practitionerProfileInputSchema>;

/** POST v2/practitioner: a new provider or staff member of the practice, with their roles; they are invited by e-mail. */
export const practitionerCreateSchema = practitionerProfileInputSchema.extend({
  OrganizationId: z.uuid(),
  Code: z.array(practiceRoleCodeSchema).min(1, { error: 'at least one role' }).max(3),
  LocationIds: z.array(z.uuid()).max(100).default([]),
});
export type PractitionerCreate = z.infer<typeof practitionerCreateSchema>;

/** A practitioner with the details kept beside the directory's record. */
export const practitionerDetailSchema = practitionerSchema.extend({
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  DeaNumber: z.string().nullable(),
  BoardCertifications: z.array(z.string()),
  HospitalAffiliations: z.array(z.string()),
});
export type PractitionerDetail = z.infer<typeof practitionerDetailSchema>;
export const practitionerDetailResponseSchema = envelope(practitionerDetailSchema);

/** POST v2/practitionerrole. */
export const practitionerRoleCreateSchema = z.object({
  PractitionerId: z.uuid(),
  OrganizationId: z.uuid(),
  Code: z.array(practiceRoleCodeSchema).min(1).max(3),
  LocationIds: z.array(z.uuid()).max(100).default([]),
});
/** PUT v2/practitionerrole/{id}?email=: the roles, facilities and whether the user is active. */
export const practitionerRoleUpdateSchema = z.object({
  Code: z.array(practiceRoleCodeSchema).min(1).max(3),
  LocationIds: z.array(z.uuid()).max(100).optional(),
  Active: z.boolean().default(true),
});
export const practitionerRoleResponseSchema = envelope(practitionerRoleSchema);

export const profilePictureResponseSchema = envelope(z.object({ Url: z.string().nullable() }));
export const profilePictureUploadSchema = fileUploadSchema;

/** Practitioner settings ({p}-gateway/practitioner/settings): POST get and PUT update. */
export const practitionerSettingsQuerySchema = z.object({ PractitionerId: z.uuid() });
export const practitionerSettingsSchema = z.object({
  PractitionerId: z.string(),
  HidePublicProfile: z.boolean(),
  Languages: z.array(z.string()),
  BoardCertifications: z.array(z.string()),
  HospitalAffiliations: z.array(z.string()),
  Email: z.string().nullable(),
  Phone: z.string().nullable(),
  DeaNumber: z.string().nullable(),
});
export type PractitionerSettings = z.infer<typeof practitionerSettingsSchema>;
export const practitionerSettingsUpdateSchema = z.object({
  PractitionerId: z.uuid(),
  HidePublicProfile: z.boolean().optional(),
  Languages: codeList.optional(),
  BoardCertifications: codeList.optional(),
  HospitalAffiliations: codeList.optional(),
});
export const practitionerSettingsResponseSchema = envelope(practitionerSettingsSchema);

export const PRACTICE_USER_STATES = ['Invited', 'Active', 'Inactive'] as const;
export type PracticeUserState = (typeof PRACTICE_USER_STATES)[number];

export const practiceUserSchema = z.object({
  PractitionerId: z.string(),
  RoleId: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Suffix: z.string().nullable(),
  Email: z.string().nullable(),
  Npi: z.string().nullable(),
  Code: z.array(practiceRoleCodeSchema),
  State: z.enum(PRACTICE_USER_STATES),
  PhotoUrl: z.string().nullable(),
});
export type PracticeUser = z.infer<typeof practiceUserSchema>;
export const practiceUserSearchSchema = z.object({
  OrganizationId: z.uuid(),
  SearchTerm: z.string().trim().max(100).optional(),
  UserRoles: z.array(practiceRoleCodeSchema).max(3).optional(),
});
export const practiceUserListSchema = z.object({
  Data: z.array(practiceUserSchema),
  Total: z.number().int(),
  CanEdit: z.boolean(),
});

/** The activation link's parameters, as the page reads them from its URL. */
export const activationLinkSchema = z.object({
  invitation: z.uuid({ error: 'must be an invitation id' }),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, { error: 'must be a link signature' }),
});
export type ActivationLink = z.infer<typeof activationLinkSchema>;
export const activationInfoSchema = envelope(z.object({ Email: z.string(), FirstName: z.string() }));
export const activationSubmitSchema = activationLinkSchema.extend({
  Password: passwordSchema,
  ConfirmPassword: z.string().max(128),
});
export const activationDoneSchema = envelope(z.object({ Email: z.string(), Activated: z.literal(true) }));

export const updatePasswordSchema = z.object({
  CurrentPassword: z.string().min(1, { error: 'is required' }).max(128),
  NewPassword: passwordSchema,
  ConfirmPassword: z.string().max(128),
});
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;
export const updatePasswordDoneSchema = envelope(
  z.object({ PasswordChanged: z.literal(true), OtherSessionsEnded: z.number().int() }),
);

export const ACTIVATION_TTL_HOURS = 72;

/** A change of login e-mail (decision 0085): the current password, then a link to the new address. */
export const changeEmailSchema = z.object({
  NewEmail: z
    .string()
    .trim()
    .max(320, { error: 'must be at most 320 characters' })
    .pipe(z.email({ error: 'must be a valid e-mail address' })),
  CurrentPassword: z.string().min(1, { error: 'is required' }).max(128),
});
export type ChangeEmail = z.infer<typeof changeEmailSchema>;
export const changeEmailPendingSchema = envelope(
  z.object({ NewEmail: z.string(), ConfirmationSent: z.literal(true), ExpiresInHours: z.number().int() }),
);
/** The confirmation link's parameters, as the page reads them from its URL. */
export const emailConfirmationLinkSchema = z.object({
  change: z.uuid({ error: 'must be a change id' }),
  exp: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[A-Za-z0-9_-]{10,100}$/, { error: 'must be a link signature' }),
});
export type EmailConfirmationLink = z.infer<typeof emailConfirmationLinkSchema>;
export const emailConfirmedSchema = envelope(z.object({ Email: z.string(), Changed: z.literal(true) }));
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** The events of this feature (aggregate 'practitioner'): identity keeps the user's account in step. */
export const PRACTICE_ACCESS_CHANGED = 'practitioner.access-changed';
export interface PracticeAccessChangedPayload {
  practitionerId: string;
  organizationId: string;
  /** True when the user is to get a new activation link by e-mail (added, or "Resend invitation"). */
  invite: boolean;
}
