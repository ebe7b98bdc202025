import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { evidence } from './support/evidence';
import { signInAs, DEMO_ACCOUNTS } from './support/sign-in';
import { tokenOf } from './support/seed';

/**
 * Issue 28, "Done means": a patient's message reaches the practice's inbox, a staff member answers, and the
 * patient sees the answer arrive live in the portal (the Messages tab's unread badge), reads it, and has it by
 * e-mail.
 */

const MSG = '/careslot-messaging/api/v1';

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
});

test('a patient writes to the practice, staff answers, the patient reads the answer live and by e-mail', async ({
  browser,
  baseURL,
}) => {
  const patientContext = await browser.newContext({ baseURL });
  await patientContext.addInitScript(() => sessionStorage.setItem('landing_dismissed', '1'));
  const patient = await patientContext.newPage();
  await patient.goto('/');
  await signInAs(patient, 'patient');
  await patient.goto('/portal/messages');
  const subject = `Parking ${randomUUID().slice(0, 6)}`;
  await patient.getByRole('button', { name: 'New message' }).click();
  await patient.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await patient.getByRole('textbox', { name: 'Message' }).fill('Where do I park for my visit?');
  await evidence(patient, { path: 'test-results/evidence/inbox-new-desktop.png', fullPage: true });
  await patient.getByRole('button', { name: 'Send' }).click();
  await expect(patient.getByRole('heading', { name: subject })).toBeVisible();
  const threadId = patient.url().split('/').at(-1)!;

  // The practice's staff finds it unread in the practice's inbox and answers.
  const staffContext = await browser.newContext({ baseURL });
  const staff = await staffContext.newPage();
  await staff.goto('/');
  await signInAs(staff, 'staff');
  const auth = { authorization: `Bearer ${await tokenOf(staff)}` };
  const inbox = (await (await staff.request.get(`${MSG}/MessageThreads`, { headers: auth })).json()) as {
    Data: { Id: string; Unread: number }[];
  };
  expect(inbox.Data.find((t) => t.Id === threadId)).toMatchObject({ Unread: 1 });

  // The patient is back on the list when the answer comes: the Messages tab's badge counts it, live.
  await patient.getByRole('link', { name: 'Back to messages' }).click();
  await expect(patient.getByRole('button', { name: subject })).toBeVisible();
  const answered = await staff.request.post(`${MSG}/Messages`, {
    headers: auth,
    data: { ThreadId: threadId, Body: 'Behind the building, spaces 1 to 20.' },
  });
  expect(answered.status()).toBe(200);
  await expect(patient.getByLabel('1 unread message')).toBeVisible();
  await expect(patient.getByRole('button', { name: `${subject}, 1 new` })).toBeVisible();
  expect((await new AxeBuilder({ page: patient }).analyze()).violations).toEqual([]);
  await evidence(patient, { path: 'test-results/evidence/inbox-list-desktop.png', fullPage: true });
  await patient.setViewportSize({ width: 375, height: 800 });
  await evidence(patient, { path: 'test-results/evidence/inbox-list-375.png', fullPage: true });

  await patient.getByRole('button', { name: `${subject}, 1 new` }).click();
  const conversation = patient.getByRole('list', { name: 'Conversation' });
  await expect(conversation.getByText('Behind the building, spaces 1 to 20.')).toBeVisible();
  await expect(patient.getByLabel('1 unread message')).toHaveCount(0);
  await evidence(patient, { path: 'test-results/evidence/inbox-thread-375.png', fullPage: true });
  await patient.setViewportSize({ width: 1280, height: 800 });
  expect((await new AxeBuilder({ page: patient }).analyze()).violations).toEqual([]);
  await evidence(patient, { path: 'test-results/evidence/inbox-thread-desktop.png', fullPage: true });

  // The patient answers in the portal; the answer also reached them by e-mail.
  await patient.getByRole('textbox', { name: 'Your reply' }).fill('Thank you!');
  await patient.getByRole('button', { name: 'Send' }).click();
  await expect(conversation.getByText('Thank you!')).toBeVisible();
  await expect
    .poll(async () => {
      const response = await patient.request.get('/dev/outbox', {
        params: { to: DEMO_ACCOUNTS.patient.email, template: 'inbox-message', limit: 1 },
      });
      return ((await response.json()) as { messages: { body: string }[] }).messages[0]?.body ?? '';
    })
    .toContain('Behind the building, spaces 1 to 20.');
  await patientContext.close();
  await staffContext.close();
});
