import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MessageThreadDetail, MessageThreadList } from '@careslot/contracts';
import { signInPatient } from '../../../testing/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { PortalInboxPage } from './InboxPage';
import { PortalThreadPage } from './ThreadPage';

type Options = { method?: string; body?: unknown; query?: unknown };
const { request } = vi.hoisted(() => ({
  request: vi.fn<(path: string, options?: Options) => Promise<unknown>>(),
}));
/** The options of the last POST to a path ending so. */
const lastCall = (suffix: string) =>
  request.mock.calls.filter(([path, o]) => path.endsWith(suffix) && o?.method === 'POST').at(-1)?.[1];
vi.mock('../../../shared/api/client', () => ({ apiRequest: request }));
vi.mock('../../../shared/realtime/sharedHub', () => ({
  subscribeHub: () => ({ on: () => () => undefined, release: () => undefined }),
}));

const THREAD = 'b6a1c4f0-0000-4000-8000-000000000001';
const thread = {
  Id: THREAD,
  OrganizationId: 'org-1',
  PracticeName: 'Riverside Family Care',
  PatientId: 'patient-1',
  PatientName: 'Jordan Ellis',
  Subject: 'Parking',
  AssignedTo: null,
  LastMessageAt: '2026-11-23T12:00:00Z',
  LastMessage: 'Behind the building.',
  Unread: 1,
};
const detail: MessageThreadDetail = {
  ...thread,
  Unread: 0,
  Messages: [
    {
      Id: 'm1',
      ThreadId: THREAD,
      SenderType: 'Patient',
      SenderId: 'patient-1',
      Body: 'Where do I park?',
      SentAt: '2026-11-23T11:00:00Z',
    },
    {
      Id: 'm2',
      ThreadId: THREAD,
      SenderType: 'Practice',
      SenderId: 'staff-1',
      Body: 'Behind the building.',
      SentAt: '2026-11-23T12:00:00Z',
    },
  ],
};

beforeAll(() => setupI18n(['inbox', 'common']));
beforeEach(() => {
  request.mockReset();
  request.mockImplementation((path, options = {}) => {
    if (path.endsWith('/MessageThreads') && options.method === 'POST')
      return Promise.resolve({ ...detail, Id: 'new-thread' });
    if (path.endsWith('/MessageThreads'))
      return Promise.resolve({
        Data: [thread],
        Total: 1,
        Unread: 1,
        Practices: [{ Id: 'org-1', Name: 'Riverside Family Care' }],
      } satisfies MessageThreadList);
    if (path.includes('/MessageThreads/')) return Promise.resolve(detail);
    if (path.endsWith('/Messages')) return Promise.resolve(detail.Messages[0]);
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  signInPatient();
});

describe('the patient inbox', () => {
  it('lists the threads with their unread count and writes a new message to a practice that cares for them', async () => {
    renderRoute(<PortalInboxPage />, { path: '/portal/messages' });
    const item = await screen.findByRole('button', { name: 'Parking, 1 new' });
    expect(within(item).getByText(/Behind the building\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New message' }));
    expect((await screen.findAllByLabelText('Practice'))[0]).toHaveValue('Riverside Family Care');
    await userEvent.type(screen.getByRole('textbox', { name: 'Subject' }), 'Forms');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Which forms should I bring?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('/portal/messages/new-thread')).toBeInTheDocument();
    expect(lastCall('/MessageThreads')).toMatchObject({
      method: 'POST',
      body: {
        OrganizationId: 'org-1',
        Subject: 'Forms',
        Body: 'Which forms should I bring?',
      },
    });
  });

  it('reads a thread as the patient (userId) and sends the reply with one key', async () => {
    renderRoute(<PortalThreadPage />, { path: '/portal/messages/:id', url: `/portal/messages/${THREAD}` });
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(
      within(conversation)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Where do I park?'), expect.stringContaining('Behind the building.')]);
    expect(request).toHaveBeenCalledWith(
      `/careslot-messaging/api/v1/MessageThreads/${THREAD}`,
      expect.objectContaining({ query: { userId: 'patient-1' } }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thanks!');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(lastCall('/Messages')).toMatchObject({
      method: 'POST',
      body: { ThreadId: THREAD, Body: 'Thanks!' },
    });
    expect(await screen.findByRole('textbox', { name: 'Your reply' })).toHaveValue('');
  });

  it('says so when the messages cannot be loaded', async () => {
    request.mockRejectedValue(new Error('down'));
    renderRoute(<PortalInboxPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Messages could not be loaded');
  });
});
