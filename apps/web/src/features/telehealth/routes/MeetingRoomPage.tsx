import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Badge,
  Button,
  Container,
  FileButton,
  Group,
  Modal,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useBlocker, useSearchParams } from 'react-router';
import { UPLOAD_RULES } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { fileToBase64, uploadProblem } from '../../../shared/files/upload';
import { getSession } from '../../../shared/session/session';
import { guestToken, telehealthApi, type ChatMessage, type Participant, type Visit } from '../api';
import { MeshCall } from '../call';
import { chosenDevices, deviceOptions, openMedia, saveDevices, stopStream, switchedTrack } from '../media';
import { MeetingSocket } from '../meetingSocket';
import classes from '../telehealth.module.css';

/** The spec's guard text (practice-portal.md §2.8), shown in the visitor's language. */
const GUARD_KEY = 'call.guard';

function Video({ stream, label, muted }: { stream: MediaStream; label: string; muted?: boolean }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <figure className={classes.tile}>
      <video
        ref={ref}
        className={classes.video}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        data-remote={muted ? undefined : 'true'}
      />
      <figcaption className={classes.caption}>{label}</figcaption>
    </figure>
  );
}

/**
 * /meeting/room: the virtual waiting room, the provider's view of who waits (with their readiness) and the
 * Admit button, the call itself (peer-to-peer WebRTC, signalled through the meetings hub), the chat, and after
 * the visit the provider's notes or the patient's rating. Leaving or refreshing while the visit has started is
 * guarded with the spec's text.
 */
