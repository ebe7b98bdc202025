import type { Language, WorkflowKey } from '@careslot/contracts';

/**
 * The product's built-in texts of every workflow key (decision 0061): the default template when a practice
 * has saved none. Written with short names that expand to the placeholders ({P} → {{providerName}}, ...);
 * the date, time and links sit in [[sections]] so the practice's options can leave them out cleanly.
 */

interface KeyTexts {
  subject: string;
  line: string;
  sms: string;
}

interface LanguageTexts {
  hello: string;
  where: string;
  reason: string;
  declined: string;
  /** The place of a video visit, put in {{locationAddress}}. */
  videoPlace: string;
  /** A walk-in's time, put in {{appointmentTime}}: a walk-in has none (issue 30 item 7). */
  walkInTime: string;
  keys: Record<WorkflowKey, KeyTexts>;
}

const TEXTS: Record<Language, LanguageTexts> = {
  en: {
    hello: 'Hello {F},',
    where: '[[Where: {A}]]',
    reason: '[[Reason for visit: {R}]]',
    declined: '[[Reason given by the office: {X}]]',
    videoPlace: 'a video visit on CareSlot',
    walkInTime: 'any time during walk-in hours',
    keys: {
      confirmation: {
        subject: 'Your appointment is confirmed',
        line: 'Your visit with {P}[[ on {D} at {T}]] is confirmed.',
        sms: 'CareSlot: your visit with {P}[[ on {D} at {T}]] is confirmed.[[ Details: {L}]]',
      },
      pending: {
        subject: 'Your appointment request was sent',
        line: 'Your visit with {P}[[ on {D} at {T}]] is pending confirmation. Keep an eye out for a confirmation e-mail from the office shortly.',
        sms: "CareSlot: your visit with {P}[[ on {D} at {T}]] is pending confirmation. We'll let you know.[[ Details: {L}]]",
      },
      accepted: {
        subject: 'Your appointment request was accepted',
        line: 'Your request for a visit with {P}[[ on {D} at {T}]] was accepted. Your visit is scheduled.',
        sms: 'CareSlot: your request for a visit with {P}[[ on {D} at {T}]] was accepted.[[ Details: {L}]]',
      },
      declined: {
        subject: 'Your appointment request was declined',
        line: 'Your request for a visit with {P}[[ on {D} at {T}]] was declined.',
        sms: 'CareSlot: your request for a visit with {P}[[ on {D} at {T}]] was declined.[[ Reason: {X}]][[ Book another time: {L}]]',
      },
      cancelled: {
        subject: 'Your appointment is cancelled',
        line: 'Your visit with {P}[[ on {D} at {T}]] is cancelled.',
        sms: 'CareSlot: your visit with {P}[[ on {D} at {T}]] is cancelled.[[ Reason: {X}]]',
      },
      moved: {
        subject: 'Your appointment was moved',
        line: 'Your visit with {P} was moved[[ to {D} at {T}]].',
        sms: 'CareSlot: your visit with {P} was moved[[ to {D} at {T}]].[[ Details: {L}]]',
      },
      reminder: {
        subject: 'Reminder: your upcoming appointment',
        line: 'This is a reminder of your visit with {P}[[ on {D} at {T}]].',
        sms: 'CareSlot reminder: your visit with {P}[[ on {D} at {T}]].[[ Details: {L}]]',
      },
      'check-in-link': {
        subject: 'Check in for your appointment',
        line: 'Save time at the office: check in online for your visit with {P}[[ on {D} at {T}]].[[\nCheck in: {L}]]',
        sms: 'CareSlot: check in online for your visit with {P}[[ on {D} at {T}]].[[ {L}]]',
      },
      survey: {
        subject: 'How was your visit?',
        line: 'Thank you for visiting {N}. Tell us how your visit with {P} went.[[\nTake the survey: {L}]]',
        sms: 'CareSlot: how was your visit with {P}? Tell us:[[ {L}]]',
      },
      'video-visit-link': {
        subject: 'Your video visit link',
        line: 'Your video visit with {P}[[ on {D} at {T}]] is ready to join.[[\nJoin: {L}]]',
        sms: 'CareSlot: join your video visit with {P}[[ on {D} at {T}]].[[ {L}]]',
      },
    },
  },
  es: {
    hello: 'Hola, {F}:',
    where: '[[Dónde: {A}]]',
    reason: '[[Motivo de la visita: {R}]]',
    declined: '[[Motivo indicado por el consultorio: {X}]]',
    videoPlace: 'una visita por video en CareSlot',
    walkInTime: 'horas de atención sin cita',
    keys: {
      confirmation: {
        subject: 'Su cita está confirmada',
        line: 'Su visita con {P}[[ el {D} a las {T}]] está confirmada.',
        sms: 'CareSlot: su visita con {P}[[ el {D} a las {T}]] está confirmada.[[ Detalles: {L}]]',
      },
      pending: {
        subject: 'Se envió su solicitud de cita',
        line: 'Su visita con {P}[[ el {D} a las {T}]] está pendiente de confirmación. Esté atento a un correo de confirmación del consultorio.',
        sms: 'CareSlot: su visita con {P}[[ el {D} a las {T}]] está pendiente de confirmación. Le avisaremos.[[ Detalles: {L}]]',
      },
      accepted: {
        subject: 'Su solicitud de cita fue aceptada',
        line: 'Su solicitud de visita con {P}[[ el {D} a las {T}]] fue aceptada. Su visita está programada.',
        sms: 'CareSlot: su solicitud de visita con {P}[[ el {D} a las {T}]] fue aceptada.[[ Detalles: {L}]]',
      },
      declined: {
        subject: 'Su solicitud de cita fue rechazada',
        line: 'Su solicitud de visita con {P}[[ el {D} a las {T}]] fue rechazada.',
        sms: 'CareSlot: su solicitud de visita con {P}[[ el {D} a las {T}]] fue rechazada.[[ Motivo: {X}]][[ Reserve otro horario: {L}]]',
      },
      cancelled: {
        subject: 'Su cita está cancelada',
        line: 'Su visita con {P}[[ el {D} a las {T}]] está cancelada.',
        sms: 'CareSlot: su visita con {P}[[ el {D} a las {T}]] está cancelada.[[ Motivo: {X}]]',
      },
      moved: {
        subject: 'Su cita fue cambiada',
        line: 'Su visita con {P} se cambió[[ al {D} a las {T}]].',
        sms: 'CareSlot: su visita con {P} se cambió[[ al {D} a las {T}]].[[ Detalles: {L}]]',
      },
      reminder: {
        subject: 'Recordatorio: su próxima cita',
        line: 'Le recordamos su visita con {P}[[ el {D} a las {T}]].',
        sms: 'Recordatorio de CareSlot: su visita con {P}[[ el {D} a las {T}]].[[ Detalles: {L}]]',
      },
      'check-in-link': {
        subject: 'Regístrese para su cita',
        line: 'Ahorre tiempo en el consultorio: regístrese en línea para su visita con {P}[[ el {D} a las {T}]].[[\nRegistrarse: {L}]]',
        sms: 'CareSlot: regístrese en línea para su visita con {P}[[ el {D} a las {T}]].[[ {L}]]',
      },
      survey: {
        subject: '¿Cómo fue su visita?',
        line: 'Gracias por visitar {N}. Cuéntenos cómo fue su visita con {P}.[[\nResponder la encuesta: {L}]]',
        sms: 'CareSlot: ¿cómo fue su visita con {P}? Cuéntenos:[[ {L}]]',
      },
      'video-visit-link': {
        subject: 'El enlace de su visita por video',
        line: 'Su visita por video con {P}[[ el {D} a las {T}]] está lista.[[\nUnirse: {L}]]',
        sms: 'CareSlot: únase a su visita por video con {P}[[ el {D} a las {T}]].[[ {L}]]',
      },
    },
  },
  'zh-CN': {
    hello: '{F}，您好：',
    where: '[[地点：{A}]]',
    reason: '[[就诊原因：{R}]]',
    declined: '[[诊所给出的原因：{X}]]',
    videoPlace: 'CareSlot 视频就诊',
    walkInTime: '接诊时间内（无固定时间）',
    keys: {
      confirmation: {
        subject: '您的预约已确认',
        line: '您与 {P}[[ 在 {D} {T}]] 的就诊已确认。',
        sms: 'CareSlot：您与 {P}[[ 在 {D} {T}]] 的就诊已确认。[[详情：{L}]]',
      },
      pending: {
        subject: '您的预约请求已发送',
        line: '您与 {P}[[ 在 {D} {T}]] 的就诊正在等待确认。请留意诊所稍后发送的确认邮件。',
        sms: 'CareSlot：您与 {P}[[ 在 {D} {T}]] 的就诊正在等待确认，我们会通知您。[[详情：{L}]]',
      },
      accepted: {
        subject: '您的预约请求已被接受',
        line: '您与 {P}[[ 在 {D} {T}]] 的就诊请求已被接受，就诊已安排。',
        sms: 'CareSlot：您与 {P}[[ 在 {D} {T}]] 的就诊请求已被接受。[[详情：{L}]]',
      },
      declined: {
        subject: '您的预约请求被拒绝',
        line: '您与 {P}[[ 在 {D} {T}]] 的就诊请求被拒绝。',
        sms: 'CareSlot：您与 {P}[[ 在 {D} {T}]] 的就诊请求被拒绝。[[原因：{X}]][[ 预约其他时间：{L}]]',
      },
      cancelled: {
        subject: '您的预约已取消',
        line: '您与 {P}[[ 在 {D} {T}]] 的就诊已取消。',
        sms: 'CareSlot：您与 {P}[[ 在 {D} {T}]] 的就诊已取消。[[原因：{X}]]',
      },
      moved: {
        subject: '您的预约已更改',
        line: '您与 {P} 的就诊已更改[[为 {D} {T}]]。',
        sms: 'CareSlot：您与 {P} 的就诊已更改[[为 {D} {T}]]。[[详情：{L}]]',
      },
      reminder: {
        subject: '提醒：您即将到来的预约',
        line: '提醒您与 {P}[[ 在 {D} {T}]] 的就诊。',
        sms: 'CareSlot 提醒：您与 {P}[[ 在 {D} {T}]] 的就诊。[[详情：{L}]]',
      },
      'check-in-link': {
        subject: '为您的预约办理登记',
        line: '节省在诊所的时间：为您与 {P}[[ 在 {D} {T}]] 的就诊在线登记。[[\n登记：{L}]]',
        sms: 'CareSlot：为您与 {P}[[ 在 {D} {T}]] 的就诊在线登记。[[ {L}]]',
      },
      survey: {
        subject: '您的就诊体验如何？',
        line: '感谢您到访 {N}。请告诉我们您与 {P} 的就诊体验。[[\n填写问卷：{L}]]',
        sms: 'CareSlot：您与 {P} 的就诊体验如何？请告诉我们：[[ {L}]]',
      },
      'video-visit-link': {
        subject: '您的视频就诊链接',
        line: '您与 {P}[[ 在 {D} {T}]] 的视频就诊已可加入。[[\n加入：{L}]]',
        sms: 'CareSlot：加入您与 {P}[[ 在 {D} {T}]] 的视频就诊。[[ {L}]]',
      },
    },
  },
  vi: {
    hello: 'Xin chào {F},',
    where: '[[Địa điểm: {A}]]',
    reason: '[[Lý do khám: {R}]]',
    declined: '[[Lý do phòng khám đưa ra: {X}]]',
    videoPlace: 'khám qua video trên CareSlot',
    walkInTime: 'giờ khám không hẹn trước',
    keys: {
      confirmation: {
        subject: 'Lịch hẹn của bạn đã được xác nhận',
        line: 'Lịch khám của bạn với {P}[[ vào {D} lúc {T}]] đã được xác nhận.',
        sms: 'CareSlot: lịch khám với {P}[[ vào {D} lúc {T}]] đã được xác nhận.[[ Chi tiết: {L}]]',
      },
      pending: {
        subject: 'Yêu cầu đặt lịch của bạn đã được gửi',
        line: 'Lịch khám của bạn với {P}[[ vào {D} lúc {T}]] đang chờ xác nhận. Hãy để ý e-mail xác nhận từ phòng khám.',
        sms: 'CareSlot: lịch khám với {P}[[ vào {D} lúc {T}]] đang chờ xác nhận. Chúng tôi sẽ báo cho bạn.[[ Chi tiết: {L}]]',
      },
      accepted: {
        subject: 'Yêu cầu đặt lịch của bạn đã được chấp nhận',
        line: 'Yêu cầu khám với {P}[[ vào {D} lúc {T}]] đã được chấp nhận. Lịch khám đã được xếp.',
        sms: 'CareSlot: yêu cầu khám với {P}[[ vào {D} lúc {T}]] đã được chấp nhận.[[ Chi tiết: {L}]]',
      },
      declined: {
        subject: 'Yêu cầu đặt lịch của bạn bị từ chối',
        line: 'Yêu cầu khám với {P}[[ vào {D} lúc {T}]] đã bị từ chối.',
        sms: 'CareSlot: yêu cầu khám với {P}[[ vào {D} lúc {T}]] đã bị từ chối.[[ Lý do: {X}]][[ Đặt giờ khác: {L}]]',
      },
      cancelled: {
        subject: 'Lịch hẹn của bạn đã bị hủy',
        line: 'Lịch khám của bạn với {P}[[ vào {D} lúc {T}]] đã bị hủy.',
        sms: 'CareSlot: lịch khám với {P}[[ vào {D} lúc {T}]] đã bị hủy.[[ Lý do: {X}]]',
      },
      moved: {
        subject: 'Lịch hẹn của bạn đã được đổi',
        line: 'Lịch khám của bạn với {P} đã được đổi[[ sang {D} lúc {T}]].',
        sms: 'CareSlot: lịch khám với {P} đã được đổi[[ sang {D} lúc {T}]].[[ Chi tiết: {L}]]',
      },
      reminder: {
        subject: 'Nhắc nhở: lịch hẹn sắp tới',
        line: 'Nhắc bạn lịch khám với {P}[[ vào {D} lúc {T}]].',
        sms: 'CareSlot nhắc lịch: khám với {P}[[ vào {D} lúc {T}]].[[ Chi tiết: {L}]]',
      },
      'check-in-link': {
        subject: 'Làm thủ tục cho lịch hẹn',
        line: 'Tiết kiệm thời gian: làm thủ tục trực tuyến cho lịch khám với {P}[[ vào {D} lúc {T}]].[[\nLàm thủ tục: {L}]]',
        sms: 'CareSlot: làm thủ tục trực tuyến cho lịch khám với {P}[[ vào {D} lúc {T}]].[[ {L}]]',
      },
      survey: {
        subject: 'Buổi khám của bạn thế nào?',
        line: 'Cảm ơn bạn đã đến {N}. Hãy cho chúng tôi biết buổi khám với {P} thế nào.[[\nLàm khảo sát: {L}]]',
        sms: 'CareSlot: buổi khám với {P} thế nào? Hãy cho chúng tôi biết:[[ {L}]]',
      },
      'video-visit-link': {
        subject: 'Liên kết khám qua video',
        line: 'Buổi khám qua video với {P}[[ vào {D} lúc {T}]] đã sẵn sàng.[[\nTham gia: {L}]]',
        sms: 'CareSlot: tham gia buổi khám qua video với {P}[[ vào {D} lúc {T}]].[[ {L}]]',
      },
    },
  },
  ko: {
    hello: '{F}님, 안녕하세요.',
    where: '[[장소: {A}]]',
    reason: '[[방문 사유: {R}]]',
    declined: '[[병원이 밝힌 사유: {X}]]',
    videoPlace: 'CareSlot 화상 진료',
    walkInTime: '접수 시간 중(시간 지정 없음)',
    keys: {
      confirmation: {
        subject: '예약이 확인되었습니다',
        line: '[[{D} {T} ]]{P} 진료가 확인되었습니다.',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료가 확인되었습니다.[[ 자세히: {L}]]',
      },
      pending: {
        subject: '예약 요청이 전송되었습니다',
        line: '[[{D} {T} ]]{P} 진료가 확인 대기 중입니다. 곧 병원에서 확인 이메일을 보내 드립니다.',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료가 확인 대기 중입니다. 결과를 알려 드리겠습니다.[[ 자세히: {L}]]',
      },
      accepted: {
        subject: '예약 요청이 수락되었습니다',
        line: '[[{D} {T} ]]{P} 진료 요청이 수락되어 예약되었습니다.',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료 요청이 수락되었습니다.[[ 자세히: {L}]]',
      },
      declined: {
        subject: '예약 요청이 거절되었습니다',
        line: '[[{D} {T} ]]{P} 진료 요청이 거절되었습니다.',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료 요청이 거절되었습니다.[[ 사유: {X}]][[ 다른 시간 예약: {L}]]',
      },
      cancelled: {
        subject: '예약이 취소되었습니다',
        line: '[[{D} {T} ]]{P} 진료가 취소되었습니다.',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료가 취소되었습니다.[[ 사유: {X}]]',
      },
      moved: {
        subject: '예약이 변경되었습니다',
        line: '{P} 진료가[[ {D} {T}(으)로]] 변경되었습니다.',
        sms: 'CareSlot: {P} 진료가[[ {D} {T}(으)로]] 변경되었습니다.[[ 자세히: {L}]]',
      },
      reminder: {
        subject: '알림: 다가오는 예약',
        line: '[[{D} {T} ]]{P} 진료를 알려 드립니다.',
        sms: 'CareSlot 알림: [[{D} {T} ]]{P} 진료가 있습니다.[[ 자세히: {L}]]',
      },
      'check-in-link': {
        subject: '예약 체크인',
        line: '병원에서 시간을 절약하세요: [[{D} {T} ]]{P} 진료를 온라인으로 체크인하세요.[[\n체크인: {L}]]',
        sms: 'CareSlot: [[{D} {T} ]]{P} 진료를 온라인으로 체크인하세요.[[ {L}]]',
      },
      survey: {
        subject: '진료는 어떠셨나요?',
        line: '{N}을(를) 방문해 주셔서 감사합니다. {P} 진료가 어떠셨는지 알려 주세요.[[\n설문 참여: {L}]]',
        sms: 'CareSlot: {P} 진료는 어떠셨나요? 알려 주세요:[[ {L}]]',
      },
      'video-visit-link': {
        subject: '화상 진료 링크',
        line: '[[{D} {T} ]]{P} 화상 진료에 참여할 수 있습니다.[[\n참여: {L}]]',
        sms: 'CareSlot: [[{D} {T} ]]{P} 화상 진료에 참여하세요.[[ {L}]]',
      },
    },
  },
  ja: {
    hello: '{F} 様',
    where: '[[場所: {A}]]',
    reason: '[[受診理由: {R}]]',
    declined: '[[クリニックからの理由: {X}]]',
    videoPlace: 'CareSlot のビデオ受診',
    walkInTime: '受付時間内（時間指定なし）',
    keys: {
      confirmation: {
        subject: '予約が確定しました',
        line: '[[{D} {T} の ]]{P} の受診が確定しました。',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診が確定しました。[[詳細: {L}]]',
      },
      pending: {
        subject: '予約リクエストを送信しました',
        line: '[[{D} {T} の ]]{P} の受診は確認待ちです。まもなくクリニックから確認メールが届きます。',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診は確認待ちです。結果をお知らせします。[[詳細: {L}]]',
      },
      accepted: {
        subject: '予約リクエストが承認されました',
        line: '[[{D} {T} の ]]{P} の受診リクエストが承認され、予約されました。',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診リクエストが承認されました。[[詳細: {L}]]',
      },
      declined: {
        subject: '予約リクエストはお受けできませんでした',
        line: '[[{D} {T} の ]]{P} の受診リクエストはお受けできませんでした。',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診リクエストはお受けできませんでした。[[理由: {X}]][[ 別の時間を予約: {L}]]',
      },
      cancelled: {
        subject: '予約がキャンセルされました',
        line: '[[{D} {T} の ]]{P} の受診はキャンセルされました。',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診はキャンセルされました。[[理由: {X}]]',
      },
      moved: {
        subject: '予約が変更されました',
        line: '{P} の受診は[[ {D} {T} に]]変更されました。',
        sms: 'CareSlot: {P} の受診は[[ {D} {T} に]]変更されました。[[詳細: {L}]]',
      },
      reminder: {
        subject: 'リマインダー: 予約が近づいています',
        line: '[[{D} {T} の ]]{P} の受診のお知らせです。',
        sms: 'CareSlot リマインダー: [[{D} {T} の ]]{P} の受診。[[詳細: {L}]]',
      },
      'check-in-link': {
        subject: '予約のチェックイン',
        line: '来院時の時間を節約: [[{D} {T} の ]]{P} の受診をオンラインでチェックインしてください。[[\nチェックイン: {L}]]',
        sms: 'CareSlot: [[{D} {T} の ]]{P} の受診をオンラインでチェックイン。[[ {L}]]',
      },
      survey: {
        subject: '受診はいかがでしたか？',
        line: '{N} をご利用いただきありがとうございます。{P} の受診はいかがでしたか。[[\nアンケートに回答: {L}]]',
        sms: 'CareSlot: {P} の受診はいかがでしたか？[[ {L}]]',
      },
      'video-visit-link': {
        subject: 'ビデオ受診のリンク',
        line: '[[{D} {T} の ]]{P} のビデオ受診に参加できます。[[\n参加: {L}]]',
        sms: 'CareSlot: [[{D} {T} の ]]{P} のビデオ受診に参加。[[ {L}]]',
      },
    },
  },
};

