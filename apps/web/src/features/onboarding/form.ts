import type { OnboardingGateway, OnboardingRequest, VisitType } from '@careslot/contracts';
import {
  hasUnwantedCharacters,
  hoursProblem,
  isValidEmail,
  isValidNpi,
  LIMITS,
  PATTERNS,
  US_TIME_ZONES,
} from '@careslot/domain';

/** The wizard's form state: strings as typed, turned into the request at the end. */
export interface WizardForm {
  organization: { name: string; phone: string; email: string; website: string };
  location: {
    name: string;
    address1: string;
    address2: string;
    city: string;
    state: string;
    zipCode: string;
    timeZone: string;
    phone: string;
  };
  provider: {
    prefix: string;
    firstName: string;
    lastName: string;
    suffix: string;
    npi: string;
    specialtyId: string;
    email: string;
  };
  schedule: {
    days: string[];
    start: string;
    end: string;
    slotMinutes: string;
    categoryName: string;
    reasons: { name: string; duration: string; visitType: VisitType }[];
  };
  payment: { enabled: boolean; gateway: OnboardingGateway | '' };
  publish: boolean;
}

export const STEPS = ['organization', 'location', 'provider', 'schedule', 'payment', 'review'] as const;
export type Step = (typeof STEPS)[number];

export const emptyForm = (): WizardForm => ({
  organization: { name: '', phone: '', email: '', website: '' },
  location: {
    name: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zipCode: '',
    timeZone: US_TIME_ZONES[0],
    phone: '',
  },
  provider: { prefix: 'Dr.', firstName: '', lastName: '', suffix: '', npi: '', specialtyId: '', email: '' },
  schedule: {
    days: ['1', '2', '3', '4', '5'],
    start: '09:00',
    end: '17:00',
    slotMinutes: '30',
    categoryName: 'Consultation',
    reasons: [{ name: 'New Patient Visit', duration: '30', visitType: 'Office' }],
  },
  payment: { enabled: false, gateway: '' },
  publish: true,
});

/** A field's error as an i18n key of the onboarding namespace (errors.*), keyed by the field's path. */
export type Errors = Record<string, string>;

const PHONE = /^[0-9()+\-. ]{10,14}$/;
const ZIP = /^[0-9]{5}(-?[0-9]{4})?$/;

function required(errors: Errors, path: string, value: string) {
  if (!value.trim()) errors[path] = 'errors.required';
}

function text(errors: Errors, path: string, value: string, max: number) {
  required(errors, path, value);
  if (!errors[path] && value.length > max) errors[path] = 'errors.tooLong';
  if (!errors[path] && hasUnwantedCharacters(value)) errors[path] = 'errors.unwanted';
}

function personName(errors: Errors, path: string, value: string) {
  required(errors, path, value);
  if (errors[path]) return;
  if (value.trim().length < LIMITS.NAME_MIN_LENGTH || value.length > LIMITS.NAME)
    errors[path] = 'errors.nameLength';
  else if (!PATTERNS.name.test(value.trim())) errors[path] = 'errors.name';
}

function phone(errors: Errors, path: string, value: string) {
  required(errors, path, value);
  if (!errors[path] && !PHONE.test(value.trim())) errors[path] = 'errors.phone';
}

function email(errors: Errors, path: string, value: string) {
  required(errors, path, value);
  if (!errors[path] && !isValidEmail(value.trim())) errors[path] = 'errors.email';
}