export function MeetingRoomPage() {
  const { t } = useTranslation('telehealth');
  const [params] = useSearchParams();
  const meetingId = params.get('mId') ?? '';
  const isGuest = params.get('isGuestParticipant') === 'true';
  const [visit, setVisit] = useState<Visit | null>(null);
  const [failed, setFailed] = useState(false);
  const [chat, setChat] = useState<ChatMessage[]>([]);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [remotes, setRemotes] = useState<Record<string, MediaStream>>({});
  const [micOn, setMicOn] = useState(true);
  const [cameraOn, setCameraOn] = useState(true);
  const [sharing, setSharing] = useState<MediaStreamTrack | null>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  /** The chosen camera and microphone during the call (a switch replaces the sent track). */
  const [inUse, setInUse] = useState<{ camera: string | null; microphone: string | null }>({
    camera: null,
    microphone: null,
  });
  /** Whose connection dropped and is being restored (ICE restart). */
  const [reconnecting, setReconnecting] = useState<Record<string, boolean>>({});
  /** Bumped when the call is set up, so it learns who is already there. */
  const [readyTick, setReadyTick] = useState(0);
  const socket = useRef<MeetingSocket | null>(null);
  const call = useRef<MeshCall | null>(null);

  /** When the visit was last read: the waiting times are counted from it. */
  const [readAt, setReadAt] = useState(() => Date.now());
  const refresh = useCallback(
    () =>
      telehealthApi.visit(meetingId, isGuest).then(
        (fresh) => {
          setVisit(fresh);
          setReadAt(Date.now());
        },
        () => setFailed(true),
      ),
    [meetingId, isGuest],
  );
  /** The latest chat read asked for: an older answer arriving after it is dropped. */
  const chatRead = useRef(0);
  const refreshChat = useCallback(() => {
    const read = ++chatRead.current;
    return telehealthApi.chat(meetingId, isGuest).then(
      (messages) => {
        if (read === chatRead.current) setChat(messages);
      },
      () => undefined,
    );
  }, [meetingId, isGuest]);

  // Enter: a patient or guest goes to the waiting room; everyone follows the meeting's events.
  useEffect(() => {
    let cancelled = false;
    void telehealthApi.visit(meetingId, isGuest).then(
      async (opened) => {
        if (cancelled) return;
        const waiting =
          opened.Me.ParticipantType !== 'Practitioner' &&
          (opened.Status === 'Scheduled' || opened.Status === 'Waiting-Room' || opened.Status === 'Started');
        setVisit(
          waiting
            ? await telehealthApi.act(meetingId, opened.Me.ParticipantId, 'WaitingRoom', isGuest)
            : opened,
        );
      },
      () => setFailed(true),
    );
    const meeting = new MeetingSocket(meetingId, () => (isGuest ? guestToken() : getSession().accessToken));
    socket.current = meeting;
    const offs = [
      meeting.on('TeleVisitStatus', () => void refresh()),
      meeting.on('TeleMeetingReadinessCheck', () => void refresh()),
      meeting.on('BroadcastUserChatSession', () => void refreshChat()),
      meeting.onReady(() => {
        call.current?.reconnected();
        void refresh();
        void refreshChat();
      }),
    ];
    void meeting.open();
    void refreshChat();
    return () => {
      cancelled = true;
      offs.forEach((off) => off());
      meeting.close();
      socket.current = null;
    };
  }, [meetingId, isGuest, refresh, refreshChat]);

  const me = visit?.Me;
  const inCall = visit?.Status === 'Started' && me?.State === 'admitted';
  const others = (visit?.Participants ?? []).filter(
    (p) => p.State === 'admitted' && p.ParticipantId !== me?.ParticipantId,
  );
  const othersKey = others.map((p) => p.ParticipantId).join(',');

  const myId = me?.ParticipantId ?? null;
  const relay = params.get('relay') === '1';

  // The call: camera and microphone, ICE servers, one connection per other admitted participant.
  useEffect(() => {
    if (!inCall || !myId || !socket.current) return;
    let stream: MediaStream | null = null;
    let mesh: MeshCall | null = null;
    let cancelled = false;
    const meeting = socket.current;
    void (async () => {
      stream = await openMedia(chosenDevices()).catch(() => new MediaStream());
      const ice = await telehealthApi
        .iceServers(meetingId, isGuest)
        .catch(() => ({ IceServers: [], ExpiresAt: null }));
      if (cancelled) return stopStream(stream);
      setLocal(stream);
      mesh = new MeshCall({
        me: myId,
        socket: meeting,
        iceServers: ice.IceServers,
        ...(relay ? { iceTransportPolicy: 'relay' as const } : {}),
        onHealth: (id, health) => setReconnecting((all) => ({ ...all, [id]: health === 'reconnecting' })),
        onRemote: (id, remote) =>
          setRemotes((all) => {
            const next = { ...all };
            if (remote) next[id] = remote;
            else delete next[id];
            return next;
          }),
      });
      mesh.setLocalStream(stream);
      call.current = mesh;
      setReadyTick((n) => n + 1);
      setInUse({
        camera: stream.getVideoTracks()[0]?.getSettings().deviceId ?? null,
        microphone: stream.getAudioTracks()[0]?.getSettings().deviceId ?? null,
      });
      setDevices(await navigator.mediaDevices.enumerateDevices().catch(() => []));
    })();
    return () => {
      cancelled = true;
      mesh?.close();
      call.current = null;
      stopStream(stream);
      setLocal(null);
      setRemotes({});
      setReconnecting({});
    };
  }, [inCall, myId, meetingId, isGuest, relay]);
  useEffect(() => {
    call.current?.setParticipants(othersKey ? othersKey.split(',') : []);
  }, [othersKey, readyTick]);

  // The spec's guard: no refresh or leaving while the visit is on.
  useEffect(() => {
    if (!inCall) return;
    const guard = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = t(GUARD_KEY);
      return t(GUARD_KEY);
    };
    window.addEventListener('beforeunload', guard);
    return () => window.removeEventListener('beforeunload', guard);
  }, [inCall, t]);
  const blocker = useBlocker(inCall);

  const act = async (participantId: string, action: string) =>
    setVisit(await telehealthApi.act(meetingId, participantId, action, isGuest));
  const logMedia = (action: string) =>
    void telehealthApi.act(meetingId, me!.ParticipantId, action, isGuest).catch(() => undefined);

  const toggleMic = () => {
    const next = !micOn;
    local?.getAudioTracks().forEach((track) => (track.enabled = next));
    setMicOn(next);
    logMedia(next ? 'MicOn' : 'MicOff');
  };
  const toggleCamera = () => {
    const next = !cameraOn;
    local?.getVideoTracks().forEach((track) => (track.enabled = next));
    setCameraOn(next);
    logMedia(next ? 'CameraOn' : 'CameraOff');
  };
  const toggleShare = async () => {
    const camera = local?.getVideoTracks()[0];
    if (sharing) {
      sharing.stop();
      if (camera) await call.current?.replaceTrack(camera);
      setSharing(null);
      logMedia('ScreenShareOff');
      return;
    }
    const screen = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
    const track = screen?.getVideoTracks()[0];
    if (!track) return;
    await call.current?.replaceTrack(track);
    track.onended = () => {
      if (camera) void call.current?.replaceTrack(camera);
      setSharing(null);
    };
    setSharing(track);
    logMedia('ScreenShareOn');
  };

  // A device switch mid-call: a new track from the chosen device replaces the sent one on every connection
  // (no renegotiation); a screen being shared stays what the others see until sharing stops.
  const switchDevice = async (kind: 'audio' | 'video', deviceId: string | null) => {
    if (!local || !deviceId) return;
    const track = await switchedTrack(local, kind, deviceId).catch(() => null);
    if (!track) return;
    if (!(kind === 'video' && sharing)) await call.current?.replaceTrack(track);
    const next = { ...inUse, [kind === 'video' ? 'camera' : 'microphone']: deviceId };
    setInUse(next);
    saveDevices({ ...chosenDevices(), ...next });
    logMedia('DeviceChanged');
  };
  const lost = others.some((p) => reconnecting[p.ParticipantId]);

  if (failed)
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {t('readiness.loadFailed')}
        </Alert>
      </Container>
    );
  if (!visit || !me) return null;

  const host = me.ParticipantType === 'Practitioner';
  const typeLabel = (p: Pick<Participant, 'ParticipantType'>) =>
    p.ParticipantType === 'Patient'
      ? t('host.patient')
      : p.ParticipantType === 'Guest'
        ? t('host.guest')
        : t('host.provider');
  const closed = visit.Status === 'Ended' || visit.Status === 'Expired';

  return (
    <Container size="xl" py="md" className={classes.page}>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {inCall ? t('call.title') : host ? t('host.waitingTitle') : t('waiting.title')}
          </Title>
          <Badge size="lg" variant="light" aria-live="polite">
            {t('host.status', { status: t(`statuses.${visit.Status}`) })}
          </Badge>
        </Group>
        {inCall && (
          <Alert color="blue" variant="light">
            {t(GUARD_KEY)}
          </Alert>
        )}

        {closed ? (
          <AfterVisit visit={visit} host={host} isGuest={isGuest} />
        ) : (
          <div className={classes.layout}>
            <Stack gap="md" className={classes.main}>
              {!inCall && !host && me.State !== 'left' && (
                <Paper withBorder p="lg" radius="md" role="status">
                  <Title order={2} size="h4">
                    {t('waiting.title')}
                  </Title>
                  <Text>{t('waiting.message')}</Text>
                </Paper>
              )}
              {me.State === 'left' && (
                <Paper withBorder p="lg" radius="md">
                  <Text>{t('call.left')}</Text>
                  <Button mt="sm" onClick={() => void act(me.ParticipantId, 'WaitingRoom')}>
                    {t('call.rejoin')}
                  </Button>
                </Paper>
              )}
              {inCall && (
                <>
                  <div className={classes.grid}>
                    {local && <Video stream={local} label={t('call.you')} muted />}
                    {others.map((p) =>
                      remotes[p.ParticipantId] ? (
                        <Video
                          key={p.ParticipantId}
                          stream={remotes[p.ParticipantId]!}
                          label={t('call.remoteVideo', { who: typeLabel(p) })}
                        />
                      ) : (
                        <figure key={p.ParticipantId} className={classes.tile}>
                          <Text className={classes.caption}>
                            {typeLabel(p)}: {t('call.connecting')}
                          </Text>
                        </figure>
                      ),
                    )}
                  </div>
                  {lost && (
                    <Alert color="yellow" role="status">
                      {t('call.reconnecting')}
                    </Alert>
                  )}
                  <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('call.title')}>
                    <Button variant="default" onClick={toggleMic} aria-pressed={!micOn}>
                      {micOn ? t('call.mute') : t('call.unmute')}
                    </Button>
                    <Button variant="default" onClick={toggleCamera} aria-pressed={!cameraOn}>
                      {cameraOn ? t('call.cameraOff') : t('call.cameraOn')}
                    </Button>
                    {'getDisplayMedia' in navigator.mediaDevices && (
                      <Button variant="default" onClick={() => void toggleShare()} aria-pressed={!!sharing}>
                        {sharing ? t('call.stopShare') : t('call.share')}
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      color="red.9"
                      onClick={() => void act(me.ParticipantId, 'Leave')}
                    >
                      {t('call.leave')}
                    </Button>
                    {host && (
                      <Button color="red.9" onClick={() => void act(me.ParticipantId, 'End')}>
                        {t('call.end')}
                      </Button>
                    )}
                  </Group>
                  <Group gap="sm" wrap="wrap" align="flex-end" role="group" aria-label={t('call.devices')}>
                    <Select
                      label={t('readiness.camera')}
                      data={deviceOptions(devices, 'videoinput', t('readiness.defaultDevice'))}
                      value={inUse.camera}
                      onChange={(id) => void switchDevice('video', id)}
                      allowDeselect={false}
                      className={classes.deviceSelect}
                    />
                    <Select
                      label={t('readiness.microphone')}
                      data={deviceOptions(devices, 'audioinput', t('readiness.defaultDevice'))}
                      value={inUse.microphone}
                      onChange={(id) => void switchDevice('audio', id)}
                      allowDeselect={false}
                      className={classes.deviceSelect}
                    />
                  </Group>
                </>
              )}
              {host && (
                <WaitingList
                  visit={visit}
                  now={readAt}
                  typeLabel={typeLabel}
                  onAdmit={(id) => act(id, 'Admit')}
                />
              )}
              {host && <InviteGuest visit={visit} />}
            </Stack>
            <ChatPanel
              messages={chat}
              me={me.ParticipantId}
              typeLabel={(id) => {
                const p = visit.Participants.find((x) => x.ParticipantId === id);
                return p ? typeLabel(p) : '';
              }}
              onSend={async (text) => {
                await telehealthApi.sendChat(meetingId, text, isGuest);
                await refreshChat();
              }}
              onSendFile={async (file) => {
                await telehealthApi.sendFile(meetingId, file, isGuest);
                await refreshChat();
              }}
              onDownload={async (file) => {
                const link = document.createElement('a');
                link.href = URL.createObjectURL(await telehealthApi.downloadFile(file.FileId, isGuest));
                link.download = file.Name;
                link.click();
                URL.revokeObjectURL(link.href);
              }}
            />
          </div>
        )}
      </Stack>
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('call.title')}
        centered
      >
        <Text role="alert">{t(GUARD_KEY)}</Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => blocker.reset?.()}>{t('call.stay')}</Button>
        </Group>
      </Modal>
    </Container>
  );
}

