import {
  DETAIL_PLACEHOLDERS,
  MESSAGE_PLACEHOLDERS,
  TEMPLATE_LIMITS,
  type MessageChannel,
  type MessagePlaceholder,
  type MessageValues,
} from '@careslot/contracts';

/**
 * The practice's message templates (decision 0061): text with `{{placeholder}}` names and optional sections
 * `[[ ... ]]` that are left out when a placeholder inside them has no value (hidden by the practice's options
 * or unknown for this visit). Nothing else is interpreted: a value is put in as text, once (a value holding
 * `{{link}}` stays that text), and an e-mail's HTML escapes both the template's text and the values.
 */

export interface TemplateIssue {
  field: string;
  rule: 'placeholder' | 'syntax' | 'max_length';
  message: string;
}

const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(MESSAGE_PLACEHOLDERS);

/** The placeholders a template names (known or not), in order, once each. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(TOKEN)].map((m) => m[1]!))];
}

/**
 * Checks a template's text: every `{{name}}` is a known placeholder, braces and sections are balanced and not
 * nested, and the text fits its channel. Each issue names the field and the rule.
 */
export function validateTemplateText(
  field: string,
  text: string,
  channel: MessageChannel,
  part: 'subject' | 'body' = 'body',
): TemplateIssue[] {
  const issues: TemplateIssue[] = [];
  const unknown = placeholdersIn(text).filter((name) => !KNOWN.has(name));
  if (unknown.length)
    issues.push({
      field,
      rule: 'placeholder',
      message: `unknown placeholder ${unknown.map((n) => `{{${n}}}`).join(', ')}; use one of ${MESSAGE_PLACEHOLDERS.map((n) => `{{${n}}}`).join(', ')}`,
    });
  const rest = text.replace(TOKEN, '');
  if (rest.includes('{{') || rest.includes('}}'))
    issues.push({ field, rule: 'syntax', message: 'has a {{ without its }} (or the reverse)' });
  let depth = 0;
  for (const match of text.matchAll(/\[\[|\]\]/g)) {
    depth += match[0] === '[[' ? 1 : -1;
    if (depth < 0 || depth > 1) break;
  }
  if (depth !== 0)
    issues.push({ field, rule: 'syntax', message: 'has a [[ without its ]] (or one inside another)' });
  const max =
    channel === 'sms'
      ? TEMPLATE_LIMITS.smsBody
      : part === 'subject'
        ? TEMPLATE_LIMITS.emailSubject
        : TEMPLATE_LIMITS.emailBody;
  if (text.length > max)
    issues.push({ field, rule: 'max_length', message: `must be at most ${max} characters` });
  if (part === 'subject' && /[\r\n]/.test(text))
    issues.push({ field, rule: 'syntax', message: 'must be one line' });
  return issues;
}

export interface RenderOptions {
  /** Off: the date, time and place are left out. */
  sendAppointmentDetails: boolean;
  /** On: the visit's reason is left out. */
  hideReason: boolean;
}

export const DEFAULT_RENDER_OPTIONS: RenderOptions = { sendAppointmentDetails: true, hideReason: false };

/** The values after the practice's options: a hidden placeholder has no value. */
export function visibleValues(values: MessageValues, options: RenderOptions): MessageValues {
  const out: MessageValues = { ...values };
  if (!options.sendAppointmentDetails) for (const name of DETAIL_PLACEHOLDERS) out[name] = null;
  if (options.hideReason) out.reason = null;
  return out;
}

export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

type Escape = (text: string) => string;

function fillPart(text: string, values: MessageValues, escape: Escape): { text: string; missing: boolean } {
  let missing = false;
  let out = '';
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    out += escape(text.slice(last, match.index));
    const value = values[match[1] as MessagePlaceholder];
    if (value === undefined || value === null || value.trim() === '') missing = true;
    else out += escape(value);
    last = match.index + match[0].length;
  }
  return { text: out + escape(text.slice(last)), missing };
}

/**
 * Renders a template with the values (one pass: values are never read as templates). A `[[section]]` with a
 * placeholder that has no value is left out whole; outside sections such a placeholder is written as nothing.
 * Blank lines left by dropped sections are collapsed. `html` escapes the text and values for an HTML body.
 */
export function renderTemplate(
  template: string,
  values: MessageValues,
  options: RenderOptions = DEFAULT_RENDER_OPTIONS,
  format: 'text' | 'html' = 'text',
): string {
  const shown = visibleValues(values, options);
  const escape: Escape = format === 'html' ? escapeHtml : (t) => t;
  let out = '';
  let last = 0;
  for (const match of template.matchAll(/\[\[([\s\S]*?)\]\]/g)) {
    out += fillPart(template.slice(last, match.index), shown, escape).text;
    const section = fillPart(match[1]!, shown, escape);
    if (!section.missing) out += section.text;
    last = match.index + match[0].length;
  }
  out += fillPart(template.slice(last), shown, escape).text;
  const tidy = out
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/ {2,}/g, ' ')
    .trim();
  return format === 'html' ? tidy.replace(/\n/g, '<br>\n') : tidy;
}

/** The sample visit the settings page and the preview call render. */
export const SAMPLE_MESSAGE_VALUES: Required<Record<MessagePlaceholder, string>> = {
  patientFirstName: 'Jordan',
  providerName: 'Dr. Olivia Bennett, MD',
  practiceName: 'Lakeside Family Medicine',
  appointmentDate: 'Tuesday, December 8, 2026',
  appointmentTime: '10:00 AM EST',
  locationAddress: 'Lakeside Clinic, 100 Main Street, Springfield, IL 62701',
  reason: 'Annual check-up',
  declineReason: 'The provider is away that week',
  link: 'https://careslot.example/portal',
};