/** The errors of one step (the same rules as the server's; practice-portal.md §5). */
export function validateStep(step: Step, form: WizardForm): Errors {
  const errors: Errors = {};
  if (step === 'organization') {
    text(errors, 'organization.name', form.organization.name, LIMITS.FIRM);
    phone(errors, 'organization.phone', form.organization.phone);
    email(errors, 'organization.email', form.organization.email);
    if (form.organization.website && !/^https?:\/\/\S+\.\S+$/.test(form.organization.website))
      errors['organization.website'] = 'errors.url';
  }
  if (step === 'location') {
    text(errors, 'location.name', form.location.name, LIMITS.FACILITY_NAME);
    text(errors, 'location.address1', form.location.address1, LIMITS.ADDRESS);
    if (
      form.location.address2 &&
      (form.location.address2.length > LIMITS.ADDRESS || hasUnwantedCharacters(form.location.address2))
    )
      errors['location.address2'] = 'errors.tooLong';
    required(errors, 'location.city', form.location.city);
    if (
      !errors['location.city'] &&
      (!PATTERNS.city.test(form.location.city.trim()) || form.location.city.length > LIMITS.CITY)
    )
      errors['location.city'] = 'errors.city';
    if (!/^[A-Z]{2}$/.test(form.location.state)) errors['location.state'] = 'errors.state';
    required(errors, 'location.zipCode', form.location.zipCode);
    if (!errors['location.zipCode'] && !ZIP.test(form.location.zipCode.trim()))
      errors['location.zipCode'] = 'errors.zip';
    if (!(US_TIME_ZONES as readonly string[]).includes(form.location.timeZone))
      errors['location.timeZone'] = 'errors.required';
    phone(errors, 'location.phone', form.location.phone);
  }
  if (step === 'provider') {
    personName(errors, 'provider.firstName', form.provider.firstName);
    personName(errors, 'provider.lastName', form.provider.lastName);
    required(errors, 'provider.npi', form.provider.npi);
    if (!errors['provider.npi'] && !/^[0-9]{10}$/.test(form.provider.npi))
      errors['provider.npi'] = 'errors.npiDigits';
    else if (!errors['provider.npi'] && !isValidNpi(form.provider.npi))
      errors['provider.npi'] = 'errors.npiCheck';
    required(errors, 'provider.specialtyId', form.provider.specialtyId);
    email(errors, 'provider.email', form.provider.email);
  }
  if (step === 'schedule') {
    if (form.schedule.days.length === 0) errors['schedule.days'] = 'errors.days';
    const problem = hoursProblem([{ weekday: 1, start: form.schedule.start, end: form.schedule.end }]);
    if (problem)
      errors['schedule.end'] = problem.rule === 'time_format' ? 'errors.time' : 'errors.endAfterStart';
    text(errors, 'schedule.categoryName', form.schedule.categoryName, 100);
    const names = form.schedule.reasons.map((r) => r.name.trim().toLowerCase());
    form.schedule.reasons.forEach((reason, index) => {
      text(errors, `schedule.reasons.${index}.name`, reason.name, 100);
      if (!errors[`schedule.reasons.${index}.name`] && names.indexOf(names[index]!) !== index)
        errors[`schedule.reasons.${index}.name`] = 'errors.uniqueReason';
      const minutes = Number(reason.duration);
      if (!Number.isInteger(minutes) || minutes < 5 || minutes > 480)
        errors[`schedule.reasons.${index}.duration`] = 'errors.duration';
    });
    if (form.schedule.reasons.length === 0) errors['schedule.reasons'] = 'errors.reasons';
  }
  if (step === 'payment' && form.payment.enabled && !form.payment.gateway)
    errors['payment.gateway'] = 'errors.gateway';
  return errors;
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function toRequest(form: WizardForm): OnboardingRequest {
  return {
    Organization: {
      Name: form.organization.name.trim(),
      Phone: form.organization.phone.trim(),
      Email: form.organization.email.trim(),
      Website: orNull(form.organization.website),
    },
    Location: {
      Name: form.location.name.trim(),
      Address1: form.location.address1.trim(),
      Address2: orNull(form.location.address2),
      City: form.location.city.trim(),
      State: form.location.state,
      ZipCode: form.location.zipCode.trim(),
      TimeZone: form.location.timeZone,
      Phone: form.location.phone.trim(),
    },
    Provider: {
      Prefix: orNull(form.provider.prefix),
      FirstName: form.provider.firstName.trim(),
      LastName: form.provider.lastName.trim(),
      Suffix: orNull(form.provider.suffix),
      Npi: form.provider.npi,
      SpecialtyId: form.provider.specialtyId,
      Email: form.provider.email.trim(),
    },
    Schedule: {
      SlotMinutes: Number(form.schedule.slotMinutes) as OnboardingRequest['Schedule']['SlotMinutes'],
      Hours: form.schedule.days.map((day) => ({
        Weekday: Number(day),
        Start: form.schedule.start,
        End: form.schedule.end,
      })),
      CategoryName: form.schedule.categoryName.trim(),
      Reasons: form.schedule.reasons.map((r) => ({
        Name: r.name.trim(),
        DurationMinutes: Number(r.duration),
        VisitType: r.visitType,
      })),
    },
    Payment: {
      EnableOnlinePayment: form.payment.enabled,
      GatewayName: form.payment.enabled && form.payment.gateway ? form.payment.gateway : null,
    },
    Publish: form.publish,
  };
}

/** Which step a server error's field belongs to (body.Provider.Npi → provider). */
export function stepOfField(field: string): Step {
  const name = field
    .replace(/^body\./, '')
    .split('.')[0]
    ?.toLowerCase();
  return (STEPS as readonly string[]).includes(name ?? '') ? (name as Step) : 'review';
}

/** The i18n key (errors.*) of a server rule at a form field. */
function keyOfRule(rule: string, path: string): string {
  if (rule === 'unique') return /^schedule\.reasons\./.test(path) ? 'errors.uniqueReason' : 'errors.taken';
  const keys: Record<string, string> = {
    required: path === 'payment.gateway' ? 'errors.gateway' : 'errors.required',
    npi: 'errors.npiCheck',
    matches_zip: 'errors.zipState',
    unknown_zip: 'errors.unknownZip',
    unknown: 'errors.unknown',
    overlap: 'errors.endAfterStart',
    fits_hours: 'errors.slotFits',
    after_start: 'errors.endAfterStart',
  };
  return keys[rule] ?? 'errors.invalid';
}

/**
 * A server error's field as the wizard's form field (Provider.Npi → provider.npi, Location.ZipCode →
 * location.zipCode, Schedule.Reasons.1.Name → schedule.reasons.1.name, Schedule.Hours.0.Start → schedule.end,
 * Payment.GatewayName → payment.gateway), with the message key of its rule: the field shows the error.
 */
export function serverErrors(issues: readonly { field: string; rule: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const path = issue.field
      .replace(/^body\./, '')
      .replace(/^Schedule\.Hours\..*$/, 'schedule.end')
      .replace(/\.GatewayName$/, '.gateway')
      .replace(/\.DurationMinutes$/, '.duration')
      .split('.')
      .map((part) => part.charAt(0).toLowerCase() + part.slice(1))
      .join('.');
    errors[path] ??= keyOfRule(issue.rule, path);
  }
  return errors;
}
