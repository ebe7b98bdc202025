import type { FormAnswer, FormAnswers, FormComponent, FormDefinition } from '@careslot/contracts';
import { DRAWN_SIGNATURE_PREFIX } from '@careslot/domain';

/**
 * Custom forms as FHIR R4 (decision 0093): a form version is a Questionnaire, a response a
 * QuestionnaireResponse. Sections are `group` items, components their items with the component's Key as
 * linkId; a ShowWhen condition is `enableWhen` (several values: enableBehavior 'any'). The clinical record and
 * exports read these shapes; the product's own screens keep reading the definition they are made from.
 */

/** The canonical URL of a form; a version is `<url>|<version>`. */
export const questionnaireUrl = (formId: string) => `urn:uuid:${formId}`;

type FhirItem = Record<string, unknown>;

const ITEM_TYPE: Record<FormComponent['Type'], string> = {
  text: 'text',
  number: 'decimal',
  date: 'date',
  choice: 'choice',
  'multi-choice': 'choice',
  'yes-no': 'boolean',
  signature: 'attachment',
  file: 'attachment',
  scale: 'integer',
  display: 'display',
};

const MIN_VALUE = 'http://hl7.org/fhir/StructureDefinition/minValue';
const MAX_VALUE = 'http://hl7.org/fhir/StructureDefinition/maxValue';
const SIGNATURE_REQUIRED = 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired';

function enableWhen(definition: FormDefinition, component: FormComponent): FhirItem {
  const condition = component.ShowWhen;
  if (!condition) return {};
  const parent = definition.Sections.flatMap((s) => s.Components).find((c) => c.Key === condition.Key);
  const answerOf = (value: string): FhirItem =>
    parent?.Type === 'yes-no'
      ? { answerBoolean: value.toLowerCase() === 'yes' || value.toLowerCase() === 'true' }
      : parent?.Type === 'choice' || parent?.Type === 'multi-choice'
        ? { answerCoding: { code: value } }
        : { answerString: value };
  return {
    enableWhen: condition.In.map((value) => ({ question: condition.Key, operator: '=', ...answerOf(value) })),
    ...(condition.In.length > 1 ? { enableBehavior: 'any' } : {}),
  };
}

function itemOf(definition: FormDefinition, component: FormComponent): FhirItem {
  const bounds =
    component.Type === 'number' || component.Type === 'scale'
      ? [
          ...(component.Min != null || component.Type === 'scale'
            ? [
                {
                  url: MIN_VALUE,
                  [component.Type === 'scale' ? 'valueInteger' : 'valueDecimal']: component.Min ?? 0,
                },
              ]
            : []),
          ...(component.Max != null || component.Type === 'scale'
            ? [
                {
                  url: MAX_VALUE,
                  [component.Type === 'scale' ? 'valueInteger' : 'valueDecimal']: component.Max ?? 10,
                },
              ]
            : []),
        ]
      : [];
  const extension = [
    ...bounds,
    ...(component.Type === 'signature'
      ? [
          {
            url: SIGNATURE_REQUIRED,
            valueCodeableConcept: {
              coding: [{ system: 'urn:iso-astm:E1762-95:2013', code: '1.2.840.10065.1.12.1.7' }],
            },
          },
        ]
      : []),
  ];
  return {
    linkId: component.Key,
    text: component.Label,
    type: ITEM_TYPE[component.Type],
    ...(component.Type !== 'display' && component.Required ? { required: true } : {}),
    ...(component.Type === 'multi-choice' ? { repeats: true } : {}),
    ...(component.MaxLength && component.Type === 'text' ? { maxLength: component.MaxLength } : {}),
    ...(component.Options?.length
      ? { answerOption: component.Options.map((o) => ({ valueCoding: { code: o.Value, display: o.Label } })) }
      : {}),
    ...(extension.length ? { extension } : {}),
    ...enableWhen(definition, component),
  };
}

