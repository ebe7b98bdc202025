import { existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';
import { bookVideoVisit, videoVisitCalendarUrl } from './support/video-visit';

/**
 * A video visit end to end (issue 25): two (then three) browser contexts with Chromium's fake camera and
 * microphone. The patient checks readiness and waits; the provider sees them waiting and ready, admits them;
 * each side's remote video plays and audio arrives; chat crosses; a guest invited by e-mail joins from the
 * outbox's link; the provider ends and writes notes; the patient rates. The provider's calendar shows the
 * visit's status live (waiting, then ended) and is where the provider joins from.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
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
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
      // Host candidates as plain loopback addresses: the contexts share one machine and no mDNS resolver.
      '--disable-features=WebRtcHideLocalIpsWithMdns',
    ],
  },
});
test.setTimeout(300_000);

const GUARD = 'Meeting is in progress. Page can not be refreshed.';

/** Records every RTCPeerConnection a page makes, so the journey can read WebRTC stats (audio bytes received). */
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

async function audioBytesReceived(page: Page): Promise<number> {
  return page.evaluate(async () => {
    let total = 0;
    for (const pc of (window as unknown as { __peers: RTCPeerConnection[] }).__peers ?? []) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio') total += report.bytesReceived ?? 0;
      });
    }
    return total;
  });
}

/** A remote video decoding frames: size above zero and its time moving on. */
async function expectRemoteVideoPlaying(page: Page, count = 1) {
  const times = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLVideoElement>('video[data-remote]'), (v) =>
        v.videoWidth > 0 ? v.currentTime : -1,
      ),
    );
  await expect.poll(async () => (await times()).filter((t) => t > 0).length, { timeout: 30_000 }).toBe(count);
  const before = await times();
  await expect
    .poll(async () => (await times()).every((t, i) => t > (before[i] ?? 0)), { timeout: 15_000 })
    .toBe(true);
}

/** The readiness check passes with the fake devices, then the participant joins. */
async function passReadiness(page: Page) {
  await page.waitForURL(/\/meeting\/(uri\/)?device-management/);
  await expect(page.getByRole('heading', { name: 'Check your camera and microphone' })).toBeVisible({
    timeout: 30_000,
  });
  // The network check's answer (good or slow: this machine's load decides, not the product).
  await expect(page.getByText(/ms round trip/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Ready', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Join the visit' }).click();
  await page.waitForURL(/\/meeting\/(uri\/)?room/);
}

test('a patient and a provider hold a video visit: readiness, waiting room, admit, live media, chat, a guest, notes and rating', async ({
  browser,
}) => {
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [patientPage, providerPage, guestPage] = await Promise.all(contexts.map((c) => c.newPage()));
  for (const page of [patientPage!, providerPage!, guestPage!]) {
    await page.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
    await page.addInitScript(recordPeerConnections);
  }
  const patient = patientPage!;
  const provider = providerPage!;
  const guest = guestPage!;

  const appointmentId = await bookVideoVisit(patient.request);
  const calendar = await videoVisitCalendarUrl(provider.request, appointmentId);

  // The provider has the visit open on the calendar before anyone arrives.
  await signInAs(provider, 'provider');
  await provider.goto(calendar);
  const details = provider.getByRole('dialog');
  await expect(details.getByRole('link', { name: 'Join the video visit' })).toBeVisible({ timeout: 30_000 });
  await expect(details.getByText(/^Video:/)).toHaveCount(0);

  // The patient: readiness, then the virtual waiting room.
  await signInAs(patient, 'patient');
  await patient.goto(`/validate?aptId=${appointmentId}`);
  await passReadiness(patient);
  await expect(
    patient.getByText('Your provider will let you in shortly. Please stay on this page.'),
  ).toBeVisible();

  // The calendar shows the patient waiting without a reload; the provider joins from there.
  await expect(details.getByText('Video: 1 waiting')).toBeVisible({ timeout: 20_000 });
  await details.getByRole('link', { name: 'Join the video visit' }).click();
  // The provider sees the patient waiting and ready, and admits them.
  await passReadiness(provider);
  const waiting = provider.getByRole('list', { name: 'Waiting room' });
  await expect(waiting.getByText(/· ready$/)).toBeVisible();
  await waiting.getByRole('button', { name: 'Admit Patient' }).click();

  // Media flows both ways: video playing, audio bytes arriving; the spec's guard is shown.
  for (const page of [patient, provider]) {
    await expect(page.getByText(GUARD).first()).toBeVisible();
    await expectRemoteVideoPlaying(page);
    const first = await audioBytesReceived(page);
    await expect.poll(() => audioBytesReceived(page)).toBeGreaterThan(first);
    expect(first).toBeGreaterThanOrEqual(0);
  }

  // Chat crosses both ways.
  await patient.getByRole('textbox', { name: 'Message' }).fill('Hello from the patient');
  await patient.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(provider.getByRole('log').getByText('Hello from the patient')).toBeVisible({
    timeout: 20_000,
  });
  await provider.getByRole('textbox', { name: 'Message' }).fill('Hello from your provider');
  await provider.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(patient.getByRole('log').getByText('Hello from your provider')).toBeVisible({
    timeout: 20_000,
  });

  // The provider invites a guest by e-mail; the guest opens the link from the outbox and joins as a third.
  const email = `guest-${Date.now().toString(36)}@example.com`;
  await provider.getByRole('textbox', { name: "Guest's e-mail" }).fill(email);
  await provider.getByRole('button', { name: 'Send invitation' }).click();
  await expect(provider.getByText('Invitation sent.')).toBeVisible();
  let link = '';
  await expect
    .poll(async () => {
      const answer = await provider.request.get('/dev/outbox', {
        params: { to: email, template: 'tele-visit-invitation', limit: 1 },
      });
      const { messages } = (await answer.json()) as { messages: { body: string }[] };
      link = /https?:\/\/\S+/.exec(messages[0]?.body ?? '')?.[0] ?? '';
      return link;
    })
    .toContain('/meeting/uri?');
  await guest.goto(link);
  await passReadiness(guest);
  await waiting.getByRole('button', { name: 'Admit Guest' }).click();
  await expectRemoteVideoPlaying(guest, 2);
  await expectRemoteVideoPlaying(provider, 2);

  // The provider ends the visit and writes notes; the patient rates it.
  await provider.getByRole('button', { name: 'End visit' }).click();
  await provider.getByRole('textbox', { name: 'Notes for this visit' }).fill('Follow up in two weeks.');
  await provider.getByRole('button', { name: 'Save notes' }).click();
  await expect(provider.getByText('Summary notes saved.')).toBeVisible();
  await expect(patient.getByText('The visit has ended.')).toBeVisible();
  await patient.getByRole('radio', { name: '5 of 5 stars' }).check();
  await patient.getByRole('button', { name: 'Submit' }).click();
  await expect(patient.getByText('Thank you for your feedback.')).toBeVisible();
  await expect(provider.getByText('Visit status: Ended')).toBeVisible();
  // The practice's calendar shows it ended.
  await provider.goto(calendar);
  await expect(provider.getByRole('dialog').getByText('Video: ended')).toBeVisible({ timeout: 20_000 });

  await Promise.all(contexts.map((c) => c.close()));
});
