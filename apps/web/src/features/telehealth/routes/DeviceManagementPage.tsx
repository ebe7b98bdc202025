import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { telehealthApi, type Visit } from '../api';
import {
  deviceOptions,
  chosenDevices,
  meterOf,
  openMedia,
  playTestSound,
  problemOf,
  saveDevices,
  stopStream,
  type MediaProblem,
} from '../media';
import classes from '../telehealth.module.css';

type Network = { state: 'checking' } | { state: 'done'; ms: number; ok: boolean } | { state: 'failed' };

/** The visit the page is for: by its meeting id, or by the appointment (single sign-on, /validate). */
async function loadVisit(params: URLSearchParams, isGuest: boolean): Promise<Visit> {
  const meetingId = params.get('mId');
  const appointmentId = params.get('aptId');
  if (!isGuest && appointmentId) return telehealthApi.visitForAppointment(appointmentId);
  if (!meetingId) throw new Error('no meeting');
  return telehealthApi.visit(meetingId, isGuest);
}

/**
 * /meeting/device-management (practice-portal.md §2.8): the readiness check before a visit. Camera and
 * microphone choice with a live preview and a level meter, a speaker test and a network check; the result is
 * recorded (TeleVisitsDevice) and pushed to the practice, then the participant joins.
 */
