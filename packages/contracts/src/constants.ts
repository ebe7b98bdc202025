/** Business constants of the spec (constants.md, patient-booking.md §9). */
export const PRODUCT_NAME = 'CareSlot';
export const PRODUCT_CODE = 'careslot';
export const OAUTH_CLIENT_ID = 'careslot_web_app';
export const OAUTH_SCOPE = 'openid profile email';
export const REALM = 'careslot';
export const REFRESH_CONTEXT = 'patientPortal';
export const PKCE_VERIFIER_RANDOM_VALUES = 28;

export const LANGUAGES = ['es', 'en', 'zh-CN', 'vi', 'ko', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABELS: Record<Language, string> = {
  es: 'ES',
  en: 'EN',
  'zh-CN': 'ZH',
  vi: 'VI',
  ko: 'KO',
  ja: 'JA',
};
export const DEFAULT_LANGUAGE: Language = 'en';

export const REALTIME_RECONNECT = { retries: 5, delayMs: (attempt: number) => 2000 * (attempt + 1) } as const;
export const LOGOUT_AFTER_LOGIN_FAILURE_MS = 2000;
export const ROUTE_PRELOAD_DELAY_MS = 250;
export const SESSION_COOKIE = { name: 'SessionId', maxAgeDays: 30 } as const;
/**
 * The header the web app sends on the calls the SessionId cookie authenticates (a fresh token, sign-out): a page
 * of another site cannot send it (no CORS), so those calls cannot be forged across sites (decision 0107).
 */
export const CSRF_HEADER = { name: 'X-CSRF-Protection', value: '1' } as const;

export const TOAST = { successHideMs: 2000, errorHideMs: 3000 } as const;
export const DIALOG_WIDTH = { generic: 550, popup: 800, small: 350 } as const;
export const BREAKPOINTS = {
  more: 1500,
  burger: 1200,
  calendar: 1000,
  mobile: 767,
  responsive: 600,
} as const;

export const PAGING = {
  orderBy: 'asc',
  offset: 1,
  limit: 10,
  providerListPage: 15,
  searchDefaultPageSize: 5,
  organizationLocationLimit: 1000,
} as const;

export const SLOT = {
  clickThrottleMs: 5000,
  doubleClickThrottleMs: 500,
  confirmThrottleMs: 5000,
  statusFallbackPollMs: 6000,
  perDay: 5,
  perDayInList: 3,
  weekDays: 5,
  rescheduleWindowDays: 4,
  scrollerMonths: 24,
  todayStartOffsetMinutes: 30,
  rangeDays: 4,
} as const;

export const MINIMUM_VISIT_FEE = 1;
export const MINIMUM_USER_AGE = 16;
export const REGIONS = ['US', 'PK'] as const;
export const DEFAULT_REGION = 'US';

export const GENDER_CODES = { M: 'Male', F: 'Female', U: 'Unknown', O: 'Other' } as const;
export type GenderCode = keyof typeof GENDER_CODES;
export const SALUTATIONS = ['Mr', 'Mrs', 'Mx'] as const;

export const ENTITY_TYPES = [
  'Provider',
  'HealthCareService',
  'Resource',
  'Practitioner',
  'Organization',
  'Patient',
  'Location',
  'Appointment',
  'Host',
] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];

export const CUSTOM_FORM_TYPES = ['Consent', 'Intake Form', 'Assessment', 'Screening Form'] as const;

export const ROLES = [
  'patient',
  'provider',
  'staff',
  'practiceadmin',
  'superuser',
  'supportagent',
  'FinancialSuperUser',
  'HealthCareService',
  'Practitioner',
] as const;
export type Role = (typeof ROLES)[number];
export const SYSTEM_USER_ROLE = 'system_user';
export const USER_TYPES = ['Practitioner', 'Patient', 'SuperUser'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const STORAGE_KEYS = {
  local: {
    loginResponse: 'login_response',
    userType: 'user_type',
    showPopup: 'showPopup',
    showpPopup: 'showpPopup',
    alertCount: 'alertCount',
    breadcrumbs: 'breadcrumbs',
  },
  session: {
    returnUrl: 'return_url',
    codeVerifier: 'code_verifier',
    token: 'careslot_token',
    slotData: 'slot_data',
    slotInfo: 'slot_info',
    providerSearchState: 'provider_search_state',
    sessionId: 'sessionId',
  },
} as const;

/** Audit: CreatedBySystem and LastChangedBySystem are the product code name. */
export const AUDIT_SYSTEM = PRODUCT_CODE;

export const APPOINTMENT_STATUSES = [
  'No-Show',
  'Pending',
  'Accepted',
  'Rejected',
  'Failed',
  'Proposed',
  'Entered-In-Error',
  'Scheduled',
  'Confirmed',
  'Booked',
  'Draft',
  'Canceled',
  'Arrived',
  'Checked-In',
  'Checked-Out',
  'Waiting-Room',
  'Started',
  'Ended',
  'In Progress',
  'Waitlist',
] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const PAYMENT_TRANSACTION_STATUSES = [
  'Pending',
  'Uncaptured',
  'Captured',
  'Rejected',
  'Canceled',
  'Refunded',
  'Approved',
] as const;
export type PaymentTransactionStatus = (typeof PAYMENT_TRANSACTION_STATUSES)[number];

export const APPOINTMENT_TYPES = ['Office', 'TeleHealth', 'Resource'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];
export const SCHEDULE_TYPES = ['Scheduled', 'Walk-In'] as const;
export type ScheduleType = (typeof SCHEDULE_TYPES)[number];
export const VISIT_TYPES = ['Office', 'TeleHealth', 'Walk-In'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];
