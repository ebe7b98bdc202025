import type { MeetingSocket, Signal } from './meetingSocket';

/** At most this many people in one peer-to-peer visit (each sends its media to every other). */
export const MESH_LIMIT = 4;

interface Peer {
  pc: RTCPeerConnection;
  /** The connection's lineage: ICE restarts keep it; a new connection (a refresh) gets a new one. */
  lineage: string;
  /** `<lineage>.<n>`: the offer this connection answers to; older answers and candidates are dropped. */
  session: string;
  restarts: number;
  pending: RTCIceCandidateInit[];
  remoteSet: boolean;
  /** The next ICE restart while the connection stays down. */
  retry: ReturnType<typeof setTimeout> | null;
}

/** How long a connection may stay disconnected before the offerer restarts ICE, and then between tries. */
export const RESTART_AFTER_MS = 2_000;
export const RESTART_EVERY_MS = 5_000;

export type ConnectionHealth = 'connected' | 'reconnecting';

export interface CallOptions {
  me: string;
  socket: MeetingSocket;
  iceServers: RTCIceServer[];
  /** 'relay' forces TURN (strict networks, and the relay test). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  onRemote: (participantId: string, stream: MediaStream | null) => void;
  /** A connection dropped (reconnecting) or came back (connected). */
  onHealth?: (participantId: string, health: ConnectionHealth) => void;
}

const newSession = () => Math.random().toString(36).slice(2, 12);

/**
 * A peer-to-peer mesh (decision 0091): one RTCPeerConnection per other admitted participant. Of each pair the
 * participant with the smaller id offers; the other says hello when it arrives (so an offer sent before it
 * listened is made again). Every offer carries a session id: an answer or candidate of an older one is dropped.
 * When a connection drops (the network went away), the offerer restarts ICE on the same connection, and tries
 * again every few seconds until it is back: media resumes without a new call; the answerer answers the
 * restart on its own connection (same lineage), while an offer of a new lineage (the other side refreshed)
 * replaces it.
 */
