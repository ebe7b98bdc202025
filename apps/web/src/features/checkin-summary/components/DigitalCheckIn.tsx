import { useState } from 'react';
import { Alert, Badge, Button, Group, Image, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CheckInStatus, CustomForm, FormAnswer } from '@careslot/contracts';
import { DRAWN_SIGNATURE_PREFIX } from '@careslot/domain';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { getSession } from '../../../shared/session/session';
import {
  cardPicturePath,
  consentPdfPath,
  downloadWithSession,
  useQrLink,
  useSendLink,
  useVisitCheckIn,
  type DigitalStatus,
} from '../api/digitalCheckIn';

const COLOR: Record<CheckInStatus, string> = {
  'not-sent': 'gray',
  sent: 'blue',
  'in-progress': 'yellow',
  completed: 'teal',
};

function answerText(form: CustomForm, key: string, value: FormAnswer, t: (k: string) => string): string {
  const component = form.Definition.Sections.flatMap((s) => s.Components).find((c) => c.Key === key);
  if (value == null) return '';
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (Array.isArray(value))
    return value.map((v) => component?.Options?.find((o) => o.Value === v)?.Label ?? v).join(', ');
  if (typeof value === 'object') return value.Name;
  const text = String(value);
  return component?.Options?.find((o) => o.Value === text)?.Label ?? text;
}

/** A card picture, fetched with the session (an <img src> would carry no bearer token). */
function CardPicture({ appointmentId, side }: { appointmentId: string; side: 'front' | 'back' }) {
  const { t } = useTranslation('checkinDetails');
  const picture = useQuery({
    queryKey: ['checkin-card', appointmentId, side],
    queryFn: async () => {
      const token = getSession().accessToken;
      const response = await fetch(cardPicturePath(appointmentId, side), {
        headers: token ? { authorization: `bearer ${token}` } : {},
      });
      if (!response.ok) throw new Error(String(response.status));
      return URL.createObjectURL(await response.blob());
    },
    gcTime: 0,
  });
  return picture.data ? <Image src={picture.data} alt={t(`card.${side}`)} maw={240} radius="sm" /> : null;
}

