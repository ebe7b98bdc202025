/**
 * Custom form rules both sides use (patient-booking.md §3.9, §4.3 step 7): which components show, whether the
 * answers satisfy the form, and which associated forms apply to the chosen reason. The types mirror the
 * contracts' zod schemas structurally, so this package imports nothing of ours.
 */

export type ComponentType =
  | 'text'
  | 'number'
  | 'date'
  | 'choice'
  | 'multi-choice'
  | 'yes-no'
  | 'signature'
  | 'file'
  | 'scale'
  | 'display';

export interface FormComponentRule {
  Key: string;
  Type: ComponentType;
  Label: string;
  Required?: boolean;
  Options?: readonly { Value: string; Label: string }[];
  MaxLength?: number;
  Min?: number;
  Max?: number;
  ShowWhen?: { Key: string; In: readonly string[] };
}

export interface FormDefinitionRule {
  Sections: readonly { Key: string; Title: string; Components: readonly FormComponentRule[] }[];
}

export type AnswerValue =
  string | number | boolean | readonly string[] | { FileId: string; Name: string } | null | undefined;
export type Answers = Readonly<Record<string, AnswerValue>>;

export type FormRule = 'required' | 'number' | 'min' | 'max' | 'maxLength' | 'date' | 'option' | 'type';
export type FormErrors = Record<string, FormRule>;

const DEFAULT_TEXT_MAX = 2000;
/** A drawn signature is a PNG data URL; a typed one is the signer's name. */
export const DRAWN_SIGNATURE_PREFIX = 'data:image/png;base64,';
const DRAWN_SIGNATURE_MAX = 20000;

/** The answer as the text a ShowWhen condition compares: yes-no answers read 'yes' or 'no'. */
function conditionText(value: AnswerValue): string[] {
  if (value == null) return [];
  if (typeof value === 'boolean') return [value ? 'yes' : 'no'];
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return [];
  return [String(value)];
}

function allComponents(definition: FormDefinitionRule): FormComponentRule[] {
  return definition.Sections.flatMap((section) => section.Components);
}

/**
 * Whether a component shows for these answers. A condition on a hidden component is false too, so a chain of
 * conditions hides everything below a hidden parent.
 */
export function isComponentVisible(
  definition: FormDefinitionRule,
  key: string,
  answers: Answers,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const component = allComponents(definition).find((c) => c.Key === key);
  if (!component) return false;
  const condition = component.ShowWhen;
  if (!condition) return true;
  if (seen.has(key)) return false; // a cycle shows nothing rather than looping
  if (!isComponentVisible(definition, condition.Key, answers, new Set([...seen, key]))) return false;
  const given = conditionText(answers[condition.Key]);
  return given.some((v) => condition.In.some((wanted) => wanted.toLowerCase() === v.toLowerCase()));
}

export function visibleComponents(definition: FormDefinitionRule, answers: Answers): FormComponentRule[] {
  return allComponents(definition).filter((c) => isComponentVisible(definition, c.Key, answers));
}

function isEmpty(value: AnswerValue): boolean {
  if (value == null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

function checkComponent(component: FormComponentRule, value: AnswerValue): FormRule | null {
  if (isEmpty(value)) return component.Required ? 'required' : null;
  const options = component.Options?.map((o) => o.Value) ?? [];
  switch (component.Type) {
    case 'display':
      return null;
    case 'signature':
      if (typeof value === 'string' && value.startsWith(DRAWN_SIGNATURE_PREFIX))
        return value.length > DRAWN_SIGNATURE_MAX ? 'maxLength' : null;
      if (typeof value !== 'string') return 'type';
      return value.trim().length > (component.MaxLength ?? 200) ? 'maxLength' : null;
    case 'text': {
      if (typeof value !== 'string') return 'type';
      return value.trim().length > (component.MaxLength ?? DEFAULT_TEXT_MAX) ? 'maxLength' : null;
    }
    case 'scale': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isInteger(n)) return 'number';
      if (n < (component.Min ?? 0)) return 'min';
      if (n > (component.Max ?? 10)) return 'max';
      return null;
    }
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isFinite(n)) return 'number';
      if (component.Min != null && n < component.Min) return 'min';
      if (component.Max != null && n > component.Max) return 'max';
      return null;
    }
    case 'date':
      return typeof value === 'string' && isRealDate(value) ? null : 'date';
    case 'choice':
      return typeof value === 'string' && options.includes(value) ? null : 'option';
    case 'multi-choice':
      return Array.isArray(value) &&
        (value as readonly unknown[]).every((v) => typeof v === 'string' && options.includes(v))
        ? null
        : 'option';
    case 'yes-no':
      return typeof value === 'boolean' ? null : 'type';
    case 'file':
      return typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        typeof (value as { FileId?: unknown }).FileId === 'string'
        ? null
        : 'type';
  }
}

/** Every failing visible component with its rule; an empty object means the answers are complete. */
export function validateFormAnswers(definition: FormDefinitionRule, answers: Answers): FormErrors {
  const errors: FormErrors = {};
  for (const component of visibleComponents(definition, answers)) {
    if (component.Type === 'display') continue;
    const rule = checkComponent(component, answers[component.Key]);
    if (rule) errors[component.Key] = rule;
  }
  return errors;
}

/** The answers worth keeping: visible components only, so a hidden branch's old answer is not stored. */
export function keptAnswers(definition: FormDefinitionRule, answers: Answers): Record<string, AnswerValue> {
  const kept: Record<string, AnswerValue> = {};
  for (const component of visibleComponents(definition, answers)) {
    const value = answers[component.Key];
    if (!isEmpty(value)) kept[component.Key] = value;
  }
  return kept;
}

/** Keys of answers that name no component of the form (refused by the server). */
export function unknownAnswerKeys(definition: FormDefinitionRule, answers: Answers): string[] {
  const keys = new Set(allComponents(definition).map((c) => c.Key));
  return Object.keys(answers).filter((k) => !keys.has(k));
}

// ---------- which forms apply to a reason (4.3 step 7) ----------

export interface AssociatedForm {
  AssociatedServiceTypes: readonly { Id: string; Name: string }[];
}

const ALL_REASONS_IDS = ['-1'];
const ALL_REASONS_NAMES = ['all reasons', 'all'];

/** A form applies to every reason when one of its service types is the 'all reasons' entry (Id -1). */
export function appliesToAllReasons(form: AssociatedForm): boolean {
  return (
    form.AssociatedServiceTypes.length === 0 ||
    form.AssociatedServiceTypes.some(
      (t) =>
        ALL_REASONS_IDS.includes(String(t.Id)) || ALL_REASONS_NAMES.includes(t.Name.trim().toLowerCase()),
    )
  );
}

/** The chosen reason means every reason: 'All' or -1 (3.4 booking reason). */
export function isAllReasons(reasonId: string | number | null | undefined): boolean {
  if (reasonId == null) return true;
  const text = String(reasonId).trim().toLowerCase();
  return text === '' || text === '-1' || text === 'all';
}

/**
 * Step 7: the forms are filtered by reason unless the first form applies to all reasons. A form is kept when
 * it applies to all reasons or lists the chosen reason; with no particular reason chosen every form is kept.
 */
export function formsForReason<T extends AssociatedForm>(
  forms: readonly T[],
  reasonId: string | number | null | undefined,
): T[] {
  const first = forms[0];
  if (!first || appliesToAllReasons(first) || isAllReasons(reasonId)) return [...forms];
  const wanted = String(reasonId);
  return forms.filter(
    (form) => appliesToAllReasons(form) || form.AssociatedServiceTypes.some((t) => String(t.Id) === wanted),
  );
}
