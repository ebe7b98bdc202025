import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { turnCredential } from '../apps/server/src/modules/telehealth/turn';
import { evidence } from './support/evidence';
import { signInAs } from './support/sign-in';
import { bookVideoVisit } from './support/video-visit';

/**
 * A video visit's network drops and comes back (issue 25): two browsers with Chromium's fake camera (two of
 * them) and microphone, forced to relay-only candidates through Debian's coturn on loopback (the only way two
 * browsers on one machine can lose each other: the relay goes away). Files cross the chat both ways, the
 * patient switches camera mid-call (the sent track is replaced, no new connection), then coturn is killed: both
 * sides say the connection is lost; coturn comes back and the call recovers by an ICE restart on the same
 * connection, video playing and audio arriving again. The visit's ice-servers call is answered by the test with
 * its coturn's URL and a TURN REST credential (the e2e server has no TURN configured).
 */
const TURNSERVER = '/usr/bin/turnserver';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const PORT = 3478 + Math.floor(Math.random() * 500) * 2;
const SECRET = randomBytes(24).toString('hex');
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.use({
  launchOptions: {
    executablePath:
      process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
      // Two fake cameras, so the patient has one to switch to.
      '--use-fake-device-for-media-stream=device-count=2',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});
test.setTimeout(300_000);

let turn: ChildProcess | null = null;
async function startTurn(): Promise<void> {
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
  const started = turn;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('turnserver did not start')), 15_000);
    started.stdout!.on('data', (chunk: Buffer) => {
      if (/listener opened on|Total General servers/i.test(chunk.toString())) {
        clearTimeout(timer);
        resolve();
      }
    });
    started.once('exit', (code) => reject(new Error(`turnserver exited ${code}`)));
  });
}
async function stopTurn(): Promise<void> {
  const running = turn;
  turn = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGKILL');
  await exited;
}
test.beforeAll(async () => {
  expect(existsSync(TURNSERVER), 'coturn is not installed').toBe(true);
  await startTurn();
});
test.afterAll(stopTurn);

const recordPeerConnections = () => {
  const Original = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = made;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      made.push(this);
    }
  };
};

/** What a page's open connections show: how many, audio bytes in, the sent camera's label, the local candidate. */
async function callState(page: Page) {
  return page.evaluate(async () => {
    const open = ((window as unknown as { __peers: RTCPeerConnection[] }).__peers ?? []).filter(
      (pc) => pc.connectionState !== 'closed',
    );
    let audio = 0;
    const locals: string[] = [];
    for (const pc of open) {
      const stats = await pc.getStats();
      const byId = new Map<string, { candidateType?: string }>();
      stats.forEach((r: { id: string; candidateType?: string }) => byId.set(r.id, r));
      stats.forEach(
        (r: {
          type: string;
          kind?: string;
          bytesReceived?: number;
          state?: string;
          nominated?: boolean;
          localCandidateId?: string;
        }) => {
          if (r.type === 'inbound-rtp' && r.kind === 'audio') audio += r.bytesReceived ?? 0;
          if (r.type === 'candidate-pair' && r.state === 'succeeded' && r.nominated && r.localCandidateId)
            locals.push(byId.get(r.localCandidateId)?.candidateType ?? '');
        },
      );
    }
    const sent = open[0]?.getSenders().find((s) => s.track?.kind === 'video')?.track?.label ?? '';
    return { open: open.length, audio, sent, locals };
  });
}

async function expectRemoteVideoPlaying(page: Page) {
  const time = () =>
    page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('video[data-remote]');
      return v && v.videoWidth > 0 ? v.currentTime : -1;
    });
  await expect.poll(time, { timeout: 45_000 }).toBeGreaterThan(0);
  const before = await time();
  await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(before);
}

async function expectAudioArriving(page: Page) {
  const first = (await callState(page)).audio;
  await expect.poll(async () => (await callState(page)).audio, { timeout: 20_000 }).toBeGreaterThan(first);
}

async function joinRelayOnly(page: Page, appointmentId: string) {
  await page.goto(`/validate?aptId=${appointmentId}`);
  await page.waitForURL(/\/meeting\/device-management/);
  await expect(page.getByText(/ms round trip/)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Join the visit' }).click();
  await page.waitForURL(/\/meeting\/room/);
  // Relay-only candidates (the room's relay=1), so that stopping the relay drops the call.
  await page.goto(`${page.url()}&relay=1`);
}

async function seriousFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function shots(page: Page, name: string) {
  const size = page.viewportSize()!;
  await evidence(page, { path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await evidence(page, { path: test.info().outputPath(`${name}-375.png`), fullPage: true });
  await page.setViewportSize(size);
}

async function download(page: Page, name: string): Promise<Buffer> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('log')
      .getByRole('button', { name: `Download ${name}` })
      .click(),
  ]);
  expect(file.suggestedFilename()).toBe(name);
  return readFileSync(await file.path());
}

