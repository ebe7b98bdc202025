import type { Language } from '@careslot/contracts';

/**
 * The words of a guest's invitation to a video visit (e-mail and SMS), in the patient's language (the guest is
 * most often their family or interpreter). `{link}` is the signed join link.
 */
export interface InvitationTexts {
  subject: string;
  body: string;
  sms: string;
}

export const INVITATION_TEXTS: Record<Language, InvitationTexts> = {
  en: {
    subject: 'You are invited to join a video visit',
    body: 'You are invited to join a video visit. Open this link to check your camera and microphone and join: {link}',
    sms: 'CareSlot: you are invited to join a video visit. Check your camera and microphone and join: {link}',
  },
  es: {
    subject: 'Está invitado a unirse a una videoconsulta',
    body: 'Está invitado a unirse a una videoconsulta. Abra este enlace para comprobar su cámara y micrófono y unirse: {link}',
    sms: 'CareSlot: está invitado a una videoconsulta. Compruebe su cámara y micrófono y únase: {link}',
  },
  'zh-CN': {
    subject: '邀请您加入视频就诊',
    body: '邀请您加入视频就诊。请打开此链接检查摄像头和麦克风并加入：{link}',
    sms: 'CareSlot：邀请您加入视频就诊。检查摄像头和麦克风后加入：{link}',
  },
  vi: {
    subject: 'Bạn được mời tham gia buổi khám qua video',
    body: 'Bạn được mời tham gia buổi khám qua video. Mở liên kết này để kiểm tra camera và micrô rồi tham gia: {link}',
    sms: 'CareSlot: bạn được mời tham gia buổi khám qua video. Kiểm tra camera, micrô và tham gia: {link}',
  },
  ko: {
    subject: '화상 진료에 초대되었습니다',
    body: '화상 진료에 초대되었습니다. 이 링크를 열어 카메라와 마이크를 확인하고 참여하세요: {link}',
    sms: 'CareSlot: 화상 진료에 초대되었습니다. 카메라와 마이크를 확인하고 참여하세요: {link}',
  },
  ja: {
    subject: 'ビデオ診療への招待',
    body: 'ビデオ診療に招待されました。このリンクを開いてカメラとマイクを確認し、参加してください：{link}',
    sms: 'CareSlot：ビデオ診療に招待されました。カメラとマイクを確認して参加してください：{link}',
  },
};