const SHORT: Record<string, string> = {
  F: 'patientFirstName',
  P: 'providerName',
  N: 'practiceName',
  D: 'appointmentDate',
  T: 'appointmentTime',
  A: 'locationAddress',
  R: 'reason',
  X: 'declineReason',
  L: 'link',
};
const expand = (text: string) =>
  text.replace(/\{([A-Z])\}/g, (whole, letter: string) => (SHORT[letter] ? `{{${SHORT[letter]}}}` : whole));

/** Keys about one visit: the e-mail says where and why. */
const VISIT_KEYS: ReadonlySet<WorkflowKey> = new Set<WorkflowKey>([
  'confirmation',
  'pending',
  'accepted',
  'declined',
  'cancelled',
  'moved',
  'reminder',
  'check-in-link',
]);

/** The built-in e-mail (subject, body) and SMS of a key in a language. */
export function builtInTemplate(
  key: WorkflowKey,
  language: Language,
): { subject: string; body: string; sms: string } {
  const texts = TEXTS[language];
  const words = texts.keys[key];
  const lines = [texts.hello, '', words.line];
  if (VISIT_KEYS.has(key)) lines.push(texts.where, texts.reason);
  if (key === 'declined' || key === 'cancelled') lines.push(texts.declined);
  return { subject: expand(words.subject), body: expand(lines.join('\n')), sms: expand(words.sms) };
}

/** The phrase put in {{locationAddress}} for a video visit. */
export const videoPlaceOf = (language: Language) => TEXTS[language].videoPlace;
export const walkInTimeOf = (language: Language) => TEXTS[language].walkInTime;
