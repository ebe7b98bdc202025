/** The devices chosen on the readiness page, kept for the tab so the visit opens with them. */
const DEVICES_KEY = 'careslot_meeting_devices';

export interface ChosenDevices {
  camera: string | null;
  microphone: string | null;
  speaker: string | null;
}

export function saveDevices(devices: ChosenDevices) {
  sessionStorage.setItem(DEVICES_KEY, JSON.stringify(devices));
}

export function chosenDevices(): ChosenDevices {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(DEVICES_KEY) ?? 'null') as ChosenDevices | null;
    return parsed ?? { camera: null, microphone: null, speaker: null };
  } catch {
    return { camera: null, microphone: null, speaker: null };
  }
}

export type MediaProblem = 'denied' | 'missing' | 'failed';

/** Why getUserMedia failed, as the readiness page explains it. */
export function problemOf(error: unknown): MediaProblem {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  return 'failed';
}

/** Camera and microphone with the chosen devices (the browser's default when none is chosen). */
export function openMedia(devices: Pick<ChosenDevices, 'camera' | 'microphone'>): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    video: devices.camera ? { deviceId: { exact: devices.camera } } : true,
    audio: devices.microphone ? { deviceId: { exact: devices.microphone } } : true,
  });
}

/** A level meter of a stream's microphone: calls back 0..100 on every animation frame until stopped. */
export function meterOf(stream: MediaStream, onLevel: (level: number) => void): () => void {
  if (!stream.getAudioTracks().length || typeof AudioContext === 'undefined') return () => undefined;
  const context = new AudioContext();
  const analyser = context.createAnalyser();
  analyser.fftSize = 512;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Uint8Array(analyser.fftSize);
  let frame = 0;
  const tick = () => {
    analyser.getByteTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += ((sample - 128) / 128) ** 2;
    onLevel(Math.min(100, Math.round(Math.sqrt(sum / samples.length) * 300)));
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return () => {
    cancelAnimationFrame(frame);
    void context.close();
  };
}

/** Half a second of a 440 Hz tone on the chosen speaker (where the browser lets a page choose one). */
export async function playTestSound(speaker: string | null): Promise<void> {
  const context = new AudioContext();
  const withSink = context as AudioContext & { setSinkId?: (id: string) => Promise<void> };
  if (speaker && withSink.setSinkId) await withSink.setSinkId(speaker).catch(() => undefined);
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  gain.gain.value = 0.2;
  oscillator.frequency.value = 440;
  oscillator.connect(gain).connect(context.destination);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.5);
  oscillator.onended = () => void context.close();
}

export function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The devices of a kind as select options (a device without a label, before permission, is numbered). */
export function deviceOptions(devices: MediaDeviceInfo[], kind: MediaDeviceKind, unnamed: string) {
  return devices
    .filter((d) => d.kind === kind && d.deviceId)
    .map((d, i) => ({ value: d.deviceId, label: d.label || `${unnamed} ${i + 1}` }));
}

/**
 * A new camera or microphone track from the chosen device, for a switch during the call; the stream keeps
 * its other tracks, and the new track starts as enabled as the old one was (muted stays muted).
 */
export async function switchedTrack(
  stream: MediaStream,
  kind: 'audio' | 'video',
  deviceId: string,
): Promise<MediaStreamTrack> {
  const fresh = await navigator.mediaDevices.getUserMedia(
    kind === 'video'
      ? { video: { deviceId: { exact: deviceId } } }
      : { audio: { deviceId: { exact: deviceId } } },
  );
  const track = kind === 'video' ? fresh.getVideoTracks()[0]! : fresh.getAudioTracks()[0]!;
  const old = kind === 'video' ? stream.getVideoTracks() : stream.getAudioTracks();
  track.enabled = old[0]?.enabled ?? true;
  old.forEach((previous) => {
    stream.removeTrack(previous);
    previous.stop();
  });
  stream.addTrack(track);
  return track;
}
