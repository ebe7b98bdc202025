import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_ACTION_PATH } from '@careslot/contracts';
import { actionLink } from '../notifications';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  type TestPractice,
} from '../../testing/factories';
import { createTestPatient } from '../../testing/patients';

const REPORT = '/careslot-appointment-service/api/v2/AppointmentsReport';
const CONFIRMATIONS = '/careslot-notification/api/v1/AppointmentConfirmationLog';
type Page = {
  data: { Data: { PatientName: string; AppointmentId: string; ConfirmedBy?: string }[]; Total: number };
};

/** The rows of a downloaded workbook's first sheet, as text. */
async function sheetRows(file: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (typeof v === 'string' ? v : '')));
  });
  return rows;
}

describe('reports: checked-in appointments (issue 28)', () => {
  let t: TestApp;
  let practice: TestPractice;
  const checkedIn: string[] = [];
  const confirmed: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp({ now: '2026-11-23T12:00:00Z' });
    practice = await createTestPractice(t);
    const start = openTimeAhead(t, practice);
    for (const [index, name] of ['Ada', 'Grace', 'Alan', 'Mary'].entries()) {
      const patient = await createTestPatient(t, name);
      const at = new Date(Date.parse(start) + index * 30 * 60_000).toISOString();
      const id = await bookTestAppointment(t, practice, patient, at);
      if (name === 'Alan') {
        // Confirmed by the practice.
        const res = await t.call({
          method: 'PUT',
          url: `/careslot-appointment-service/api/v2/OfficeAppointments/${id}/status?status=Confirmed`,
          headers: bearer(practice.adminToken),
        });
        expect(res.statusCode, res.body).toBe(200);
        confirmed[id] = 'Practice';
        continue;
      }
      if (name === 'Mary') {
        // Confirmed by the patient, from the message's signed link.
        const link = new URL(actionLink(t.tokens, 'https://care.example', id, 'confirm', new Date(at)));
        const res = await t.call({
          method: 'POST',
          url: APPOINTMENT_ACTION_PATH,
          payload: {
            AppointmentId: id,
            Action: 'confirm',
            Expires: Number(link.searchParams.get('exp')),
            Signature: link.searchParams.get('sig'),
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        confirmed[id] = 'Patient';
        continue;
      }
      const res = await t.call({
        method: 'PUT',
        url: `/careslot-appointment-service/api/v2/OfficeAppointments/${id}/status?status=Checked-In`,
        headers: bearer(practice.adminToken),
      });
      expect(res.statusCode, res.body).toBe(200);
      checkedIn.push(id);
    }
    await t.events.drain();
  });
  afterAll(() => t.close());

  const body = { From: '2026-11-23', To: '2026-11-23' };
  const find = (token: string, extra: Record<string, unknown> = {}) =>
    t.call<Page>({
      method: 'POST',
      url: `${REPORT}/find/checkedin-appointments`,
      headers: bearer(token),
      payload: { ...body, ...extra },
    });

  it('finds the checked-in visits page by page, from the read model the events keep', async () => {
    const first = await find(practice.adminToken, { PageSize: 1, PageNumber: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json.data.Total).toBe(2);
    const second = await find(practice.adminToken, { PageSize: 1, PageNumber: 2 });
    const seen = [...first.json.data.Data, ...second.json.data.Data];
    expect(seen.map((r) => r.AppointmentId).sort()).toEqual([...checkedIn].sort());
    expect(seen.map((r) => r.PatientName).sort()).toEqual(['Ada Tester', 'Grace Tester']);
    const bad = await find(practice.adminToken, { From: '2026-11-24', To: '2026-11-23' });
    expect(bad.statusCode).toBe(400);
  });

  it('downloads the rows as CSV and prints them as a PDF', async () => {
    const csv = await t.call({
      method: 'POST',
      url: `${REPORT}/download/checkedin-appointments`,
      headers: bearer(practice.adminToken),
      payload: body,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Patient","Visit time (UTC)","Checked in at (UTC)","Appointment id"');
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['"Ada Tester"', '"Grace Tester"']);
    const pdf = await t.call({
      method: 'POST',
      url: `${REPORT}/print/checkedin-appointments`,
      headers: bearer(practice.adminToken),
      payload: body,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(pdf.rawPayload.toString('latin1')).toContain('Grace Tester');
  });

  it('downloads the checked-in rows as an Excel workbook whose rows are the visits', async () => {
    const xlsx = await t.call({
      method: 'POST',
      url: `${REPORT}/download/checkedin-appointments`,
      headers: bearer(practice.adminToken),
      payload: { ...body, Format: 'xlsx' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.headers['content-disposition']).toContain('.xlsx');
    const rows = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual(['Patient', 'Visit time (UTC)', 'Checked in at (UTC)', 'Appointment id']);
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual([...checkedIn].sort());
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['Ada Tester', 'Grace Tester']);
  });

  it('reports the confirmed visits, by the patient from the link or by the practice: found, CSV, XLSX and PDF', async () => {
    const found = await t.call<Page>({
      method: 'POST',
      url: `${CONFIRMATIONS}/find`,
      headers: bearer(practice.adminToken),
      payload: { ...body, PageSize: 10 },
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json.data.Total).toBe(2);
    expect(Object.fromEntries(found.json.data.Data.map((r) => [r.AppointmentId, r.ConfirmedBy]))).toEqual(
      confirmed,
    );
    const csv = await t.call({
      method: 'POST',
      url: `${CONFIRMATIONS}/download`,
      headers: bearer(practice.adminToken),
      payload: body,
    });
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      '"Patient","Visit time (UTC)","Confirmed at (UTC)","Confirmed by","Appointment id"',
    );
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['"Alan Tester"', '"Mary Tester"']);
    const xlsx = await t.call({
      method: 'POST',
      url: `${CONFIRMATIONS}/download`,
      headers: bearer(practice.adminToken),
      payload: { ...body, Format: 'xlsx' },
    });
    const rows = await sheetRows(xlsx.rawPayload);
    expect(Object.fromEntries(rows.slice(1).map((r) => [r[4], r[3]]))).toEqual(confirmed);
    const pdf = await t.call({
      method: 'POST',
      url: `${CONFIRMATIONS}/print`,
      headers: bearer(practice.adminToken),
      payload: body,
    });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toContain('Mary Tester');
    // Staff are refused, another practice's admin sees none of it.
    const staff = await createTestPracticeUser(t, practice, ['staff']);
    const asStaff = await t.call({
      method: 'POST',
      url: `${CONFIRMATIONS}/find`,
      headers: bearer(staff.token),
      payload: body,
    });
    expect(asStaff.statusCode).toBe(403);
  });

  it("is the practice admins' only: staff are refused (403), another practice sees none of it (404 by id, empty of its own)", async () => {
    const staff = await createTestPracticeUser(t, practice, ['staff']);
    expect((await find(staff.token)).statusCode).toBe(403);
    const other = await createTestPractice(t);
    expect((await find(other.adminToken, { OrganizationId: practice.OrganizationId })).statusCode).toBe(404);
    expect((await find(other.adminToken)).json.data.Total).toBe(0);
  });

  it('logs a confirmation the practice heard another way (POST AppointmentConfirmationLog), for its admins only', async () => {
    const add = (token: string, AppointmentId: string) =>
      t.call({
        method: 'POST',
        url: CONFIRMATIONS,
        headers: bearer(token),
        payload: { AppointmentId, ConfirmedBy: 'Patient' },
      });
    const [visit] = checkedIn;
    const staff = await createTestPracticeUser(t, practice, ['staff']);
    expect((await add(staff.token, visit!)).statusCode).toBe(403);
    const other = await createTestPractice(t);
    expect((await add(other.adminToken, visit!)).statusCode).toBe(404);
    const added = await add(practice.adminToken, visit!);
    expect(added.statusCode, added.body).toBe(200);
    const page = await t.call<Page>({
      method: 'POST',
      url: `${CONFIRMATIONS}/find`,
      headers: bearer(practice.adminToken),
      payload: body,
    });
    expect(page.json.data.Data.find((r) => r.AppointmentId === visit)).toMatchObject({
      ConfirmedBy: 'Patient',
    });
  });
});
