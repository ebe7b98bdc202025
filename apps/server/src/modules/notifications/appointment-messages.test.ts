import { describe, expect, it } from 'vitest';
import { composeAppointmentMessages, languageOf, type MessageAppointment } from './appointment-messages';

const view = (over: Partial<MessageAppointment> = {}): MessageAppointment => ({
  id: 'a1',
  kind: 'confirmation',
  telehealth: false,
  startTime: '2026-12-07T15:00:00.000Z',
  endTime: '2026-12-07T15:30:00.000Z',
  timeZone: 'America/New_York',
  withWhom: 'Dr. Olivia Bennett, MD',
  place: 'Midtown Family Practice, 425 Lexington Avenue, New York, NY 10017',
  patient: {
    firstName: 'Lucía',
    email: 'lucia@example.com',
    mobile: '+12125550147',
    languages: ['es', 'en'],
  },
  calendarFile: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
  fee: null,
  ...over,
});
const links = {
  manage: 'https://care.example/portal/x',
  confirm: 'https://care.example/appointment-action?c',
  cancel: 'https://care.example/appointment-action?x',
  search: 'https://care.example/provider-search',
};

describe('appointment messages (issue 17 item 9)', () => {
  it("writes a booked visit's e-mail and SMS in the patient's language, dates and all, in the office's zone", () => {
    const [email, sms] = composeAppointmentMessages(view(), links);
    expect(email).toMatchObject({
      channel: 'email',
      to: 'lucia@example.com',
      subject: 'Su cita está confirmada - CareSlot',
      template: 'appointment-confirmation',
    });
    expect(email!.body).toMatch(
      /Su visita con Dr\. Olivia Bennett, MD el lunes, 7 de diciembre de 2026 a las 10:00\sa\.\s?m\. EST está confirmada\./,
    );
    expect(email!.body).toContain('¿Asistirá? Confirme: https://care.example/appointment-action?c');
    expect(email!.attachments).toEqual([
      {
        filename: 'appointment.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      },
    ]);
    expect(sms).toMatchObject({ channel: 'sms', to: '+12125550147', template: 'appointment-confirmation' });
    expect(sms!.body).toMatch(
      /^CareSlot: su visita con Dr\. Olivia Bennett, MD el lunes, 7 de diciembre de 2026 a las 10:00\sa\.\s?m\. EST está confirmada\. Detalles: https:\/\/care\.example\/portal\/x$/,
    );
  });

  it('announces a walk-in on its day without a time, in the e-mail and the SMS (issue 30 item 7)', () => {
    const walkIn = (languages: string[]) =>
      composeAppointmentMessages(view({ walkIn: true, patient: { ...view().patient, languages } }), links);
    const [email, sms] = walkIn(['en']);
    expect(email!.body).toContain(
      'Your visit with Dr. Olivia Bennett, MD on Monday, December 7, 2026 at any time during walk-in hours is confirmed.',
    );
    expect(sms!.body).toContain('on Monday, December 7, 2026 at any time during walk-in hours');
    for (const language of ['en', 'es', 'zh-CN', 'vi', 'ko', 'ja']) {
      const [mail, text] = walkIn([language]);
      expect(mail!.body).not.toMatch(/10[:.]00/);
      expect(text!.body).not.toMatch(/10[:.]00/);
    }
  });

  it('says a request is pending confirmation, and in English for a patient whose languages the product does not speak', () => {
    const [email, sms] = composeAppointmentMessages(
      view({
        kind: 'pending',
        patient: { firstName: 'Ana', email: 'ana@example.com', mobile: '+12125550148', languages: ['fr'] },
      }),
      { ...links, confirm: null },
    );
    expect(email!.subject).toBe('Your appointment request was sent - CareSlot');
    expect(email!.body).toMatch(
      /Your visit with Dr\. Olivia Bennett, MD on Monday, December 7, 2026 at 10:00\sAM EST is pending confirmation\./,
    );
    expect(email!.body).not.toContain('Confirm:');
    expect(sms!.body).toContain('is pending confirmation');
  });

  it("a visit the practice cancels says the office's reason in the SMS too (issue 30, item 18)", () => {
    const patient = { firstName: 'Jo', email: 'jo@example.com', mobile: '+12125550149', languages: ['en'] };
    const [, sms] = composeAppointmentMessages(
      view({ kind: 'cancelled', declineReason: 'The doctor is away', patient }),
      links,
    );
    expect(sms!.body).toContain('is cancelled. Reason: The doctor is away');
    const [, spanish] = composeAppointmentMessages(
      view({
        kind: 'cancelled',
        declineReason: 'El médico no está',
        patient: { ...patient, languages: ['es'] },
      }),
      links,
    );
    expect(spanish!.body).toContain('Motivo: El médico no está');
    // A patient's own cancellation has no office reason: the SMS says none.
    const [, own] = composeAppointmentMessages(view({ kind: 'cancelled', patient }), links);
    expect(own!.body).not.toContain('Reason');
  });

  it("tells what became of a cancelled visit's fee and sends no calendar file", () => {
    const [email, sms] = composeAppointmentMessages(
      view({
        kind: 'cancelled',
        fee: { outcome: 'refunded', amountCents: 7500 },
        patient: { firstName: 'Jo', email: 'jo@example.com', mobile: '+12125550149', languages: ['en'] },
      }),
      links,
    );
    expect(email!.body).toContain('Your visit fee of $75.00 has been refunded to your card.');
    expect(email!.attachments).toBeUndefined();
    expect(sms!.body).toContain('Your visit fee of $75.00 has been refunded to your card.');
    const [kept] = composeAppointmentMessages(
      view({
        kind: 'cancelled',
        fee: { outcome: 'kept', amountCents: 7500 },
        patient: { firstName: 'Jo', email: 'jo@example.com', mobile: null, languages: ['en'] },
      }),
      links,
    );
    expect(kept!.body).toContain(
      "Under the practice's cancellation policy, your visit fee of $75.00 is not refunded.",
    );
  });

  it('sends only the channels the patient has', () => {
    const messages = composeAppointmentMessages(
      view({ patient: { firstName: 'Kim', email: null, mobile: '+12125550150', languages: ['ko'] } }),
      links,
    );
    expect(messages.map((m) => m.channel)).toEqual(['sms']);
    expect(messages[0]!.body).toContain('2026년 12월 7일 월요일');
  });

  it('picks the first of the patient’s languages the product speaks', () => {
    expect(languageOf(['fr', 'vi', 'en'])).toBe('vi');
    expect(languageOf([])).toBe('en');
  });
});
