import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { turnCredential } from '../apps/server/src/modules/telehealth/turn';

/**
 * The relay path of video visits (issue 25, decision 0091): Debian's coturn on loopback with a shared secret of
 * its own, the product's short-lived TURN REST credential, and two browser peers forced to relay-only
 * candidates. Media still flows, through the relay.
 */
const TURNSERVER = '/usr/bin/turnserver';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PORT = 3478 + Math.floor(Math.random() * 500) * 2;
const SECRET = randomBytes(24).toString('hex');

test.use({
  launchOptions: {
    executablePath:
      process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  },
});

let turn: ChildProcess | null = null;
test.beforeAll(async () => {
  // coturn comes from Debian's packages (.ci/run installs the package when it is absent).
  expect(existsSync(TURNSERVER), 'coturn is not installed').toBe(true);
  turn = spawn(
    TURNSERVER,
    [
      '-n',
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--listening-port=${PORT}`,
      `--min-port=${PORT + 1000}`,
      `--max-port=${PORT + 1100}`,
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=careslot.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--log-file=stdout',
      '--simple-log',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Ready once it listens.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('turnserver did not start')), 15_000);
    turn!.stdout!.on('data', (chunk: Buffer) => {
      if (/listener opened on|Total General servers/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    turn!.once('exit', (code) => reject(new Error(`turnserver exited ${code}`)));
  });
});
test.afterAll(() => {
  turn?.kill('SIGTERM');
});

test('media flows between two browsers through TURN only, with a short-lived TURN REST credential', async ({
  page,
}) => {
  const { username, credential, expiresAt } = turnCredential(SECRET, 'participant-a', new Date(), 600);
  expect(expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 600_000);
  await page.goto('/readyz');
  const kinds = await page.evaluate(
    async ({ urls, username, credential }) => {
      const config: RTCConfiguration = {
        iceServers: [{ urls, username, credential }],
        iceTransportPolicy: 'relay',
      };
      const a = new RTCPeerConnection(config);
      const b = new RTCPeerConnection(config);
      (window as unknown as { __receiver: RTCPeerConnection }).__receiver = b;
      const seen = new Set<string>();
      a.onicecandidate = (e) => {
        if (e.candidate) {
          seen.add(e.candidate.type ?? '');
          void b.addIceCandidate(e.candidate);
        }
      };
      b.onicecandidate = (e) => {
        if (e.candidate) {
          seen.add(e.candidate.type ?? '');
          void a.addIceCandidate(e.candidate);
        }
      };
      const media = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
      media.getTracks().forEach((track) => a.addTrack(track, media));
      const offer = await a.createOffer();
      await a.setLocalDescription(offer);
      await b.setRemoteDescription(offer);
      const answer = await b.createAnswer();
      await b.setLocalDescription(answer);
      await a.setRemoteDescription(answer);
      await new Promise<void>((resolve) => {
        b.onconnectionstatechange = () => {
          if (b.connectionState === 'connected') resolve();
        };
      });
      return [...seen];
    },
    { urls: [`turn:127.0.0.1:${PORT}?transport=udp`], username, credential },
  );
  expect(kinds).toEqual(['relay']);
  // Media arrives, over a pair whose local candidate is the relay.
  const received = () =>
    page.evaluate(async () => {
      const b = (window as unknown as { __receiver: RTCPeerConnection }).__receiver;
      const stats = await b.getStats();
      const byId = new Map<string, { candidateType?: string }>();
      stats.forEach((r: { id: string; candidateType?: string }) => byId.set(r.id, r));
      let bytes = 0;
      let local = '';
      stats.forEach(
        (r: {
          type: string;
          bytesReceived?: number;
          state?: string;
          nominated?: boolean;
          localCandidateId?: string;
        }) => {
          if (r.type === 'inbound-rtp') bytes += r.bytesReceived ?? 0;
          if (r.type === 'candidate-pair' && r.state === 'succeeded' && r.nominated && r.localCandidateId)
            local = byId.get(r.localCandidateId)?.candidateType ?? '';
        },
      );
      return { bytes, local };
    });
  await expect.poll(async () => (await received()).bytes, { timeout: 20_000 }).toBeGreaterThan(20_000);
  expect((await received()).local).toBe('relay');
});
