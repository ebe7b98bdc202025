import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGES, WORKFLOW_KEYS } from '@careslot/contracts';
import { setSession, type SessionUser } from '../../../shared/session/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { CommunicationSettingsPage } from './CommunicationSettingsPage';

const ORG = '11111111-1111-4111-8111-111111111111';
const admin: SessionUser = {
  userId: '22222222-2222-4222-8222-222222222222',
  identityProviderId: 'idp-2',
  name: 'Marcus Whitfield',
  email: 'marcus@example.com',
  firstName: 'Marcus',
  lastName: 'Whitfield',
  preferredName: null,
  gender: 'Male',
  userType: 'Practitioner',
  roles: ['practiceadmin'],
  organizationId: ORG,
  photos: [],
};

const templates = (channel: 'email' | 'sms') =>
  WORKFLOW_KEYS.flatMap((key) =>
    LANGUAGES.map((language) => ({
      WorkflowKey: key,
      Language: language,
      ...(channel === 'email' ? { Subject: `Subject ${key}` } : {}),
      Body: `Hello {{patientFirstName}}[[ on {{appointmentDate}}]], ${key}.`,
      IsCustom: false,
      UpdatedAt: null,
    })),
  );

function server() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      calls.push({ url, method, body });
      if (url.includes('/OrganizationSettings/'))
        return Response.json({
          is_success: true,
          message: 'OK',
          data: {
            OrganizationId: ORG,
            SendAppointmentDetailsInPatientCommunication: true,
            HideReasonInNotifications: false,
            EmailEnabled: true,
            SmsEnabled: true,
          },
        });
      if (url.includes('/emails/practices/'))
        return Response.json({ is_success: true, data: templates('email') });
      if (url.includes('/sms/practices/')) return Response.json({ is_success: true, data: templates('sms') });
      if (url.includes('/practice-emails/upsert'))
        return Response.json({
          is_success: true,
          message: 'Template saved.',
          data: { ...body, IsCustom: true, UpdatedAt: '2026-11-27T07:00:00.000Z' },
        });
      return Response.json({}, { status: 404 });
    }),
  );
  return calls;
}

describe('communication settings', () => {
  beforeAll(() => setupI18n(['common', 'communicationSettings']));
  afterEach(() => vi.unstubAllGlobals());

  it('previews the template live with sample data, follows the details option, refuses an unknown placeholder and saves', async () => {
    const calls = server();
    setSession({ user: admin, accessToken: 't', isGuest: false });
    renderRoute(<CommunicationSettingsPage />);
    await waitFor(() =>
      expect(screen.getByTestId('preview-email')).toHaveTextContent(
        /^Hello Jordan on Tuesday, December 8, 2026, confirmation\.$/,
      ),
    );
    await userEvent.click(screen.getAllByRole('switch')[0]!);
    expect(screen.getByTestId('preview-email')).toHaveTextContent(/^Hello Jordan, confirmation\.$/);

    const body = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.clear(body);
    await userEvent.type(body, 'Hi {{{{nombre}}');
    expect(
      await screen.findByText('Unknown placeholder: {{nombre}}. Use the placeholders below.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(calls.some((c) => c.url.includes('/upsert'))).toBe(false);

    await userEvent.clear(body);
    await userEvent.type(body, 'Hi ');
    await userEvent.click(screen.getByRole('button', { name: "Insert patient's first name" }));
    expect(body).toHaveValue('Hi {{patientFirstName}}');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(await screen.findByText('Template saved.')).toBeInTheDocument();
    const saved = calls.find((c) => c.url.endsWith('/practice-emails/upsert'));
    expect(saved?.body).toEqual({
      OrganizationId: ORG,
      WorkflowKey: 'confirmation',
      Language: 'en',
      Subject: 'Subject confirmation',
      Body: 'Hi {{patientFirstName}}',
    });
  });
});