function Details({ appointmentId, patient }: { appointmentId: string; patient: string }) {
  const { t } = useTranslation('checkinDetails');
  const visit = useVisitCheckIn(appointmentId);
  const [error, setError] = useState<string | null>(null);
  if (visit.isPending) return <LoadingSpinner />;
  if (visit.error || !visit.data)
    return (
      <Alert color="red" role="alert">
        {visit.error?.message}
      </Alert>
    );
  const v = visit.data;
  return (
    <Stack gap="md">
      <Group>
        <Badge color={COLOR[v.Status]} variant="light" c="dark.7">
          {t(`status.${v.Status}`)}
        </Badge>
      </Group>
      {v.Insurance && (
        <Stack gap={4}>
          <Title order={3} fz="md">
            {t('insurance')}
          </Title>
          <Text>
            {v.Insurance.CarrierName} · {v.Insurance.MemberId} ·{' '}
            {v.Insurance.IsPolicyHolder ? t('policyHolder') : t('dependent')}
          </Text>
          <Group>
            {v.Insurance.FrontFileId && <CardPicture appointmentId={appointmentId} side="front" />}
            {v.Insurance.BackFileId && <CardPicture appointmentId={appointmentId} side="back" />}
          </Group>
        </Stack>
      )}
      {v.Responses.length === 0 && <Text>{t('noAnswers')}</Text>}
      {v.Responses.map((r) => {
        const form = v.Forms.find((f) => f.Id === r.CustomFormId && (f.Version ?? 1) === r.FormVersion);
        if (!form) return null;
        const components = form.Definition.Sections.flatMap((s) => s.Components).filter(
          (c) => c.Type !== 'display' && r.Components[c.Key] !== undefined,
        );
        return (
          <Stack key={r.Id} gap={4} component="section" aria-label={r.FormName}>
            <Group justify="space-between">
              <Title order={3} fz="md">
                {r.FormName}
              </Title>
              <Badge variant="light" c="dark.7" color={r.Status === 'completed' ? 'teal' : 'yellow'}>
                {t(`response.${r.Status}`)}
              </Badge>
            </Group>
            <Table>
              <Table.Tbody>
                {components.map((c) => {
                  const value = r.Components[c.Key] ?? null;
                  return (
                    <Table.Tr key={c.Key}>
                      <Table.Th scope="row" fw={500}>
                        {c.Label}
                      </Table.Th>
                      <Table.Td>
                        {c.Type === 'signature' &&
                        typeof value === 'string' &&
                        value.startsWith(DRAWN_SIGNATURE_PREFIX) ? (
                          <Image src={value} alt={t('signature')} maw={200} />
                        ) : (
                          answerText(form, c.Key, value, t)
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
            {r.FormType === 'Consent' && r.Status === 'completed' && (
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() =>
                    downloadWithSession(consentPdfPath(r.Id), `${r.FormName} - ${patient}.pdf`).catch(() =>
                      setError(t('downloadFailed')),
                    )
                  }
                >
                  {t('downloadConsent', { name: r.FormName })}
                </Button>
              </Group>
            )}
          </Stack>
        );
      })}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

/** The desk's QR code of a fresh short link: the patient scans it (a kiosk, their own phone) to check in. */
function QrLink({ appointmentId, patient }: { appointmentId: string; patient: string }) {
  const { t } = useTranslation('checkinDetails');
  const qr = useQrLink();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="compact-xs"
        variant="subtle"
        loading={qr.isPending}
        aria-label={t('qrFor', { patient })}
        onClick={() => {
          setOpen(true);
          qr.mutate(appointmentId);
        }}
      >
        {t('qr')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('qrTitle', { patient })}
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Stack gap="sm" align="center">
          {qr.isPending && <LoadingSpinner />}
          {qr.error && (
            <Alert color="red" role="alert">
              {t('qrFailed')}
            </Alert>
          )}
          {qr.data && (
            <>
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.data.QrSvg)}`}
                alt={t('qrAlt')}
                w={240}
                h={240}
              />
              <Text ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }} data-testid="short-url">
                {qr.data.ShortUrl}
              </Text>
              <Text fz="sm" ta="center">
                {t('qrHelp')}
              </Text>
            </>
          )}
        </Stack>
      </Modal>
    </>
  );
}

/** The Check-In Summary's digital check-in cell: the state, send or resend the link, and the answers. */
export function DigitalCheckInCell({
  appointmentId,
  patient,
  status,
}: {
  appointmentId: string;
  patient: string;
  status: DigitalStatus | undefined;
}) {
  const { t } = useTranslation('checkinDetails');
  const send = useSendLink();
  const [open, setOpen] = useState(false);
  const state = status?.Status ?? 'not-sent';
  return (
    <Group gap="xs" wrap="nowrap">
      <Badge
        color={COLOR[state]}
        variant="light"
        c="dark.7"
        aria-label={t('statusOf', { patient, status: t(`status.${state}`) })}
      >
        {t(`status.${state}`)}
      </Badge>
      {state !== 'completed' && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={send.isPending && send.variables === appointmentId}
          onClick={() => send.mutate(appointmentId)}
          aria-label={t(state === 'not-sent' ? 'sendFor' : 'resendFor', { patient })}
        >
          {t(state === 'not-sent' ? 'send' : 'resend')}
        </Button>
      )}
      {state !== 'completed' && <QrLink appointmentId={appointmentId} patient={patient} />}
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => setOpen(true)}
        aria-label={t('answersOf', { patient })}
      >
        {t('answers')}
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('title', { patient })}
        size="lg"
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {open && <Details appointmentId={appointmentId} patient={patient} />}
      </Modal>
    </Group>
  );
}
