import { ALL_REASONS_SERVICE_TYPE, type FormDefinition } from '@careslot/contracts';
import type { Connection } from '../platform/db';
import { insertForm } from '../modules/forms/store';
import { DEMO_PRACTICE_IDS } from './demo';
import { seedId } from './ids';

/** The demo screening form: asked before every booking at every demo practice (all reasons). */
export const DEMO_SCREENING_FORM: FormDefinition = {
  Sections: [
    {
      Key: 'symptoms',
      Title: 'Health screening',
      Description: 'Please answer a few questions before your visit so the office can prepare.',
      Components: [
        {
          Key: 'fever_or_cough',
          Type: 'yes-no',
          Label: 'In the last 14 days, have you had a fever, cough or shortness of breath?',
          Required: true,
        },
        {
          Key: 'symptoms_started',
          Type: 'date',
          Label: 'When did the symptoms start?',
          Required: true,
          ShowWhen: { Key: 'fever_or_cough', In: ['yes'] },
        },
        {
          Key: 'symptom_list',
          Type: 'multi-choice',
          Label: 'Which symptoms do you have?',
          Required: true,
          ShowWhen: { Key: 'fever_or_cough', In: ['yes'] },
          Options: [
            { Value: 'fever', Label: 'Fever' },
            { Value: 'cough', Label: 'Cough' },
            { Value: 'breath', Label: 'Shortness of breath' },
            { Value: 'other', Label: 'Something else' },
          ],
        },
        {
          Key: 'visit_kind',
          Type: 'choice',
          Label: 'Is this visit for a new problem or a follow-up?',
          Required: true,
          Options: [
            { Value: 'new', Label: 'A new problem' },
            { Value: 'follow_up', Label: 'A follow-up' },
            { Value: 'checkup', Label: 'A routine check-up' },
          ],
        },
      ],
    },
    {
      Key: 'consent',
      Title: 'Confirmation',
      Components: [
        {
          Key: 'signature',
          Type: 'signature',
          Label: 'Type your full name to confirm your answers are true',
          Required: true,
          MaxLength: 70,
        },
      ],
    },
  ],
};

/** The demo intake form, filled once booked (the portal shows it); it uses the remaining component types. */
export const DEMO_INTAKE_FORM: FormDefinition = {
  Sections: [
    {
      Key: 'history',
      Title: 'About your visit',
      Components: [
        {
          Key: 'pain_level',
          Type: 'number',
          Label: 'How strong is your pain today (0 none, 10 worst)?',
          Required: true,
          Min: 0,
          Max: 10,
        },
        {
          Key: 'medications',
          Type: 'text',
          Required: false,
          Label: 'Which medicines do you take?',
          MaxLength: 1000,
          Help: 'Name, dose and how often.',
        },
        { Key: 'allergies', Type: 'yes-no', Label: 'Do you have any allergies?', Required: true },
        {
          Key: 'allergy_list',
          Type: 'text',
          Label: 'Which allergies?',
          Required: true,
          MaxLength: 500,
          ShowWhen: { Key: 'allergies', In: ['yes'] },
        },
        {
          Key: 'referral',
          Type: 'file',
          Required: false,
          Label: 'A referral letter, if you have one (picture or PDF, at most 5 MB)',
        },
      ],
    },
  ],
};

/** Demo booking settings per practice and the demo forms (patient-booking.md 4.2, 4.3 step 7). */
export async function seedDemoBookingFlow(connection: Connection): Promise<void> {
  const [first, second] = DEMO_PRACTICE_IDS;
  // First practice: every stage (demographics, insurance with the self-pay options); second: insurance only.
  const settings = (organizationId: string, demographics: boolean) =>
    connection.query(
      `update schedules set collect_patient_demographics = $2, enable_insurance = true
        where location_id in (select id from locations where organization_id = $1)`,
      [organizationId, demographics],
    );
  await settings(first, true);
  await settings(second, false);
  await connection.query(
    'update schedules set enable_self_pay = true where location_id in (select id from locations where organization_id = $1)',
    [first],
  );
  for (const [n, organizationId] of DEMO_PRACTICE_IDS.entries()) {
    await insertForm(connection, {
      id: seedId(`demo:form:screening:${n + 1}`),
      organizationId,
      name: 'Health screening',
      description: 'Asked before every online booking.',
      formType: 'Screening Form',
      definition: DEMO_SCREENING_FORM,
      serviceTypes: [{ ...ALL_REASONS_SERVICE_TYPE }],
    });
    await insertForm(connection, {
      id: seedId(`demo:form:intake:${n + 1}`),
      organizationId,
      name: 'New patient intake',
      description: 'Filled before the visit.',
      formType: 'Intake Form',
      definition: DEMO_INTAKE_FORM,
      serviceTypes: [{ ...ALL_REASONS_SERVICE_TYPE }],
    });
  }
}