function WaitingList({
  visit,
  now,
  typeLabel,
  onAdmit,
}: {
  visit: Visit;
  now: number;
  typeLabel: (p: Participant) => string;
  onAdmit: (participantId: string) => Promise<void>;
}) {
  const { t } = useTranslation('telehealth');
  const waiting = visit.Participants.filter((p) => p.State === 'waiting');
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="xs">
        {t('host.waitingTitle')}
      </Title>
      {waiting.length === 0 ? (
        <Text c="dimmed">{t('host.nobodyWaiting')}</Text>
      ) : (
        <ul className={classes.list} aria-label={t('host.waitingTitle')}>
          {waiting.map((p) => {
            const minutes = p.WaitingSince
              ? Math.max(0, Math.floor((now - new Date(p.WaitingSince).getTime()) / 60_000))
              : 0;
            return (
              <li key={p.ParticipantId} className={classes.waitingRow}>
                <Stack gap={2}>
                  <Text fw={500}>{typeLabel(p)}</Text>
                  <Text size="sm" c="dimmed">
                    {t('host.waitingFor', { minutes })} ·{' '}
                    {p.Ready === null ? t('host.notChecked') : p.Ready ? t('host.ready') : t('host.notReady')}
                  </Text>
                </Stack>
                <Button onClick={() => void onAdmit(p.ParticipantId)}>
                  {t('host.admit', { who: typeLabel(p) })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Paper>
  );
}

function InviteGuest({ visit }: { visit: Visit }) {
  const { t } = useTranslation('telehealth');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await telehealthApi.invite(visit.MeetingId, visit.Me.ParticipantId, email);
      setSent(true);
      setEmail('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    }
  };
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={(e) => void submit(e)}>
      <Title order={2} size="h4" mb="xs">
        {t('host.inviteTitle')}
      </Title>
      <Group align="flex-end" wrap="wrap">
        <TextInput
          type="email"
          required
          label={t('host.inviteEmail')}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setSent(false);
          }}
          error={error}
        />
        <Button type="submit">{t('host.invite')}</Button>
      </Group>
      {sent && (
        <Text role="status" size="sm" mt="xs">
          {t('host.invited')}
        </Text>
      )}
    </Paper>
  );
}

function ChatPanel({
  messages,
  me,
  typeLabel,
  onSend,
  onSendFile,
  onDownload,
}: {
  messages: ChatMessage[];
  me: string;
  typeLabel: (participantId: string) => string;
  onSend: (text: string) => Promise<void>;
  onSendFile: (file: { Name: string; ContentType: string; Data: string }) => Promise<void>;
  onDownload: (file: NonNullable<ChatMessage['File']>) => Promise<void>;
}) {
  const { t } = useTranslation('telehealth');
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attach = async (file: File | null) => {
    setFileError(null);
    if (!file) return;
    const problem = uploadProblem(file);
    if (problem) return setFileError(t(`chat.${problem}`));
    setSending(true);
    try {
      await onSendFile({ Name: file.name, ContentType: file.type, Data: await fileToBase64(file) });
    } catch (failure) {
      setFileError(failure instanceof ApiError ? failure.message : t('chat.fileFailed'));
    } finally {
      setSending(false);
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const message = text.trim();
    if (!message) return;
    await onSend(message);
    setText('');
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      className={classes.chat}
      component="section"
      aria-label={t('chat.title')}
    >
      <Title order={2} size="h4" mb="xs">
        {t('chat.title')}
      </Title>
      <div role="log" aria-live="polite">
        <ol className={classes.messages}>
          {messages.length === 0 && (
            <li>
              <Text c="dimmed" size="sm">
                {t('chat.empty')}
              </Text>
            </li>
          )}
          {messages.map((m) => (
            <li key={m.Id} className={m.SenderId === me ? classes.mine : undefined}>
              <Text size="xs" c="dimmed">
                {m.SenderId === me ? t('chat.fromYou') : t('chat.from', { who: typeLabel(m.SenderId) })}
              </Text>
              {m.File ? (
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => void onDownload(m.File!).catch(() => setFileError(t('chat.downloadFailed')))}
                >
                  {t('chat.download', { name: m.File.Name })}
                </Button>
              ) : (
                <Text size="sm">{m.Message}</Text>
              )}
            </li>
          ))}
        </ol>
      </div>
      <form onSubmit={(e) => void submit(e)}>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('chat.label')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maxLength={2000}
            style={{ flex: 1 }}
          />
          <Button type="submit">{t('chat.send')}</Button>
        </Group>
      </form>
      <Group gap="xs" mt="xs" wrap="wrap">
        <FileButton onChange={(f) => void attach(f)} accept={UPLOAD_RULES.contentTypes.join(',')}>
          {(props) => (
            <Button {...props} variant="default" size="sm" loading={sending}>
              {t('chat.attach')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('chat.fileRules')}
        </Text>
      </Group>
      {fileError && (
        <Text role="alert" c="red.9" size="sm" mt="xs">
          {fileError}
        </Text>
      )}
    </Paper>
  );
}

function AfterVisit({ visit, host, isGuest }: { visit: Visit; host: boolean; isGuest: boolean }) {
  const { t } = useTranslation('telehealth');
  const [notes, setNotes] = useState('');
  const [rating, setRating] = useState<string>('');
  const [comment, setComment] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const saveNotes = async (skip: boolean) => {
    await telehealthApi.summary(visit.MeetingId, skip ? { Skipped: true } : { Notes: notes });
    setDone(skip ? t('after.notesSkipped') : t('after.notesSaved'));
  };
  const rate = async (skip: boolean) => {
    await telehealthApi.rate(
      visit.MeetingId,
      skip ? { Skipped: true } : { Rating: Number(rating), ...(comment ? { Comment: comment } : {}) },
      isGuest,
    );
    setDone(t('after.thanks'));
  };
  return (
    <Paper withBorder p="lg" radius="md" maw={640}>
      <Stack gap="sm">
        <Text fw={500}>{visit.Status === 'Expired' ? t('after.expired') : t('after.ended')}</Text>
        {done ? (
          <Text role="status">{done}</Text>
        ) : host ? (
          <>
            <Title order={2} size="h4">
              {t('after.notesTitle')}
            </Title>
            <Textarea
              label={t('after.notesLabel')}
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              autosize
              minRows={4}
              maxLength={8000}
            />
            <Group>
              <Button onClick={() => void saveNotes(false)} disabled={!notes.trim()}>
                {t('after.saveNotes')}
              </Button>
              <Button variant="subtle" onClick={() => void saveNotes(true)}>
                {t('after.skipNotes')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Title order={2} size="h4">
              {t('after.rateTitle')}
            </Title>
            <Radio.Group label={t('after.rating')} value={rating} onChange={setRating}>
              <Group gap="sm" mt="xs">
                {[1, 2, 3, 4, 5].map((n) => (
                  <Radio key={n} value={String(n)} label={t('after.stars', { count: n })} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea
              label={t('after.comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={2000}
            />
            <Group>
              <Button onClick={() => void rate(false)} disabled={!rating}>
                {t('after.submit')}
              </Button>
              <Button variant="subtle" onClick={() => void rate(true)}>
                {t('after.skip')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
