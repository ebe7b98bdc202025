import type { Language } from '@careslot/contracts';

/** What a reminder says, read beforehand by the reminder job (ids stay out of the text; the link carries the id). */
export interface ReminderView {
  language: Language;
  firstName: string;
  withWhom: string;
  /** The visit's date and time in the office's zone, already written in the patient's language. */
  date: string;
  time: string;
  telehealth: boolean;
  /** The office's name and address, for an in-person visit. */
  place: string | null;
  /** The patient portal's page of the appointment. */
  manage: string;
}

export interface ReminderMessage {
  email: { subject: string; body: string };
  sms: string;
}

interface ReminderTexts {
  intlLocale: string;
  subject: string;
  hello: string;
  line: string;
  whereOffice: string;
  whereVideo: string;
  manage: string;
  sms: string;
  emergency: string;
}

/** The reminder's words in the six languages; {name} placeholders. */
export const REMINDER_TEXTS: Record<Language, ReminderTexts> = {
  en: {
    intlLocale: 'en-US',
    subject: 'Reminder: your appointment',
    hello: 'Hello {first},',
    line: 'This is a reminder of your visit with {withWhom} on {date} at {time}.',
    whereOffice: 'Where: {place}',
    whereVideo: 'Where: a video visit on CareSlot',
    manage: "Can't come? Cancel or change it: {url}",
    sms: 'CareSlot reminder: your visit with {withWhom} on {date} at {time}. Details: {url}',
    emergency: 'CareSlot is not for emergencies. In an emergency, call 911.',
  },
  es: {
    intlLocale: 'es-US',
    subject: 'Recordatorio: su cita',
    hello: 'Hola, {first}:',
    line: 'Le recordamos su visita con {withWhom} el {date} a las {time}.',
    whereOffice: 'Dónde: {place}',
    whereVideo: 'Dónde: una visita por video en CareSlot',
    manage: '¿No puede asistir? Cancélela o cámbiela: {url}',
    sms: 'Recordatorio de CareSlot: su visita con {withWhom} el {date} a las {time}. Detalles: {url}',
    emergency: 'CareSlot no es para emergencias. En una emergencia, llame al 911.',
  },
  'zh-CN': {
    intlLocale: 'zh-CN',
    subject: '提醒：您的预约',
    hello: '{first}，您好：',
    line: '提醒您：您与 {withWhom} 的就诊时间为 {date} {time}。',
    whereOffice: '地点：{place}',
    whereVideo: '地点：CareSlot 视频就诊',
    manage: '无法前来？取消或更改预约：{url}',
    sms: 'CareSlot 提醒：您与 {withWhom} 的就诊时间为 {date} {time}。详情：{url}',
    emergency: 'CareSlot 不用于紧急情况。如遇紧急情况，请拨打 911。',
  },
  vi: {
    intlLocale: 'vi-VN',
    subject: 'Nhắc lịch: cuộc hẹn của bạn',
    hello: 'Xin chào {first},',
    line: 'Xin nhắc bạn về buổi khám với {withWhom} vào {date} lúc {time}.',
    whereOffice: 'Địa điểm: {place}',
    whereVideo: 'Địa điểm: khám qua video trên CareSlot',
    manage: 'Không thể đến? Hủy hoặc đổi lịch: {url}',
    sms: 'CareSlot nhắc lịch: buổi khám với {withWhom} vào {date} lúc {time}. Chi tiết: {url}',
    emergency: 'CareSlot không dành cho trường hợp khẩn cấp. Khi khẩn cấp, hãy gọi 911.',
  },
  ko: {
    intlLocale: 'ko-KR',
    subject: '알림: 예약 안내',
    hello: '{first}님, 안녕하세요.',
    line: '{withWhom}와(과)의 진료가 {date} {time}에 예정되어 있음을 알려 드립니다.',
    whereOffice: '장소: {place}',
    whereVideo: '장소: CareSlot 화상 진료',
    manage: '오실 수 없나요? 취소 또는 변경: {url}',
    sms: 'CareSlot 알림: {withWhom}와(과)의 진료 {date} {time}. 자세히: {url}',
    emergency: 'CareSlot은 응급 상황용이 아닙니다. 응급 상황에서는 911에 전화하세요.',
  },
  ja: {
    intlLocale: 'ja-JP',
    subject: 'リマインダー：ご予約について',
    hello: '{first} 様',
    line: '{withWhom} での診察は {date} {time} です。お忘れなくお越しください。',
    whereOffice: '場所：{place}',
    whereVideo: '場所：CareSlot のビデオ診察',
    manage: 'ご都合が悪くなった場合は、キャンセルまたは変更してください：{url}',
    sms: 'CareSlot リマインダー：{withWhom} での診察 {date} {time}。詳細：{url}',
    emergency: 'CareSlot は緊急時にはご利用いただけません。緊急の場合は 911 に電話してください。',
  },
};

export const REMINDER_TEMPLATE = 'appointment-reminder';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The locale the visit's date and time are written in for a language. */
export const reminderLocale = (language: Language) => REMINDER_TEXTS[language].intlLocale;

/**
 * The reminder's e-mail and SMS in the patient's language. The one place its words are chosen: a practice's
 * own e-mail and SMS templates (practice-emails / practice-sms, workflow key of the reminder) plug in here.
 */
export function reminderMessage(view: ReminderView): ReminderMessage {
  const texts = REMINDER_TEXTS[view.language];
  const values = { first: view.firstName, withWhom: view.withWhom, date: view.date, time: view.time, url: view.manage, place: view.place ?? '' };
  const where = view.telehealth ? texts.whereVideo : view.place ? fill(texts.whereOffice, values) : null;
  const body = [fill(texts.hello, values), '', fill(texts.line, values), ...(where ? [where] : []), '', fill(texts.manage, values), '', texts.emergency].join('\n');
  return { email: { subject: `${texts.subject} - CareSlot`, body }, sms: fill(texts.sms, values) };
}