export interface QuestionnaireSource {
  id: string;
  name: string;
  description: string | null;
  formType: string;
  version: number;
  active: boolean;
  definition: FormDefinition;
  date: Date;
}

/** A form version as a FHIR R4 Questionnaire. */
export function toQuestionnaire(form: QuestionnaireSource): Record<string, unknown> {
  return {
    resourceType: 'Questionnaire',
    id: form.id,
    url: questionnaireUrl(form.id),
    version: String(form.version),
    title: form.name,
    status: form.active ? 'active' : 'retired',
    date: form.date.toISOString(),
    ...(form.description ? { description: form.description } : {}),
    subjectType: ['Patient'],
    code: [{ system: 'urn:careslot:custom-form-type', code: form.formType, display: form.formType }],
    item: form.definition.Sections.map((section) => ({
      linkId: section.Key,
      text: section.Title,
      type: 'group',
      item: [
        ...(section.Description
          ? [{ linkId: `${section.Key}__description`, text: section.Description, type: 'display' }]
          : []),
        ...section.Components.map((c) => itemOf(form.definition, c)),
      ],
    })),
  };
}

function answerOf(component: FormComponent, value: FormAnswer): FhirItem[] {
  if (value == null) return [];
  const text = typeof value === 'object' ? '' : String(value);
  switch (component.Type) {
    case 'yes-no':
      return [{ valueBoolean: value === true }];
    case 'number':
      return [{ valueDecimal: Number(value) }];
    case 'scale':
      return [{ valueInteger: Number(value) }];
    case 'date':
      return [{ valueDate: text }];
    case 'choice':
    case 'multi-choice': {
      const values = Array.isArray(value) ? value : [text];
      return values.map((v) => ({
        valueCoding: { code: v, display: component.Options?.find((o) => o.Value === v)?.Label ?? v },
      }));
    }
    case 'signature': {
      return text.startsWith(DRAWN_SIGNATURE_PREFIX)
        ? [
            {
              valueAttachment: {
                contentType: 'image/png',
                data: text.slice(DRAWN_SIGNATURE_PREFIX.length),
                title: 'signature',
              },
            },
          ]
        : [
            {
              valueAttachment: {
                contentType: 'text/plain',
                data: Buffer.from(text, 'utf8').toString('base64'),
                title: text,
              },
            },
          ];
    }
    case 'file': {
      if (typeof value !== 'object' || Array.isArray(value)) return [];
      return [
        {
          valueAttachment: {
            contentType: value.ContentType,
            url: `/careslot-custom-form/api/v1/customformresponse/files/${value.FileId}`,
            title: value.Name,
            size: value.Size,
          },
        },
      ];
    }
    case 'display':
      return [];
    case 'text':
      return [{ valueString: text }];
  }
}

export interface ResponseSource {
  id: string;
  formId: string;
  formVersion: number;
  patientId: string;
  status: 'in-progress' | 'completed';
  authored: Date;
  definition: FormDefinition;
  answers: FormAnswers;
}

/** A response as a FHIR R4 QuestionnaireResponse of the form version it answered. */
export function toQuestionnaireResponse(response: ResponseSource): Record<string, unknown> {
  const item = response.definition.Sections.map((section) => ({
    linkId: section.Key,
    text: section.Title,
    item: section.Components.flatMap((c) => {
      const answer = answerOf(c, response.answers[c.Key] ?? null);
      return answer.length ? [{ linkId: c.Key, text: c.Label, answer }] : [];
    }),
  })).filter((group) => group.item.length > 0);
  return {
    resourceType: 'QuestionnaireResponse',
    id: response.id,
    questionnaire: `${questionnaireUrl(response.formId)}|${response.formVersion}`,
    status: response.status,
    subject: { reference: `Patient/${response.patientId}` },
    authored: response.authored.toISOString(),
    ...(item.length ? { item } : {}),
  };
}
