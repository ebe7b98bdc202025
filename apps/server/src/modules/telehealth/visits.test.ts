import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SUBSCRIBE_EVENT, type RealtimeMessage } from '@careslot/contracts';
import { bearer, createTestApp, type TestApp } from '../../testing/app';
import {
  bookTestAppointment,
  createTestPractice,
  createTestPracticeUser,
  openTimeAhead,
  practiceAdmin,
  type TestPractice,
  type TestPracticeUser,
} from '../../testing/factories';
import { createTestPatient, type TestPatient } from '../../testing/patients';

const V2 = '/careslot-appointment-service/api/v2';
const TURN_SECRET = 'turn-secret-for-tests-only-0123456789';

interface Visit {
  MeetingId: string;
  Status: string;
  Me: { ParticipantId: string; ParticipantType: string; State: string | null };
  Participants: { ParticipantId: string; ParticipantType: string; State: string; Ready: boolean | null }[];
  SummaryNotes: string | null;
}

describe('video visits: participants only, statuses, invitations, chat, TURN credentials (decision 0091)', () => {
  let t: TestApp;
  let origin: string;
  let practice: TestPractice;
  let provider: TestPracticeUser;
  let staff: TestPracticeUser;
  let patient: TestPatient;
  let other: TestPatient;
  let meetingId: string;
  let otherMeetingId: string;
  let mine: string;
  let theirs: string;
  let guestToken: string;
  let guestId: string;
  let otherGuestToken: string;
  const sockets: Socket[] = [];

  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    t.call<{ data: T }>({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  const teleVisit = async (appointmentId: string) => {
    await t.database.query("update appointments set appointment_type = 'TeleHealth' where id = $1", [
      appointmentId,
    ]);
  };
  const act = (token: string, participant: string, action: string, meeting = meetingId) =>
    call<Visit>('PUT', `${V2}/TeleVisits/${meeting}/participants/${participant}/action/${action}`, token);
  const inviteLink = async (token: string, meeting: string, email: string) => {
    const invited = await call<{ ParticipantId: string }>(
      'POST',
      `${V2}/TeleVisits/${meeting}/participants/${provider.id}/invitations?contactMethod=email&contactDetail=${encodeURIComponent(email)}`,
      token,
    );
    expect(invited.statusCode, invited.body).toBe(200);
    const [message] = await t.sent({ to: email, template: 'tele-visit-invitation' });
    const link = /https?:\/\/\S+/.exec(message!.body)![0];
    return { link, guestId: invited.json.data.ParticipantId, token: link.split('#token=')[1]! };
  };

  beforeAll(async () => {
    t = await createTestApp({
      now: '2026-11-23T13:40:00Z',
      env: {
        TELEHEALTH_ICE_URLS: 'stun:127.0.0.1:3478,turn:127.0.0.1:3478?transport=udp',
        TELEHEALTH_TURN_SECRET: TURN_SECRET,
        TELEHEALTH_TURN_TTL_SECONDS: '600',
      },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    practice = await createTestPractice(t);
    provider = await practiceAdmin(t, practice);
    staff = await createTestPracticeUser(t, practice, ['staff']);
    patient = await createTestPatient(t, 'Quinn');
    other = await createTestPatient(t, 'Sasha');
    mine = await bookTestAppointment(t, practice, patient, openTimeAhead(t, practice, 2));
    theirs = await bookTestAppointment(t, practice, other, openTimeAhead(t, practice, 3));
    await teleVisit(mine);
    await teleVisit(theirs);
    const visit = await call<Visit>('POST', `${V2}/TeleVisits/details`, patient.token, {
      AppointmentId: mine,
    });
    expect(visit.statusCode, visit.body).toBe(200);
    meetingId = visit.json.data.MeetingId;
    expect(visit.json.data.Me).toMatchObject({ ParticipantId: patient.id, ParticipantType: 'Patient' });
    // The appointment carries the meeting id from now on.
    const appointment = await call<{ VirtualServiceDetail: { MeetingId: string } }>(
      'GET',
      `${V2}/Appointments/${mine}`,
      patient.token,
    );
    expect(appointment.json.data.VirtualServiceDetail.MeetingId).toBe(meetingId);
    otherMeetingId = (
      await call<Visit>('POST', `${V2}/TeleVisits/details`, other.token, { AppointmentId: theirs })
    ).json.data.MeetingId;
    // The other patient asking for this patient's visit is answered as if it did not exist.
    expect(
      (await call('POST', `${V2}/TeleVisits/details`, other.token, { AppointmentId: mine })).statusCode,
    ).toBe(404);
  }, 120_000);
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  const socketOf = async (token: string, rooms: string[]) => {
    const socket = connect(`${origin}/hubs/meetings`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const joined = ((await socket.emitWithAck(SUBSCRIBE_EVENT, { rooms })) as { rooms: string[] }).rooms;
    return { socket, joined };
  };
  const nextSignal = (socket: Socket) =>
    new Promise<RealtimeMessage>((resolve) => socket.once('TeleVisitSignal', resolve));

  it('records readiness and moves Scheduled → Waiting-Room → Started, announcing each status to the meeting and the practice', async () => {
    const readiness = await call<{ Ready: boolean }>('POST', `${V2}/TeleVisitsDevice`, patient.token, {
      MeetingId: meetingId,
      ParticipantId: patient.id,
      AudioInputDeviceId: 'mic-1',
      VideoInputDeviceId: 'cam-1',
      AudioOk: true,
      VideoOk: true,
      NetworkOk: true,
      RoundTripMs: 12,
      BandwidthKbps: 4000,
    });
    expect(readiness.statusCode, readiness.body).toBe(200);
    expect(readiness.json.data.Ready).toBe(true);
    // Someone else's readiness cannot be recorded in a patient's name.
    expect(
      (
        await call('POST', `${V2}/TeleVisitsDevice`, other.token, {
          MeetingId: meetingId,
          ParticipantId: other.id,
          AudioOk: true,
        })
      ).statusCode,
    ).toBe(404);

    const { socket: practiceSocket } = await socketOf(staff.token, [`meeting:${meetingId}`]);
    const statuses: RealtimeMessage[] = [];
    practiceSocket.on('TeleVisitStatus', (m: RealtimeMessage) => statuses.push(m));

    const waiting = await act(patient.token, patient.id, 'WaitingRoom');
    expect(waiting.statusCode, waiting.body).toBe(200);
    expect(waiting.json.data.Status).toBe('Waiting-Room');
    // The staff sees who waits and that they are ready.
    const seen = await call<Visit>('GET', `${V2}/TeleVisits/${meetingId}`, staff.token);
    expect(seen.json.data.Participants).toEqual([
      expect.objectContaining({ ParticipantId: patient.id, State: 'waiting', Ready: true }),
    ]);
    // A patient cannot admit, nor act for someone else.
    expect((await act(patient.token, patient.id, 'Admit')).statusCode).toBe(404);
    expect((await act(other.token, other.id, 'WaitingRoom')).statusCode).toBe(404);
    // Starting and ending are the provider's: staff may admit, not end.
    expect((await act(staff.token, staff.id, 'End')).statusCode).toBe(403);

    const admitted = await act(provider.token, patient.id, 'Admit');
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json.data.Status).toBe('Started');
    expect(admitted.json.data.Participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ ParticipantId: patient.id, State: 'admitted' }),
        expect.objectContaining({ ParticipantId: provider.id, State: 'admitted' }),
      ]),
    );
    await expect.poll(() => statuses.map((m) => m.data.Status)).toEqual(['Waiting-Room', 'Started']);
  });

  it("shows the practice's dashboards and calendars each visit's status, to the practice's users only", async () => {
    const statuses = (token: string, ids: string[]) =>
      call<{ AppointmentId: string; Status: string; Waiting: number }[]>(
        'POST',
        `${V2}/TeleVisits/statuses`,
        token,
        { AppointmentIds: ids },
      );
    const seen = await statuses(staff.token, [mine, theirs]);
    expect(seen.statusCode, seen.body).toBe(200);
    const byAppointment = Object.fromEntries(seen.json.data.map((s) => [s.AppointmentId, s]));
    expect(byAppointment[mine]).toMatchObject({ Status: 'Started', Waiting: 0 });
    expect(byAppointment[theirs]).toMatchObject({ Status: 'Scheduled', Waiting: 0 });
    // The other patient waits: the count says so.
    expect((await act(other.token, other.id, 'WaitingRoom', otherMeetingId)).statusCode).toBe(200);
    const again = await statuses(provider.token, [theirs]);
    expect(again.json.data).toEqual([
      expect.objectContaining({ AppointmentId: theirs, Status: 'Waiting-Room', Waiting: 1 }),
    ]);
    // A patient, or a user of another practice, learns nothing.
    expect((await statuses(patient.token, [mine])).statusCode).toBe(404);
    const elsewhere = await practiceAdmin(t, await createTestPractice(t));
    const stranger = await statuses(elsewhere.token, [mine, theirs]);
    expect(stranger.statusCode, stranger.body).toBe(200);
    expect(stranger.json.data).toEqual([]);
    // Each answer is one list row naming the patients shown.
    const rows = await t.database.query<{ patient_ids: string[] }>(
      `select patient_ids from audit_events where entity_type = 'TelehealthMeeting' and action = 'search'
        and outcome = 'success' and actor_id = $1 order by id`,
      [staff.id],
    );
    expect(rows.at(-1)?.patient_ids.sort()).toEqual([patient.id, other.id].sort());
  });

  it('relays signalling only between admitted participants of the visit; strangers and other guests cannot join or signal', async () => {
    const room = `meeting:${meetingId}`;
    const providerSide = await socketOf(provider.token, [room]);
    const patientSide = await socketOf(patient.token, [room]);
    expect(providerSide.joined).toEqual([room]);
    expect(patientSide.joined).toEqual([room]);

    const arriving = nextSignal(providerSide.socket);
    const answer: unknown = await patientSide.socket.emitWithAck('TeleVisitSignal', {
      MeetingId: meetingId,
      To: provider.id,
      Kind: 'offer',
      Sdp: 'v=0 fake offer',
    });
    expect(answer).toEqual({ ok: true });
    expect((await arriving).data).toMatchObject({
      From: patient.id,
      To: provider.id,
      Kind: 'offer',
      Sdp: 'v=0 fake offer',
    });

    // Another visit's patient: no room, no signal.
    const stranger = await socketOf(other.token, [room]);
    expect(stranger.joined).toEqual([]);
    expect(
      await stranger.socket.emitWithAck('TeleVisitSignal', {
        MeetingId: meetingId,
        To: provider.id,
        Kind: 'offer',
        Sdp: 'x',
      }),
    ).toEqual({ error: 'forbidden' });

    // A guest invited to the other visit: its token opens that meeting only.
    otherGuestToken = (await inviteLink(provider.token, otherMeetingId, 'guest-other@example.com')).token;
    const otherGuest = await socketOf(otherGuestToken, [room, `meeting:${otherMeetingId}`]);
    expect(otherGuest.joined).toEqual([`meeting:${otherMeetingId}`]);
    expect(
      await otherGuest.socket.emitWithAck('TeleVisitSignal', {
        MeetingId: meetingId,
        To: provider.id,
        Kind: 'candidate',
        Candidate: { candidate: 'x' },
      }),
    ).toEqual({ error: 'forbidden' });
  });

  it('invites a guest by e-mail through the outbox; the link admits to this meeting only, after the waiting room', async () => {
    const invited = await inviteLink(provider.token, meetingId, 'interpreter@example.com');
    guestToken = invited.token;
    guestId = invited.guestId;
    expect(invited.link).toContain(`/meeting/uri?mId=${meetingId}`);
    expect(invited.link).toContain('pType=Guest');
    // A patient cannot invite.
    expect(
      (
        await call(
          'POST',
          `${V2}/TeleVisits/${meetingId}/participants/${patient.id}/invitations?contactMethod=email&contactDetail=a%40b.co`,
          patient.token,
        )
      ).statusCode,
    ).toBe(404);
    // A bad address is named.
    const bad = await call(
      'POST',
      `${V2}/TeleVisits/${meetingId}/participants/${provider.id}/invitations?contactMethod=email&contactDetail=nope`,
      provider.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('contactDetail');

    const guestView = await call<Visit>('GET', `${V2}/TeleVisits/${meetingId}`, guestToken);
    expect(guestView.statusCode, guestView.body).toBe(200);
    expect(guestView.json.data.Me).toMatchObject({ ParticipantId: guestId, ParticipantType: 'Guest' });
    expect(guestView.json.data.SummaryNotes).toBeNull();
    expect((await call('GET', `${V2}/TeleVisits/${meetingId}`, otherGuestToken)).statusCode).toBe(404);
    // The guest waits, then is admitted and may signal.
    expect((await act(guestToken, guestId, 'WaitingRoom')).json.data.Me.State).toBe('waiting');
    const guestSide = await socketOf(guestToken, [`meeting:${meetingId}`]);
    expect(
      await guestSide.socket.emitWithAck('TeleVisitSignal', {
        MeetingId: meetingId,
        To: provider.id,
        Kind: 'offer',
        Sdp: 'x',
      }),
    ).toEqual({ error: 'forbidden' });
    expect((await act(provider.token, guestId, 'Admit')).statusCode).toBe(200);
    expect(
      await guestSide.socket.emitWithAck('TeleVisitSignal', {
        MeetingId: meetingId,
        To: provider.id,
        Kind: 'offer',
        Sdp: 'x',
      }),
    ).toEqual({ ok: true });
  });

  it("writes the invitation in the patient's language, by e-mail or SMS", async () => {
    await t.database.query("update patients set languages = '{es}' where id = $1", [other.id]);
    const sms = await call(
      'POST',
      `${V2}/TeleVisits/${otherMeetingId}/participants/${provider.id}/invitations?contactMethod=phoneNo&contactDetail=${encodeURIComponent('+1 212 555 0147')}`,
      provider.token,
    );
    expect(sms.statusCode, sms.body).toBe(200);
    const email = await inviteLink(provider.token, otherMeetingId, 'familia@example.com');
    expect(email.link).toContain(`/meeting/uri?mId=${otherMeetingId}`);
    const [mail] = await t.sent({ to: 'familia@example.com', template: 'tele-visit-invitation' });
    expect(mail!.subject).toBe('Está invitado a unirse a una videoconsulta');
    expect(mail!.body).toMatch(/^Está invitado a unirse a una videoconsulta\. .*https?:\/\/\S+#token=/);
    const texts = (await t.sent({ template: 'tele-visit-invitation' })).filter((m) => m.channel === 'sms');
    expect(texts.map((m) => m.body)).toEqual([
      expect.stringMatching(/^CareSlot: está invitado a una videoconsulta\. .*\/meeting\/uri\?/),
    ]);
  });

  it("keeps the chat to the visit's participants", async () => {
    const sent = await call<{ Id: string }>('POST', `${V2}/chatsession`, patient.token, {
      MeetingId: meetingId,
      Message: 'Hello doctor',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await call('POST', `${V2}/chatsession`, guestToken, {
      MeetingId: meetingId,
      Message: 'Interpreter here',
    });
    const read = await call<{ Message: string; SenderType: string }[]>(
      'POST',
      `${V2}/chatsession/batch`,
      provider.token,
      { MeetingId: meetingId },
    );
    expect(read.json.data.map((m) => [m.SenderType, m.Message])).toEqual([
      ['Patient', 'Hello doctor'],
      ['Guest', 'Interpreter here'],
    ]);
    for (const token of [other.token, otherGuestToken]) {
      expect(
        (await call('POST', `${V2}/chatsession/batch`, token, { MeetingId: meetingId })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `${V2}/chatsession`, token, { MeetingId: meetingId, Message: 'hi' })).statusCode,
      ).toBe(404);
    }
    expect((await call('POST', `${V2}/chatsession/batch`, null, { MeetingId: meetingId })).statusCode).toBe(
      401,
    );
  });

  it('sends files in the chat: the other participants download them, nobody else; the upload rules answer 400', async () => {
    const pdf = Buffer.from('%PDF-1.4\n% a lab result\n%%EOF\n');
    const sent = await call<{
      Id: string;
      Message: string;
      File: { FileId: string; Name: string; Size: number };
    }>('POST', `${V2}/chatsession/files`, patient.token, {
      MeetingId: meetingId,
      File: { Name: 'lab result.pdf', ContentType: 'application/pdf', Data: pdf.toString('base64') },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json.data).toMatchObject({
      Message: 'lab result.pdf',
      File: { Name: 'lab result.pdf', Size: pdf.length },
    });
    const fileId = sent.json.data.File.FileId;
    // The chat lists it with the messages, for the practice and the guest alike.
    const read = await call<{ Message: string; File: { FileId: string } | null }[]>(
      'POST',
      `${V2}/chatsession/batch`,
      guestToken,
      { MeetingId: meetingId },
    );
    expect(read.json.data.filter((m) => m.File).map((m) => [m.Message, m.File!.FileId])).toEqual([
      ['lab result.pdf', fileId],
    ]);
    for (const token of [provider.token, guestToken, patient.token]) {
      const got = await t.call({
        method: 'GET',
        url: `${V2}/chatsession/files/${fileId}`,
        headers: bearer(token),
      });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toBe('attachment; filename="lab%20result.pdf"');
      expect(got.rawPayload.equals(pdf)).toBe(true);
    }
    // A patient of another visit, a guest of another meeting: as if it did not exist.
    for (const token of [other.token, otherGuestToken])
      expect(
        (await t.call({ method: 'GET', url: `${V2}/chatsession/files/${fileId}`, headers: bearer(token) }))
          .statusCode,
      ).toBe(404);
    expect((await t.call({ method: 'GET', url: `${V2}/chatsession/files/${fileId}` })).statusCode).toBe(401);
    const history = await call<{ Activity: string }[]>(
      'GET',
      `${V2}/TeleVisitsHistory/${meetingId}`,
      provider.token,
    );
    expect(history.json.data.map((a) => a.Activity)).toEqual(
      expect.arrayContaining(['FileUploaded', 'FileDownloaded']),
    );

    const upload = (File: object, token = provider.token) =>
      call('POST', `${V2}/chatsession/files`, token, { MeetingId: meetingId, File });
    const rule = (res: Awaited<ReturnType<typeof upload>>) => {
      expect(res.statusCode, res.body).toBe(400);
      return res.body;
    };
    // A type outside the rules, bytes that are not what they claim, more than 5 MB.
    expect(rule(await upload({ Name: 'a.txt', ContentType: 'text/plain', Data: 'aGVsbG8=' }))).toContain(
      'file_type',
    );
    expect(
      rule(await upload({ Name: 'a.png', ContentType: 'image/png', Data: pdf.toString('base64') })),
    ).toContain('file_type');
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    big.write('%PDF-');
    expect(
      rule(await upload({ Name: 'big.pdf', ContentType: 'application/pdf', Data: big.toString('base64') })),
    ).toMatch(/5 MB/);
    // Someone else's meeting: 404, nothing stored.
    expect(
      (
        await call('POST', `${V2}/chatsession/files`, other.token, {
          MeetingId: meetingId,
          File: { Name: 'x.pdf', ContentType: 'application/pdf', Data: pdf.toString('base64') },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('hands out TURN credentials that expire (TURN REST), never the secret', async () => {
    const answer = await call<{
      IceServers: { urls: string[]; username?: string; credential?: string }[];
      ExpiresAt: string;
    }>('GET', `${V2}/TeleVisits/${meetingId}/ice-servers`, patient.token);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain(TURN_SECRET);
    const turn = answer.json.data.IceServers.find((s) => s.urls[0]!.startsWith('turn:'))!;
    const [expiry, user] = turn.username!.split(':');
    expect(user).toBe(patient.id);
    expect(Number(expiry)).toBe(Math.floor(t.clock.now().getTime() / 1000) + 600);
    expect(answer.json.data.ExpiresAt).toBe(new Date(Number(expiry) * 1000).toISOString());
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username!).digest('base64'));
    expect(answer.json.data.IceServers[0]).toEqual({ urls: ['stun:127.0.0.1:3478'] });
    expect((await call('GET', `${V2}/TeleVisits/${meetingId}/ice-servers`, other.token)).statusCode).toBe(
      404,
    );
  });

  it('ends with the provider, who writes notes; the patient rates; history records it; a quiet visit expires', async () => {
    const ended = await act(provider.token, provider.id, 'End');
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json.data.Status).toBe('Ended');
    expect((await act(patient.token, patient.id, 'WaitingRoom')).statusCode).toBe(409);
    const notes = await call('PUT', `${V2}/TeleVisits/${meetingId}/summary`, provider.token, {
      Notes: 'Follow up in two weeks.',
    });
    expect(notes.statusCode, notes.body).toBe(200);
    expect(
      (await call('PUT', `${V2}/TeleVisits/${meetingId}/summary`, patient.token, { Notes: 'x' })).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `${V2}/TeleVisitsRating/ratings`, patient.token, {
          MeetingId: meetingId,
          Rating: 5,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `${V2}/TeleVisitsRating/ratings`, other.token, { MeetingId: meetingId, Rating: 1 }))
        .statusCode,
    ).toBe(404);
    const ratings = await call<{ ParticipantId: string; Rating: number }[]>(
      'GET',
      `${V2}/TeleVisitsRating/${meetingId}/ratings`,
      provider.token,
    );
    expect(ratings.json.data).toEqual([expect.objectContaining({ ParticipantId: patient.id, Rating: 5 })]);
    const history = await call<{ Activity: string }[]>(
      'GET',
      `${V2}/TeleVisitsHistory/${meetingId}`,
      provider.token,
    );
    expect(history.json.data.map((a) => a.Activity)).toEqual(
      expect.arrayContaining([
        'ReadinessCheck',
        'WaitingRoom',
        'Admit',
        'GuestInvited',
        'Chat',
        'End',
        'SummaryAdded',
        'ReviewSubmitted',
      ]),
    );
    const staffView = await call<Visit>('GET', `${V2}/TeleVisits/${meetingId}`, staff.token);
    expect(staffView.json.data.SummaryNotes).toBe('Follow up in two weeks.');

    // The other visit: its patient waits, then nobody does anything for longer than the idle time.
    expect((await act(other.token, other.id, 'WaitingRoom', otherMeetingId)).statusCode).toBe(200);
    (t.clock as unknown as { advance(ms: number): void }).advance(31 * 60_000);
    await t.jobs.runDue();
    const expired = await call<Visit>('GET', `${V2}/TeleVisits/${otherMeetingId}`, other.token);
    expect(expired.json.data.Status).toBe('Expired');
  });
});
