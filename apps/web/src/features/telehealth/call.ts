import type { MeetingSocket, Signal } from './meetingSocket';

/** At most this many people in one peer-to-peer visit (each sends its media to every other). */
export const MESH_LIMIT = 4;

interface Peer {
  pc: RTCPeerConnection;
  session: string;
  pending: RTCIceCandidateInit[];
  remoteSet: boolean;
}

export interface CallOptions {
  me: string;
  socket: MeetingSocket;
  iceServers: RTCIceServer[];
  /** 'relay' forces TURN (strict networks, and the relay test). */
  iceTransportPolicy?: RTCIceTransportPolicy;
  onRemote: (participantId: string, stream: MediaStream | null) => void;
}

const newSession = () => Math.random().toString(36).slice(2, 12);

/**
 * A peer-to-peer mesh (decision 0091): one RTCPeerConnection per other admitted participant. Of each pair the
 * participant with the smaller id offers; the other says hello when it arrives (so an offer sent before it
 * listened is made again). Every offer carries a session id: an answer or candidate of an older one is dropped.
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

  /** After a (re)connection of the socket: greet everyone again (a lost offer is made again). */
  reconnected() {
    for (const id of this.present) this.greet(id);
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
    const peer: Peer = { pc, session, pending: [], remoteSet: false };
    this.local?.getTracks().forEach((track) => pc.addTrack(track, this.local!));
    pc.onicecandidate = (event) => {
      if (event.candidate)
        this.options.socket.signal({
          To: id,
          Kind: 'candidate',
          Candidate: event.candidate.toJSON(),
          Session: session,
        });
    };
    pc.ontrack = (event) => {
      const [stream] = event.streams;
      this.options.onRemote(id, stream ?? new MediaStream([event.track]));
    };
    pc.onconnectionstatechange = () => {
      // A dropped network: the offerer starts again (an ICE restart with a fresh session).
      if (pc.connectionState === 'failed' && this.offers(id) && this.present.has(id)) void this.offer(id);
    };
    this.peers.set(id, peer);
    return peer;
  }

  private async offer(id: string) {
    const peer = this.peer(id, newSession());
    const offer = await peer.pc.createOffer();
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
        const peer = this.peer(from, signal.Session ?? '');
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
    peer.pc.onicecandidate = null;
    peer.pc.ontrack = null;
    peer.pc.onconnectionstatechange = null;
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
