import type { Language } from '@careslot/contracts';

/** The words of the appointment messages (e-mail and SMS), in the six languages; {name} placeholders. */
export interface MessageTexts {
  intlLocale: string;
  hello: string;
  confirmed: { subject: string; line: string; sms: string };
  pending: { subject: string; line: string; sms: string };
  cancelled: { subject: string; line: string; sms: string };
  whereOffice: string;
  whereVideo: string;
  manage: string;
  confirmLink: string;
  cancelLink: string;
  bookAgain: string;
  attached: string;
  feeRefunded: string;
  feeKept: string;
  emergency: string;
}

export const MESSAGE_TEXTS: Record<Language, MessageTexts> = {
  en: {
    intlLocale: 'en-US',
    hello: 'Hello {first},',
    confirmed: {
      subject: 'Your appointment is confirmed',
      line: 'Your visit with {withWhom} on {date} at {time} is confirmed.',
      sms: 'CareSlot: your visit with {withWhom} on {date} at {time} is confirmed. Details: {manage}',
    },
    pending: {
      subject: 'Your appointment request was sent',
      line: 'Your visit with {withWhom} on {date} at {time} is pending confirmation. Keep an eye out for a confirmation e-mail from the office shortly.',
      sms: "CareSlot: your visit with {withWhom} on {date} at {time} is pending confirmation. We'll let you know. Details: {manage}",
    },
    cancelled: {
      subject: 'Your appointment is cancelled',
      line: 'Your visit with {withWhom} on {date} at {time} is cancelled.',
      sms: 'CareSlot: your visit with {withWhom} on {date} at {time} is cancelled.',
    },
    whereOffice: 'Where: {place}',
    whereVideo: 'Where: a video visit on CareSlot',
    manage: 'Manage your appointment: {url}',
    confirmLink: 'Will you come? Confirm: {url}',
    cancelLink: "Can't come? Cancel: {url}",
    bookAgain: 'Book another time: {url}',
    attached: 'The appointment is attached as a calendar file.',
    feeRefunded: 'Your visit fee of {amount} has been refunded to your card.',
    feeKept: "Under the practice's cancellation policy, your visit fee of {amount} is not refunded.",
    emergency: 'CareSlot is not for emergencies. In an emergency, call 911.',
  },
  es: {
    intlLocale: 'es-US',
    hello: 'Hola, {first}:',
    confirmed: {
      subject: 'Su cita está confirmada',
      line: 'Su visita con {withWhom} el {date} a las {time} está confirmada.',
      sms: 'CareSlot: su visita con {withWhom} el {date} a las {time} está confirmada. Detalles: {manage}',
    },
    pending: {
      subject: 'Se envió su solicitud de cita',
      line: 'Su visita con {withWhom} el {date} a las {time} está pendiente de confirmación. Esté atento a un correo de confirmación del consultorio.',
      sms: 'CareSlot: su visita con {withWhom} el {date} a las {time} está pendiente de confirmación. Le avisaremos. Detalles: {manage}',
    },
    cancelled: {
      subject: 'Su cita está cancelada',
      line: 'Su visita con {withWhom} el {date} a las {time} está cancelada.',
      sms: 'CareSlot: su visita con {withWhom} el {date} a las {time} está cancelada.',
    },
    whereOffice: 'Dónde: {place}',
    whereVideo: 'Dónde: una visita por video en CareSlot',
    manage: 'Administre su cita: {url}',
    confirmLink: '¿Asistirá? Confirme: {url}',
    cancelLink: '¿No puede asistir? Cancele: {url}',
    bookAgain: 'Reserve otro horario: {url}',
    attached: 'La cita va adjunta como archivo de calendario.',
    feeRefunded: 'Se ha reembolsado a su tarjeta el cargo de la visita de {amount}.',
    feeKept:
      'Según la política de cancelación del consultorio, el cargo de la visita de {amount} no se reembolsa.',
    emergency: 'CareSlot no es para emergencias. En una emergencia, llame al 911.',
  },
  'zh-CN': {
    intlLocale: 'zh-CN',
    hello: '{first}，您好：',
    confirmed: {
      subject: '您的预约已确认',
      line: '您与 {withWhom} 在 {date} {time} 的就诊已确认。',
      sms: 'CareSlot：您与 {withWhom} 在 {date} {time} 的就诊已确认。详情：{manage}',
    },
    pending: {
      subject: '您的预约请求已发送',
      line: '您与 {withWhom} 在 {date} {time} 的就诊正在等待确认。请留意诊所稍后发送的确认邮件。',
      sms: 'CareSlot：您与 {withWhom} 在 {date} {time} 的就诊正在等待确认，我们会通知您。详情：{manage}',
    },
    cancelled: {
      subject: '您的预约已取消',
      line: '您与 {withWhom} 在 {date} {time} 的就诊已取消。',
      sms: 'CareSlot：您与 {withWhom} 在 {date} {time} 的就诊已取消。',
    },
    whereOffice: '地点：{place}',
    whereVideo: '地点：CareSlot 视频就诊',
    manage: '管理您的预约：{url}',
    confirmLink: '会按时赴约吗？请确认：{url}',
    cancelLink: '无法赴约？请取消：{url}',
    bookAgain: '预约其他时间：{url}',
    attached: '预约已作为日历文件附上。',
    feeRefunded: '您的就诊费 {amount} 已退还到您的银行卡。',
    feeKept: '根据诊所的取消政策，您的就诊费 {amount} 不予退还。',
    emergency: 'CareSlot 不适用于紧急情况。遇到紧急情况请拨打 911。',
  },
  vi: {
    intlLocale: 'vi-VN',
    hello: 'Xin chào {first},',
    confirmed: {
      subject: 'Lịch hẹn của bạn đã được xác nhận',
      line: 'Lịch khám của bạn với {withWhom} vào {date} lúc {time} đã được xác nhận.',
      sms: 'CareSlot: lịch khám với {withWhom} vào {date} lúc {time} đã được xác nhận. Chi tiết: {manage}',
    },
    pending: {
      subject: 'Yêu cầu đặt lịch của bạn đã được gửi',
      line: 'Lịch khám của bạn với {withWhom} vào {date} lúc {time} đang chờ xác nhận. Hãy để ý e-mail xác nhận từ phòng khám.',
      sms: 'CareSlot: lịch khám với {withWhom} vào {date} lúc {time} đang chờ xác nhận. Chúng tôi sẽ báo cho bạn. Chi tiết: {manage}',
    },
    cancelled: {
      subject: 'Lịch hẹn của bạn đã bị hủy',
      line: 'Lịch khám của bạn với {withWhom} vào {date} lúc {time} đã bị hủy.',
      sms: 'CareSlot: lịch khám với {withWhom} vào {date} lúc {time} đã bị hủy.',
    },
    whereOffice: 'Địa điểm: {place}',
    whereVideo: 'Địa điểm: khám qua video trên CareSlot',
    manage: 'Quản lý lịch hẹn: {url}',
    confirmLink: 'Bạn sẽ đến chứ? Xác nhận: {url}',
    cancelLink: 'Không thể đến? Hủy: {url}',
    bookAgain: 'Đặt giờ khác: {url}',
    attached: 'Lịch hẹn được đính kèm dưới dạng tệp lịch.',
    feeRefunded: 'Phí khám {amount} đã được hoàn lại vào thẻ của bạn.',
    feeKept: 'Theo chính sách hủy của phòng khám, phí khám {amount} không được hoàn lại.',
    emergency: 'CareSlot không dành cho trường hợp khẩn cấp. Khi khẩn cấp, hãy gọi 911.',
  },
  ko: {
    intlLocale: 'ko-KR',
    hello: '{first}님, 안녕하세요.',
    confirmed: {
      subject: '예약이 확인되었습니다',
      line: '{date} {time} {withWhom} 진료가 확인되었습니다.',
      sms: 'CareSlot: {date} {time} {withWhom} 진료가 확인되었습니다. 자세히: {manage}',
    },
    pending: {
      subject: '예약 요청이 전송되었습니다',
      line: '{date} {time} {withWhom} 진료가 확인 대기 중입니다. 곧 병원에서 확인 이메일을 보내 드립니다.',
      sms: 'CareSlot: {date} {time} {withWhom} 진료가 확인 대기 중입니다. 결과를 알려 드리겠습니다. 자세히: {manage}',
    },
    cancelled: {
      subject: '예약이 취소되었습니다',
      line: '{date} {time} {withWhom} 진료가 취소되었습니다.',
      sms: 'CareSlot: {date} {time} {withWhom} 진료가 취소되었습니다.',
    },
    whereOffice: '장소: {place}',
    whereVideo: '장소: CareSlot 화상 진료',
    manage: '예약 관리: {url}',
    confirmLink: '오실 수 있나요? 확인: {url}',
    cancelLink: '오실 수 없나요? 취소: {url}',
    bookAgain: '다른 시간 예약: {url}',
    attached: '예약이 캘린더 파일로 첨부되어 있습니다.',
    feeRefunded: '진료비 {amount}이(가) 카드로 환불되었습니다.',
    feeKept: '병원의 취소 정책에 따라 진료비 {amount}은(는) 환불되지 않습니다.',
    emergency: 'CareSlot은 응급 상황용이 아닙니다. 응급 시 911에 전화하십시오.',
  },
  ja: {
    intlLocale: 'ja-JP',
    hello: '{first} 様',
    confirmed: {
      subject: '予約が確定しました',
      line: '{date} {time} の {withWhom} の受診が確定しました。',
      sms: 'CareSlot: {date} {time} の {withWhom} の受診が確定しました。詳細: {manage}',
    },
    pending: {
      subject: '予約リクエストを送信しました',
      line: '{date} {time} の {withWhom} の受診は確認待ちです。まもなくクリニックから確認メールが届きます。',
      sms: 'CareSlot: {date} {time} の {withWhom} の受診は確認待ちです。結果をお知らせします。詳細: {manage}',
    },
    cancelled: {
      subject: '予約がキャンセルされました',
      line: '{date} {time} の {withWhom} の受診はキャンセルされました。',
      sms: 'CareSlot: {date} {time} の {withWhom} の受診はキャンセルされました。',
    },
    whereOffice: '場所: {place}',
    whereVideo: '場所: CareSlot のビデオ受診',
    manage: '予約の管理: {url}',
    confirmLink: '来院されますか？ 確認: {url}',
    cancelLink: '来院できない場合はキャンセル: {url}',
    bookAgain: '別の時間を予約: {url}',
    attached: '予約はカレンダーファイルとして添付されています。',
    feeRefunded: '受診料 {amount} はカードに返金されました。',
    feeKept: 'クリニックのキャンセルポリシーにより、受診料 {amount} は返金されません。',
    emergency: 'CareSlot は緊急時には使用できません。緊急時は 911 に電話してください。',
  },
};

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