export class MeshCall {
  private readonly peers = new Map<string, Peer>();
  private local: MediaStream | null = null;
  private present = new Set<string>();
  private readonly off: (() => void)[] = [];
  /** Signals are handled one at a time, in the order they came. */
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly options: CallOptions) {
    this.off.push(
      options.socket.on('TeleVisitSignal', (data) => {
        this.queue = this.queue.then(() => this.receive(data as unknown as Signal)).catch(() => undefined);
      }),
    );
  }

  setLocalStream(stream: MediaStream | null) {
    this.local = stream;
  }

  /** Replaces the sent track of a kind (device switch, screen share) without renegotiating. */
  async replaceTrack(track: MediaStreamTrack) {
    for (const peer of this.peers.values()) {
      const sender = peer.pc.getSenders().find((s) => s.track?.kind === track.kind);
      if (sender) await sender.replaceTrack(track);
    }
  }

  /** The admitted others now in the call: connect to the new ones, drop the ones who left. */
  setParticipants(ids: string[]) {
    const next = new Set(ids.filter((id) => id !== this.options.me).slice(0, MESH_LIMIT - 1));
    for (const id of [...this.peers.keys()]) if (!next.has(id)) this.drop(id);
    const added = [...next].filter((id) => !this.present.has(id));
    this.present = next;
    for (const id of added) this.greet(id);
  }

  /**
   * After a (re)connection of the socket: a lost offer is made again. A connection still up is left alone; one
   * that is down is restarted by its offerer, and the answerer without a working one says hello.
   */
  reconnected() {
    for (const id of this.present) {
      const peer = this.peers.get(id);
      if (peer && healthy(peer.pc)) continue;
      if (peer && this.offers(id)) this.restart(id);
      else this.greet(id);
    }
  }

  private offers(id: string) {
    return this.options.me < id;
  }

  private greet(id: string) {
    if (this.offers(id)) this.queue = this.queue.then(() => this.offer(id)).catch(() => undefined);
    else this.options.socket.signal({ To: id, Kind: 'hello' });
  }

  private peer(id: string, session: string): Peer {
    this.drop(id, false);
    const pc = new RTCPeerConnection({
      iceServers: this.options.iceServers,
      ...(this.options.iceTransportPolicy ? { iceTransportPolicy: this.options.iceTransportPolicy } : {}),
    });
    const peer: Peer = {
      pc,
      lineage: session.split('.')[0] ?? session,
      session,
      restarts: 0,
      pending: [],
      remoteSet: false,
      retry: null,
    };
    this.local?.getTracks().forEach((track) => pc.addTrack(track, this.local!));
    pc.onicecandidate = (event) => {
      if (event.candidate)
        this.options.socket.signal({
          To: id,
          Kind: 'candidate',
          Candidate: event.candidate.toJSON(),
          // The current offer's: an ICE restart gathers candidates anew under its own session.
          Session: peer.session,
        });
    };
    pc.ontrack = (event) => {
      const [stream] = event.streams;
      this.options.onRemote(id, stream ?? new MediaStream([event.track]));
    };
    pc.oniceconnectionstatechange = () => {
      const state = pc.iceConnectionState;
      if (state === 'connected' || state === 'completed') {
        this.clearRetry(peer);
        this.options.onHealth?.(id, 'connected');
        return;
      }
      if (state !== 'disconnected' && state !== 'failed') return;
      this.options.onHealth?.(id, 'reconnecting');
      // A dropped network: the offerer restarts ICE (at once when it failed, after a moment when it may
      // still come back by itself), and again while it stays down.
      if (this.offers(id) && this.present.has(id) && !peer.retry)
        this.scheduleRestart(id, peer, state === 'failed' ? 0 : RESTART_AFTER_MS);
    };
    this.peers.set(id, peer);
    return peer;
  }

  private scheduleRestart(id: string, peer: Peer, delay: number) {
    this.clearRetry(peer);
    peer.retry = setTimeout(() => {
      peer.retry = null;
      if (this.peers.get(id) !== peer || healthy(peer.pc)) return;
      this.restart(id);
      this.scheduleRestart(id, peer, RESTART_EVERY_MS);
    }, delay);
  }

  private clearRetry(peer: Peer) {
    if (peer.retry) clearTimeout(peer.retry);
    peer.retry = null;
  }

  private restart(id: string) {
    this.queue = this.queue.then(() => this.offer(id, true)).catch(() => undefined);
  }

  /** An offer: on a new connection, or (restart) an ICE restart of the one there is. */
  private async offer(id: string, restart = false) {
    const current = this.peers.get(id);
    let peer: Peer;
    if (restart && current && current.pc.signalingState !== 'closed') {
      peer = current;
      // An offer still unanswered is taken back first.
      if (peer.pc.signalingState === 'have-local-offer')
        await peer.pc.setLocalDescription({ type: 'rollback' });
      peer.session = `${peer.lineage}.${++peer.restarts}`;
      peer.pc.restartIce();
    } else peer = this.peer(id, `${newSession()}.0`);
    const offer = await peer.pc.createOffer(restart ? { iceRestart: true } : {});
    await peer.pc.setLocalDescription(offer);
    this.options.socket.signal({ To: id, Kind: 'offer', Sdp: offer.sdp ?? '', Session: peer.session });
  }

  private async receive(signal: Signal) {
    if (signal.To !== this.options.me) return;
    const from = signal.From;
    switch (signal.Kind) {
      case 'hello':
        if (this.offers(from)) {
          this.present.add(from);
          await this.offer(from);
        }
        return;
      case 'offer': {
        this.present.add(from);
        const session = signal.Session ?? '';
        const current = this.peers.get(from);
        // An ICE restart of the connection there is (same lineage), or a new connection.
        const peer =
          current && current.lineage === session.split('.')[0] && current.pc.signalingState === 'stable'
            ? Object.assign(current, { session })
            : this.peer(from, session);
        await peer.pc.setRemoteDescription({ type: 'offer', sdp: signal.Sdp ?? '' });
        peer.remoteSet = true;
        for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
        const answer = await peer.pc.createAnswer();
        await peer.pc.setLocalDescription(answer);
        this.options.socket.signal({
          To: from,
          Kind: 'answer',
          Sdp: answer.sdp ?? '',
          Session: peer.session,
        });
        return;
      }
      case 'answer': {
        const peer = this.peers.get(from);
        if (!peer || peer.session !== signal.Session || peer.pc.signalingState !== 'have-local-offer') return;
        await peer.pc.setRemoteDescription({ type: 'answer', sdp: signal.Sdp ?? '' });
        peer.remoteSet = true;
        for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
        return;
      }
      case 'candidate': {
        const peer = this.peers.get(from);
        if (!peer || peer.session !== signal.Session || !signal.Candidate) return;
        if (peer.remoteSet) await peer.pc.addIceCandidate(signal.Candidate).catch(() => undefined);
        else peer.pending.push(signal.Candidate);
        return;
      }
      case 'bye':
        this.present.delete(from);
        this.drop(from);
        return;
    }
  }

  private drop(id: string, tell = true) {
    const peer = this.peers.get(id);
    if (!peer) return;
    this.clearRetry(peer);
    peer.pc.onicecandidate = null;
    peer.pc.oniceconnectionstatechange = null;
    peer.pc.ontrack = null;
    peer.pc.close();
    this.peers.delete(id);
    if (tell) this.options.onRemote(id, null);
  }

  /** Leaves: tells the others and closes every connection. */
  close() {
    for (const id of this.present) this.options.socket.signal({ To: id, Kind: 'bye' });
    for (const id of [...this.peers.keys()]) this.drop(id);
    this.off.forEach((off) => off());
  }
}

function healthy(pc: RTCPeerConnection) {
  return pc.iceConnectionState === 'connected' || pc.iceConnectionState === 'completed';
}
