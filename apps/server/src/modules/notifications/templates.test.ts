import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingResult, PortalAppointment } from '@careslot/contracts';
import { createPatient } from '../patients';
import { bearer, createTestApp, tokenFor, type TestApp } from '../../testing/app';
import { DEMO_PRACTICE_IDS, demoPerson } from '../../seed';
import { renderPracticeMessage } from './templates';

const N = '/careslot-notification/api/v1';
const V2 = '/careslot-appointment-service/api/v2';
const NOW = '2026-11-23T13:40:00Z';
const SLOT = '2026-11-24T15:00:00.000Z';
const [, OTHER_ORG, ORG] = DEMO_PRACTICE_IDS;
type Answer<T> = { data: T; errors?: { field: string; rule: string; message: string }[] };
interface Tpl {
  WorkflowKey: string;
  Language: string;
  Subject?: string;
  Body: string;
  IsCustom: boolean;
  Preview?: { Subject: string | null; Body: string; Html: string | null; Length: number };
}

describe('practice e-mail and SMS templates (issue 18 item 3, decision 0061)', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = bearer(
      await tokenFor(
        t.tokens,
        {
          user_roles: ['practiceadmin'],
          PracticeId: ORG,
          careslot_id: randomUUID(),
          user_type: 'Practitioner',
        },
        86_400,
      ),
    );
    otherAdmin = bearer(
      await tokenFor(
        t.tokens,
        {
          user_roles: ['practiceadmin'],
          PracticeId: OTHER_ORG,
          careslot_id: randomUUID(),
          user_type: 'Practitioner',
        },
        86_400,
      ),
    );
    staff = bearer(
      await tokenFor(
        t.tokens,
        { user_roles: ['staff'], PracticeId: ORG, careslot_id: randomUUID(), user_type: 'Practitioner' },
        86_400,
      ),
    );
  });
  afterAll(() => t.close());

  async function patient(languages: string[], mobile: string) {
    const email = `tpl-${randomUUID().slice(0, 8)}@example.com`;
    const created = await createPatient(t.database, {
      firstName: 'Lucía',
      lastName: 'Tester',
      email,
      emailVerified: true,
      birthDate: '1990-05-01',
      gender: 'Female',
      mobile,
      mobileVerified: true,
      languages,
    });
    const token = await tokenFor(
      t.tokens,
      {
        sub: `sub-${created.Id}`,
        user_roles: ['patient'],
        user_type: 'Patient',
        careslot_id: created.Id,
        email,
      },
      86_400,
    );
    return { id: created.Id, email, token };
  }
  async function schedule(organizationId: string, approval: boolean) {
    const [location] = await t.database.query<{ id: string }>(
      'select id from locations where organization_id = $1 order by name limit 1',
      [organizationId],
    );
    const id = randomUUID();
    await t.database.query(
      `insert into schedules (id, practitioner_id, location_id, time_zone, slot_minutes, capacity, planning_horizon_days, requires_approval) values ($1, $2, $3, 'America/New_York', 30, 4, 60, $4)`,
      [id, demoPerson('provider').id, location!.id, approval],
    );
    for (let weekday = 1; weekday <= 5; weekday += 1)
      await t.database.query(
        'insert into schedule_hours (schedule_id, weekday, start_minute, end_minute) values ($1, $2, 540, 720)',
        [id, weekday],
      );
    return id;
  }
  async function book(who: { id: string; token: string }, calendar: string, reason = 'Knee pain') {
    const res = await t.call<BookingResult>({
      method: 'POST',
      url: `${V2}/Appointments`,
      headers: bearer(who.token),
      payload: {
        CalendarId: calendar,
        StartTime: SLOT,
        AppointmentType: 'Office',
        Participants: [{ Type: 'Patient', ParticipantId: who.id, FirstName: 'Lucía', LastName: 'Tester' }],
        Reasons: [{ Id: null, Name: reason }],
      },
    });
    if (res.statusCode !== 200) throw new Error(`booking answered ${res.statusCode}: ${res.body}`);
    return res.json.data;
  }
  const upsertEmail = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.call<Answer<Tpl>>({ method: 'POST', url: `${N}/practice-emails/upsert`, headers, payload });
  const audits = (workflow: string | null, outcome: string) =>
    t.database.query<{ entity_id: string }>(
      'select entity_id from audit_events where (workflow = $1 or ($1::text is null and workflow is null)) and outcome = $2',
      [workflow, outcome],
    );

  it('serves the built-in texts, and a practice without templates gets them for every key and language', async () => {
    const builtIn = await t.call<Answer<Tpl[]>>({ method: 'GET', url: `${N}/emails`, headers: admin });
    expect(builtIn.json.data).toHaveLength(60);
    expect(
      builtIn.json.data.find((x) => x.WorkflowKey === 'declined' && x.Language === 'es')!.Body,
    ).toContain('{{declineReason}}');
    const sms = await t.call<Answer<Tpl[]>>({
      method: 'GET',
      url: `${N}/sms/practices/${OTHER_ORG}`,
      headers: otherAdmin,
    });
    expect(sms.json.data.every((x) => !x.IsCustom)).toBe(true);
  });

  it('saves a Spanish confirmation, previews it with sample data under the options, and escapes the HTML', async () => {
    const saved = await upsertEmail(admin, {
      OrganizationId: ORG,
      WorkflowKey: 'confirmation',
      Language: 'es',
      Subject: 'Cita confirmada en {{practiceName}}',
      Body: 'Hola {{patientFirstName}} <b>amigo</b>,\nsu cita con {{providerName}} está lista.[[\nFecha: {{appointmentDate}} {{appointmentTime}}]][[\nMotivo: {{reason}}]]',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json.data).toMatchObject({ IsCustom: true, Language: 'es' });
    const detail = await t.call<Answer<{ Templates: Tpl[] }>>({
      method: 'GET',
      url: `${N}/practice-emails/organizations/${ORG}/workflow-key/confirmation?language=es&sendAppointmentDetailsInPatientCommunication=false&hideReasonInNotifications=true`,
      headers: admin,
    });
    expect(detail.statusCode).toBe(200);
    const [es] = detail.json.data.Templates;
    expect(es!.Preview!.Body).toBe(
      'Hola Jordan <b>amigo</b>,\nsu cita con Dr. Olivia Bennett, MD está lista.',
    );
    expect(es!.Preview!.Html).toContain('&lt;b&gt;amigo&lt;/b&gt;');
    expect(es!.Preview!.Subject).toMatch(/^Cita confirmada en .+/);
    const shown = await t.call<Answer<{ Templates: Tpl[] }>>({
      method: 'GET',
      url: `${N}/practice-emails/organizations/${ORG}/workflow-key/confirmation?language=es`,
      headers: admin,
    });
    expect(shown.json.data.Templates[0]!.Preview!.Body).toContain('Motivo: Annual check-up');
    expect(await audits('Notification_Template_Edit_Web', 'success')).not.toHaveLength(0);
  });

  it('refuses unknown placeholders, broken sections and long SMS, naming the field and the rule', async () => {
    const bad = await upsertEmail(admin, {
      OrganizationId: ORG,
      WorkflowKey: 'reminder',
      Language: 'en',
      Subject: 'Hi {{patientName}}',
      Body: 'Body [[ {{link}}',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors).toEqual([
      expect.objectContaining({ field: 'body.Subject', rule: 'placeholder' }),
      expect.objectContaining({ field: 'body.Body', rule: 'syntax' }),
    ]);
    const long = await t.call<Answer<unknown>>({
      method: 'POST',
      url: `${N}/practice-sms/upsert`,
      headers: admin,
      payload: { OrganizationId: ORG, WorkflowKey: 'reminder', Language: 'en', Body: 'x'.repeat(321) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json.errors?.[0]?.field).toBe('body.Body');
    expect(long.json.errors?.[0]?.message).toContain('must be at most 320 characters');
    const key = await t.call<Answer<unknown>>({
      method: 'GET',
      url: `${N}/practice-sms/organizations/${ORG}/workflow-key/birthday`,
      headers: admin,
    });
    expect(key.statusCode).toBe(400);
  });

  it("answers another organization's templates, settings and report with 404 and audits it; staff are refused", async () => {
    const before =
      (await audits(null, 'denied')).length +
      (await audits('Notification_Template_Edit_Web', 'denied')).length;
    const reads = [
      await t.call({ method: 'GET', url: `${N}/emails/practices/${ORG}`, headers: otherAdmin }),
      await t.call({
        method: 'GET',
        url: `${N}/practice-sms/organizations/${ORG}/workflow-key/confirmation`,
        headers: otherAdmin,
      }),
      await t.call({
        method: 'GET',
        url: `${N}/notification/OrganizationSettings/${ORG}`,
        headers: otherAdmin,
      }),
      await upsertEmail(otherAdmin, {
        OrganizationId: ORG,
        WorkflowKey: 'confirmation',
        Language: 'en',
        Subject: 'x',
        Body: 'y',
      }),
      await t.call({
        method: 'POST',
        url: `${N}/smslogsreport`,
        headers: otherAdmin,
        payload: { OrganizationId: ORG, From: '2026-11-01', To: '2026-11-30' },
      }),
    ];
    expect(reads.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const after =
      (await audits(null, 'denied')).length +
      (await audits('Notification_Template_Edit_Web', 'denied')).length;
    expect(after - before).toBe(4);
    expect((await audits('Sms_Log_Report_Web', 'denied')).map((r) => r.entity_id)).toContain(ORG);
    expect(
      (await t.call({ method: 'GET', url: `${N}/emails/practices/${ORG}`, headers: staff })).statusCode,
    ).toBe(403);
  });

  it("sends the practice's Spanish confirmation to a Spanish patient, and the built-in text in another language", async () => {
    const lucia = await patient(['es'], '(917) 555-0161');
    await book(lucia, await schedule(ORG, false));
    const [email] = await t.sent({ to: lucia.email, template: 'appointment-confirmation' });
    expect(email!.subject).toMatch(/^Cita confirmada en .+ - CareSlot$/);
    expect(email!.body).toMatch(
      /^Hola Lucía <b>amigo<\/b>,\nsu cita con .+ está lista\.\nFecha: martes, 24 de noviembre de 2026 10:00/,
    );
    expect(email!.body).toContain('Motivo: Knee pain');
    expect(email).toMatchObject({ organizationId: ORG, workflowKey: 'confirmation' });
    expect(email!.html).toContain('Hola Lucía &lt;b&gt;amigo&lt;/b&gt;');
    // The practice saved no Spanish SMS: the built-in Spanish text.
    const [sms] = await t.sent({ to: '+19175550161', template: 'appointment-confirmation' });
    expect(sms!.body).toMatch(/^CareSlot: su visita con .+ está confirmada\./);

    const ko = await patient(['ko'], '(917) 555-0162');
    await book(ko, await schedule(ORG, false));
    const [koEmail] = await t.sent({ to: ko.email, template: 'appointment-confirmation' });
    expect(koEmail!.subject).toBe('예약이 확인되었습니다 - CareSlot');
  });

  it('writes in the language the patient chose for messages (PatientSettings.PreferredLanguage) over their languages', async () => {
    const en = await patient(['en'], '(917) 555-0165');
    const set = await t.call<Answer<{ PreferredLanguage: string }>>({
      method: 'POST',
      url: `${N}/notification/PatientSettings`,
      headers: bearer(en.token),
      payload: {
        PatientId: en.id,
        TimeZone: 'America/New_York',
        SmsAlertsEnabled: true,
        PreferredLanguage: 'es',
      },
    });
    expect(set.json.data.PreferredLanguage).toBe('es');
    // Saving the settings again without the field keeps the choice.
    await t.call({
      method: 'POST',
      url: `${N}/notification/PatientSettings`,
      headers: bearer(en.token),
      payload: { PatientId: en.id, TimeZone: 'America/Chicago', SmsAlertsEnabled: true },
    });
    await book(en, await schedule(ORG, false));
    const [email] = await t.sent({ to: en.email, template: 'appointment-confirmation' });
    // Spanish: the practice's own text when the test saving it ran first, else the built-in one.
    expect(email!.subject).toMatch(/^(Cita confirmada en .+|Su cita está confirmada) - CareSlot$/);
  });

  it('honours the organization settings: no details, no reason, and a channel switched off', async () => {
    const saved = await t.call<Answer<unknown>>({
      method: 'POST',
      url: `${N}/notification/OrganizationSettings/upsert`,
      headers: admin,
      payload: {
        OrganizationId: ORG,
        SendAppointmentDetailsInPatientCommunication: false,
        HideReasonInNotifications: true,
        EmailEnabled: true,
        SmsEnabled: false,
      },
    });
    expect(saved.statusCode).toBe(200);
    try {
      const en = await patient(['en'], '(917) 555-0163');
      await book(en, await schedule(ORG, false), 'Private matter');
      const [email] = await t.sent({ to: en.email, template: 'appointment-confirmation' });
      expect(email!.body).toMatch(/^Hello Lucía,\n\nYour visit with .+ is confirmed\.\n/);
      expect(email!.body).not.toMatch(/2026|Where:|Private matter/);
      expect(await t.sent({ to: '+19175550163' })).toHaveLength(0);
      const rendered = await renderPracticeMessage(t, {
        organizationId: ORG,
        workflowKey: 'reminder',
        language: 'en',
        values: {
          patientFirstName: 'Al',
          providerName: 'Dr. B',
          appointmentDate: 'Monday',
          appointmentTime: '9:00 AM',
          reason: 'Flu',
        },
      });
      expect(rendered.email!.body).toBe('Hello Al,\n\nThis is a reminder of your visit with Dr. B.');
      expect(rendered.sms).toBeNull();
    } finally {
      await t.call({
        method: 'POST',
        url: `${N}/notification/OrganizationSettings/upsert`,
        headers: admin,
        payload: {
          OrganizationId: ORG,
          SendAppointmentDetailsInPatientCommunication: true,
          HideReasonInNotifications: false,
          EmailEnabled: true,
          SmsEnabled: true,
        },
      });
    }
  });

  it('a declined request tells the patient why, in the event, the message and the portal; accepting sends the accepted message', async () => {
    const jo = await patient(['en'], '(917) 555-0164');
    const declined = await book(jo, await schedule(ORG, true));
    const res = await t.call<Answer<unknown>>({
      method: 'PUT',
      url: `${V2}/OfficeAppointments/${declined}/status?status=Rejected`,
      headers: admin,
      payload: { Reason: 'The provider is away that week' },
    });
    expect(res.statusCode).toBe(200);
    await t.events.drain();
    const [event] = await t.database.query<{ payload: { reason: string } }>(
      "select payload from domain_events where aggregate_id = $1 and payload->>'status' = 'Rejected'",
      [declined],
    );
    expect(event!.payload.reason).toBe('The provider is away that week');
    const [email] = await t.sent({ to: jo.email, template: 'appointment-declined' });
    expect(email!.subject).toBe('Your appointment request was declined - CareSlot');
    expect(email!.body).toContain('Reason given by the office: The provider is away that week');
    expect(email!.attachments).toBeUndefined();
    const [sms] = await t.sent({ to: '+19175550164', template: 'appointment-declined' });
    expect(sms!.body).toContain('Reason: The provider is away that week');
    const portal = await t.call<Answer<PortalAppointment>>({
      method: 'GET',
      url: `${V2}/web/patient-appointments/${declined}`,
      headers: bearer(jo.token),
    });
    expect(portal.json.data).toMatchObject({
      Status: 'Rejected',
      DeclineReason: 'The provider is away that week',
    });

    const accepted = await book(jo, await schedule(ORG, true));
    expect(
      (
        await t.call({
          method: 'PUT',
          url: `${V2}/OfficeAppointments/${accepted}/confirm`,
          headers: admin,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    const [yes] = await t.sent({ to: jo.email, template: 'appointment-accepted' });
    expect(yes!.body).toContain('was accepted. Your visit is scheduled.');
    expect(yes!.body).toContain('Confirm: ');
  });

  it('lists the SMS the practice sent, masked, and downloads and prints them (audited)', async () => {
    const find = await t.call<
      Answer<{ Data: { Recipient: string; WorkflowKey: string; Status: string }[]; Total: number }>
    >({
      method: 'POST',
      url: `${N}/smslogsreport`,
      headers: admin,
      payload: { OrganizationId: ORG, From: '2026-11-01', To: '2026-11-30' },
    });
    expect(find.statusCode).toBe(200);
    expect(find.json.data.Total).toBeGreaterThan(0);
    expect(find.json.data.Data.every((r) => /^\*\*\*-\*\*\*-\d{4}$/.test(r.Recipient))).toBe(true);
    expect(find.json.data.Data.map((r) => r.WorkflowKey)).toContain('declined');
    const found = await t.call<Answer<{ Data: { Recipient: string }[] }>>({
      method: 'POST',
      url: `${N}/smslogsreport`,
      headers: admin,
      payload: { OrganizationId: ORG, From: '2026-11-01', To: '2026-11-30', Search: '0164' },
    });
    expect(found.json.data.Data.length).toBeGreaterThan(0);
    expect(found.json.data.Data.every((r) => r.Recipient.endsWith('0164'))).toBe(true);
    const csv = await t.call({
      method: 'POST',
      url: `${N}/smslogsreport/download`,
      headers: admin,
      payload: { OrganizationId: ORG, From: '2026-11-01', To: '2026-11-30' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('"Sent at (UTC)","Recipient","Workflow key","Status"');
    expect(csv.body).not.toMatch(/\+1917/);
    const print = await t.call({
      method: 'POST',
      url: `${N}/smslogsreport/print`,
      headers: admin,
      payload: { OrganizationId: ORG, From: '2026-11-01', To: '2026-11-30' },
    });
    expect(print.headers['content-type']).toContain('text/html');
    expect(print.body).toContain('<h1>SMS logs</h1>');
    const bad = await t.call<Answer<unknown>>({
      method: 'POST',
      url: `${N}/smslogsreport`,
      headers: admin,
      payload: { OrganizationId: ORG, From: '2026-11-30', To: '2026-11-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json.errors?.[0]?.field).toContain('To');
    expect((await audits('Sms_Log_Report_Web', 'success')).length).toBeGreaterThanOrEqual(3);
  });
});
