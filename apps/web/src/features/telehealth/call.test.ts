import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MeshCall, RESTART_AFTER_MS, RESTART_EVERY_MS, type ConnectionHealth } from './call';
import type { MeetingSocket, Signal } from './meetingSocket';

/** A stand-in RTCPeerConnection: the signalling states of the offer/answer exchange, no media. */
class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  restarts = 0;
  offers: RTCOfferOptions[] = [];
  candidates: RTCIceCandidateInit[] = [];
  onicecandidate: ((event: { candidate: null }) => void) | null = null;
  ontrack: (() => void) | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  constructor() {
    FakePeerConnection.made.push(this);
  }
  addTrack() {}
  getSenders() {
    return [];
  }
  restartIce() {
    this.restarts += 1;
  }
  createOffer(options: RTCOfferOptions = {}) {
    this.offers.push(options);
    return Promise.resolve({ type: 'offer', sdp: `offer ${this.offers.length}` });
  }
  createAnswer() {
    return Promise.resolve({ type: 'answer', sdp: 'answer' });
  }
  setLocalDescription(description: { type: RTCSdpType }) {
    this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
    return Promise.resolve();
  }
  setRemoteDescription(description: { type: RTCSdpType }) {
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
    return Promise.resolve();
  }
  addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
    return Promise.resolve();
  }
  close() {
    this.signalingState = 'closed';
  }
  /** The network changes: the ICE state moves and the call hears of it. */
  ice(state: RTCIceConnectionState) {
    this.iceConnectionState = state;
    this.oniceconnectionstatechange?.();
  }
}

function meshOf(me: string) {
  const sent: Omit<Signal, 'From' | 'MeetingId'>[] = [];
  let deliver: (data: Record<string, unknown>) => void = () => undefined;
  const socket = {
    on: (_event: string, listener: (data: Record<string, unknown>) => void) => {
      deliver = listener;
      return () => undefined;
    },
    signal: (signal: Omit<Signal, 'From' | 'MeetingId'>) => sent.push(signal),
  } as unknown as MeetingSocket;
  const health: [string, ConnectionHealth][] = [];
  const call = new MeshCall({
    me,
    socket,
    iceServers: [],
    onRemote: () => undefined,
    onHealth: (id, state) => health.push([id, state]),
  });
  const receive = async (signal: Omit<Signal, 'MeetingId' | 'To'>) => {
    deliver({ MeetingId: 'm', To: me, ...signal });
    await vi.advanceTimersByTimeAsync(0);
  };
  return { call, sent, health, receive };
}

describe('the call recovers a dropped connection by an ICE restart on the same connection (decision 0108)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakePeerConnection.made = [];
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('the offerer restarts ICE after a moment of disconnection, and again while it stays down', async () => {
    const { call, sent, health, receive } = meshOf('a');
    call.setParticipants(['b']);
    await vi.advanceTimersByTimeAsync(0);
    const first = sent.at(-1)!;
    expect(first).toMatchObject({ To: 'b', Kind: 'offer' });
    const lineage = first.Session!.split('.')[0]!;
    expect(first.Session).toBe(`${lineage}.0`);
    await receive({ From: 'b', Kind: 'answer', Sdp: 'answer', Session: `${lineage}.0` });
    const pc = FakePeerConnection.made[0]!;
    pc.ice('connected');

    // The network goes: nothing yet, then a restart of the same connection.
    pc.ice('disconnected');
    expect(health.at(-1)).toEqual(['b', 'reconnecting']);
    await vi.advanceTimersByTimeAsync(RESTART_AFTER_MS - 100);
    expect(sent.filter((s) => s.Kind === 'offer')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.at(-1)).toMatchObject({ Kind: 'offer', Session: `${lineage}.1` });
    expect(pc.restarts).toBe(1);
    expect(pc.offers.at(-1)).toEqual({ iceRestart: true });
    // Still down: the unanswered offer is taken back and ICE restarted again.
    await vi.advanceTimersByTimeAsync(RESTART_EVERY_MS);
    expect(sent.at(-1)).toMatchObject({ Kind: 'offer', Session: `${lineage}.2` });
    // An answer to the older restart is dropped; the current one is taken; it is back.
    await receive({ From: 'b', Kind: 'answer', Sdp: 'answer', Session: `${lineage}.1` });
    expect(pc.signalingState).toBe('have-local-offer');
    await receive({ From: 'b', Kind: 'answer', Sdp: 'answer', Session: `${lineage}.2` });
    expect(pc.signalingState).toBe('stable');
    pc.ice('connected');
    expect(health.at(-1)).toEqual(['b', 'connected']);
    await vi.advanceTimersByTimeAsync(RESTART_EVERY_MS * 3);
    expect(sent.filter((s) => s.Kind === 'offer')).toHaveLength(3);
    expect(FakePeerConnection.made).toHaveLength(1);
  });

  it('the answerer answers a restart on its connection, and a new lineage (a refresh) on a new one', async () => {
    const { sent, receive } = meshOf('b');
    await receive({ From: 'a', Kind: 'offer', Sdp: 'offer', Session: 'L.0' });
    expect(sent.at(-1)).toMatchObject({ To: 'a', Kind: 'answer', Session: 'L.0' });
    await receive({ From: 'a', Kind: 'offer', Sdp: 'offer', Session: 'L.1' });
    expect(sent.at(-1)).toMatchObject({ Kind: 'answer', Session: 'L.1' });
    expect(FakePeerConnection.made).toHaveLength(1);
    await receive({ From: 'a', Kind: 'candidate', Candidate: { candidate: 'c1' }, Session: 'L.1' });
    expect(FakePeerConnection.made[0]!.candidates).toEqual([{ candidate: 'c1' }]);

    await receive({ From: 'a', Kind: 'offer', Sdp: 'offer', Session: 'M.0' });
    expect(FakePeerConnection.made).toHaveLength(2);
    expect(FakePeerConnection.made[0]!.signalingState).toBe('closed');
    // A candidate of the old connection's offer is not added to the new one.
    await receive({ From: 'a', Kind: 'candidate', Candidate: { candidate: 'old' }, Session: 'L.1' });
    expect(FakePeerConnection.made[1]!.candidates).toEqual([]);
    // The answerer never restarts by itself: the offerer does.
    FakePeerConnection.made[1]!.ice('failed');
    await vi.advanceTimersByTimeAsync(RESTART_EVERY_MS * 2);
    expect(sent.filter((s) => s.Kind === 'offer')).toEqual([]);
  });
});