test('files cross the chat, the camera switches mid-call, and a dropped connection recovers by ICE restart', async ({
  browser,
}) => {
  const contexts = await Promise.all(
    [0, 1].map(() => browser.newContext({ viewport: { width: 1280, height: 900 } })),
  );
  const [patient, provider] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [patient!, provider!]) {
    await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
    await page.addInitScript(recordPeerConnections);
    // The test's coturn and a TURN REST credential of its secret, in place of the server's (none configured).
    await page.route('**/TeleVisits/*/ice-servers', (route) => {
      const { username, credential, expiresAt } = turnCredential(SECRET, 'journey', new Date(), 600);
      return route.fulfill({
        json: {
          status_code: 200,
          message: 'success',
          data: {
            IceServers: [{ urls: [`turn:127.0.0.1:${PORT}?transport=udp`], username, credential }],
            ExpiresAt: expiresAt.toISOString(),
          },
        },
      });
    });
  }
  const appointmentId = await bookVideoVisit(patient!.request);
  await signInAs(patient!, 'patient');
  await joinRelayOnly(patient!, appointmentId);
  await expect(
    patient!.getByText('Your provider will let you in shortly. Please stay on this page.'),
  ).toBeVisible();
  await signInAs(provider!, 'provider');
  await joinRelayOnly(provider!, appointmentId);
  await provider!
    .getByRole('list', { name: 'Waiting room' })
    .getByRole('button', { name: 'Admit Patient' })
    .click();
  for (const page of [patient!, provider!]) {
    await expectRemoteVideoPlaying(page);
    await expectAudioArriving(page);
    expect((await callState(page)).locals).toEqual(['relay']);
  }

  // Files cross the chat both ways; each side downloads what the other sent, byte for byte.
  const pdf = Buffer.from('%PDF-1.4\n% the patient’s lab result\n%%EOF\n');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
    'base64',
  );
  const attach = async (page: Page, name: string, mimeType: string, buffer: Buffer) => {
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Attach a file' }).click(),
    ]);
    await chooser.setFiles({ name, mimeType, buffer });
  };
  await attach(patient!, 'lab-result.pdf', 'application/pdf', pdf);
  await expect(
    provider!.getByRole('log').getByRole('button', { name: 'Download lab-result.pdf' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  expect((await download(provider!, 'lab-result.pdf')).equals(pdf)).toBe(true);
  await attach(provider!, 'exercise.png', 'image/png', png);
  await expect(patient!.getByRole('log').getByRole('button', { name: 'Download exercise.png' })).toBeVisible({
    timeout: 20_000,
  });
  expect((await download(patient!, 'exercise.png')).equals(png)).toBe(true);
  // A file outside the rules is refused in the browser, with the rule named.
  await attach(patient!, 'notes.txt', 'text/plain', Buffer.from('hello'));
  await expect(
    patient!.getByRole('alert').filter({ hasText: 'This file type cannot be sent.' }),
  ).toBeVisible();

  // The patient switches camera mid-call: the sent track is replaced on the same connection.
  const before = await callState(patient!);
  await patient!.getByRole('combobox', { name: 'Camera' }).click();
  const cameras = patient!.getByRole('option');
  await expect(cameras).toHaveCount(2);
  const current = (await patient!.getByRole('combobox', { name: 'Camera' }).inputValue()).trim();
  const other = cameras.filter({ hasNotText: current }).first();
  const chosen = (await other.innerText()).trim();
  await other.click();
  await expect.poll(async () => (await callState(patient!)).sent).toBe(chosen);
  expect((await callState(patient!)).open).toBe(before.open);
  await expectRemoteVideoPlaying(provider!);
  expect.soft(await seriousFindings(patient!)).toEqual([]);
  await shots(patient!, 'video-call-files-devices');

  // The relay goes away: both sides see the connection lost.
  const made = (page: Page) =>
    page.evaluate(() => (window as unknown as { __peers: RTCPeerConnection[] }).__peers.length);
  const madeBefore = await Promise.all([made(patient!), made(provider!)]);
  await stopTurn();
  for (const page of [patient!, provider!])
    await expect(page.getByText('Connection lost. Reconnecting…')).toBeVisible({
      timeout: 30_000,
    });
  await shots(provider!, 'video-call-reconnecting');
  expect.soft(await seriousFindings(provider!)).toEqual([]);

  // It comes back: an ICE restart on the same connection, video and audio flowing again through the relay.
  await startTurn();
  for (const page of [patient!, provider!]) {
    await expect(page.getByText('Connection lost. Reconnecting…')).toHaveCount(0, { timeout: 60_000 });
    await expectRemoteVideoPlaying(page);
    await expectAudioArriving(page);
    const after = await callState(page);
    expect(after.open).toBe(1);
    expect(after.locals).toEqual(['relay']);
  }
  // No new connection was made on either side: the same one was restarted.
  expect(await Promise.all([made(patient!), made(provider!)])).toEqual(madeBefore);

  await Promise.all(contexts.map((c) => c.close()));
});