export function DeviceManagementPage() {
  const { t } = useTranslation('telehealth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isGuest = params.get('isGuestParticipant') === 'true';
  const [visit, setVisit] = useState<Visit | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [choice, setChoice] = useState(chosenDevices);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem | null>(null);
  const [level, setLevel] = useState(0);
  const [network, setNetwork] = useState<Network>({ state: 'checking' });
  const [attempt, setAttempt] = useState(0);
  const [joining, setJoining] = useState(false);
  const preview = useRef<HTMLVideoElement>(null);

  // The camera and microphone, again whenever a device is chosen or the participant tries again (`attempt`).
  const { camera, microphone } = choice;
  useEffect(() => {
    let current: MediaStream | null = null;
    let cancelled = false;
    openMedia({ camera, microphone }).then(
      async (opened) => {
        if (cancelled) return stopStream(opened);
        current = opened;
        setProblem(null);
        setStream(opened);
        setDevices(await navigator.mediaDevices.enumerateDevices());
      },
      (error: unknown) => {
        if (!cancelled) setProblem(problemOf(error));
      },
    );
    return () => {
      cancelled = true;
      stopStream(current);
    };
  }, [camera, microphone, attempt]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
    if (!stream) return;
    return meterOf(stream, setLevel);
  }, [stream]);

  // The network: the round trip of a few small calls to the server.
  const checkNetwork = useCallback(
    async (meetingId: string) => {
      setNetwork({ state: 'checking' });
      try {
        const times: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const start = performance.now();
          await telehealthApi.visit(meetingId, isGuest);
          times.push(performance.now() - start);
        }
        const ms = Math.round([...times].sort((a, b) => a - b)[1]!);
        setNetwork({ state: 'done', ms, ok: ms < 800 });
      } catch {
        setNetwork({ state: 'failed' });
      }
    },
    [isGuest],
  );

  useEffect(() => {
    loadVisit(params, isGuest).then(
      (opened) => {
        setVisit(opened);
        void checkNetwork(opened.MeetingId);
      },
      () => setLoadFailed(true),
    );
  }, [params, isGuest, checkNetwork]);

  const options = (kind: MediaDeviceKind) => deviceOptions(devices, kind, t('readiness.defaultDevice'));

  const join = async (withMedia: boolean) => {
    if (!visit) return;
    setJoining(true);
    const audioOk = withMedia && !!stream?.getAudioTracks().length;
    const videoOk = withMedia && !!stream?.getVideoTracks().length;
    await telehealthApi
      .readiness(
        {
          MeetingId: visit.MeetingId,
          ParticipantId: visit.Me.ParticipantId,
          AudioInputDeviceId: stream?.getAudioTracks()[0]?.getSettings().deviceId ?? choice.microphone,
          VideoInputDeviceId: stream?.getVideoTracks()[0]?.getSettings().deviceId ?? choice.camera,
          AudioOk: audioOk,
          VideoOk: videoOk,
          NetworkOk: network.state === 'done' && network.ok,
          RoundTripMs: network.state === 'done' ? network.ms : null,
          BandwidthKbps: null,
        },
        isGuest,
      )
      .catch(() => undefined);
    saveDevices(choice);
    stopStream(stream);
    const next = new URLSearchParams(params);
    next.set('mId', visit.MeetingId);
    next.set('aptId', visit.AppointmentId);
    next.set('pId', visit.Me.ParticipantId);
    next.set('pType', visit.Me.ParticipantType);
    void navigate(`${isGuest ? '/meeting/uri' : '/meeting'}/room?${next.toString()}`);
  };

  if (loadFailed)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {t('readiness.loadFailed')}
        </Alert>
      </Container>
    );

  return (
    <Container size="md" py="lg" className={classes.page}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('readiness.title')}
        </Title>
        <Text>{t('readiness.intro')}</Text>
        {problem && (
          <Alert color="orange" role="alert" title={t('readiness.notReady')}>
            <Stack gap="xs">
              <Text size="sm">{t(`readiness.${problem}`)}</Text>
              <Group>
                <Button variant="light" onClick={() => setAttempt((n) => n + 1)}>
                  {t('readiness.retry')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <div className={classes.readinessGrid}>
          <Paper withBorder p="sm" radius="md">
            <video
              ref={preview}
              className={classes.preview}
              autoPlay
              playsInline
              muted
              aria-label={t('readiness.preview')}
            />
          </Paper>
          <Stack gap="sm">
            <Select
              label={t('readiness.camera')}
              data={options('videoinput')}
              value={choice.camera ?? stream?.getVideoTracks()[0]?.getSettings().deviceId ?? null}
              onChange={(camera) => setChoice((c) => ({ ...c, camera }))}
              allowDeselect={false}
            />
            <Select
              label={t('readiness.microphone')}
              data={options('audioinput')}
              value={choice.microphone ?? stream?.getAudioTracks()[0]?.getSettings().deviceId ?? null}
              onChange={(microphone) => setChoice((c) => ({ ...c, microphone }))}
              allowDeselect={false}
            />
            <div>
              <Text size="sm" fw={500} id="mic-level">
                {t('readiness.level')}
              </Text>
              <Progress value={level} aria-labelledby="mic-level" data-testid="mic-level" />
              <Text size="xs" c="dimmed">
                {t('readiness.levelHint')}
              </Text>
            </div>
            {options('audiooutput').length > 0 && (
              <Select
                label={t('readiness.speaker')}
                data={options('audiooutput')}
                value={choice.speaker}
                onChange={(speaker) => setChoice((c) => ({ ...c, speaker }))}
              />
            )}
            <Group>
              <Button variant="default" onClick={() => void playTestSound(choice.speaker)}>
                {t('readiness.testSpeaker')}
              </Button>
            </Group>
            <div role="status" aria-live="polite">
              <Text size="sm" fw={500}>
                {t('readiness.network')}
              </Text>
              <Text size="sm">
                {network.state === 'checking'
                  ? t('readiness.networkChecking')
                  : network.state === 'failed'
                    ? t('readiness.networkFailed')
                    : network.ok
                      ? t('readiness.networkGood', { ms: network.ms })
                      : t('readiness.networkSlow', { ms: network.ms })}
              </Text>
            </div>
            <Group>
              <Badge color={stream && !problem ? 'green' : 'gray'}>
                {stream && !problem ? t('readiness.ready') : t('readiness.notReady')}
              </Badge>
            </Group>
          </Stack>
        </div>
        <Group>
          <Button onClick={() => void join(true)} loading={joining} disabled={!visit || !stream}>
            {t('readiness.continue')}
          </Button>
          {problem && (
            <Button variant="subtle" onClick={() => void join(false)} disabled={!visit || joining}>
              {t('readiness.continueWithout')}
            </Button>
          )}
        </Group>
      </Stack>
    </Container>
  );
}
