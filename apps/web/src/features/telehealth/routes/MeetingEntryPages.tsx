import { useEffect, useState } from 'react';
import { Alert, Container, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { setGuestToken, telehealthApi } from '../api';

/**
 * The guest link (`uri`, meeting/uri; practice-portal.md §2.8): the invitation's token rides in the address's
 * fragment; it is kept for this tab and the guest goes on to the readiness check, with no account.
 */
export function GuestLinkPage() {
  const { t } = useTranslation('telehealth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  useEffect(() => {
    if (!token || !params.get('mId')) return;
    setGuestToken(token);
    const next = new URLSearchParams(params);
    next.set('isGuestParticipant', 'true');
    next.set('pType', 'Guest');
    void navigate(`/meeting/uri/device-management?${next.toString()}`, { replace: true });
  }, [token, params, navigate]);
  return (
    <Container size="sm" py="xl">
      {token && params.get('mId') ? (
        <Text role="status">{t('entry.opening')}</Text>
      ) : (
        <Alert color="red" role="alert">
          {t('entry.invalid')}
        </Alert>
      )}
    </Container>
  );
}

/** /validate (the 'join televisit' button): the appointment's visit, then its readiness check. */
export function ValidatePage() {
  const { t } = useTranslation('telehealth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const appointmentId = params.get('aptId') ?? params.get('appointmentId');
  useEffect(() => {
    if (!appointmentId) return;
    telehealthApi.visitForAppointment(appointmentId).then(
      (visit) => {
        const next = new URLSearchParams({
          mId: visit.MeetingId,
          aptId: visit.AppointmentId,
          pId: visit.Me.ParticipantId,
          pType: visit.Me.ParticipantType,
          isGuestParticipant: 'false',
        });
        void navigate(`/meeting/device-management?${next.toString()}`, { replace: true });
      },
      () => setFailed(true),
    );
  }, [appointmentId, navigate]);
  return (
    <Container size="sm" py="xl">
      {appointmentId && !failed ? (
        <Text role="status">{t('entry.opening')}</Text>
      ) : (
        <Alert color="red" role="alert">
          {t('entry.invalid')}
        </Alert>
      )}
    </Container>
  );
}
