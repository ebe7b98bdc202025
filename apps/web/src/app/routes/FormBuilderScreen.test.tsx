import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomForm } from '@careslot/contracts';
import { EMPTY_PRACTICE, setPractice } from '../../shared/session/practice';
import { renderRoute, setupI18n } from '../../testing/render';
import { FormBuilderScreen } from './FormBuilderScreen';

const intake: CustomForm = {
  Id: '7c1d2e3f-0000-4000-8000-000000000001',
  Name: 'New patient intake',
  Description: null,
  FormType: 'Intake Form',
  OrganizationId: '7c1d2e3f-0000-4000-8000-0000000000aa',
  AssociatedServiceTypes: [{ Id: '-1', Name: 'All Reasons' }],
  Version: 2,
  Active: true,
  Definition: {
    Sections: [
      {
        Key: 'main',
        Title: 'New patient intake',
        Components: [
          { Key: 'allergies', Type: 'yes-no', Label: 'Do you have allergies?', Required: true },
          {
            Key: 'which',
            Type: 'text',
            Label: 'Which allergies?',
            Required: false,
            ShowWhen: { Key: 'allergies', In: ['yes'] },
          },
          {
            Key: 'visit',
            Type: 'choice',
            Label: 'Reason for the visit',
            Required: false,
            Options: [
              { Value: 'checkup', Label: 'Check-up' },
              { Value: 'pain', Label: 'Pain' },
            ],
          },
        ],
      },
    ],
  },
};

describe("the form builder's preview", () => {
  beforeAll(async () => {
    await setupI18n(['common', 'formBuilder', 'checkin']);
    // jsdom has no font loading; the check-in renderer's growing text box listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => {}, removeEventListener: () => {} },
      });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setPractice(EMPTY_PRACTICE);
  });

  it('shows the form being edited as the patient answers it, conditions included, in a dialog the keyboard closes', async () => {
    setPractice({ ...EMPTY_PRACTICE, organizationId: intake.OrganizationId });
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ Data: [intake] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute(<FormBuilderScreen />, { path: '/practice-admin/settings/forms' });

    fireEvent.click(await screen.findByRole('button', { name: 'Edit New patient intake' }));
    // A question added in this edit, not saved: the preview shows it all the same.
    fireEvent.click(screen.getByRole('button', { name: 'Add question' }));
    fireEvent.change(screen.getByLabelText('Question 4 text'), { target: { value: 'Your pharmacy' } });
    const open = screen.getByRole('button', { name: 'Preview' });
    // As from the keyboard: the button has focus when pressed, and gets it back when the dialog closes.
    open.focus();
    fireEvent.click(open);

    const dialog = await screen.findByRole('dialog', { name: 'Preview: New patient intake' });
    const allergies = within(dialog).getByRole('radiogroup', { name: /Do you have allergies\?/ });
    expect(within(dialog).queryByLabelText('Which allergies?')).not.toBeInTheDocument();
    fireEvent.click(within(allergies).getByRole('radio', { name: 'Yes' }));
    expect(within(dialog).getByLabelText('Which allergies?')).toBeInTheDocument();
    const visit = within(dialog).getByRole('radiogroup', { name: 'Reason for the visit' });
    expect(within(visit).getByRole('radio', { name: 'Pain' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your pharmacy')).toBeInTheDocument();
    expect(
      within(dialog).getByText('What the patient sees at check-in. Answers here are not saved.'),
    ).toBeInTheDocument();

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(open).toHaveFocus());
    // Nothing was sent: only the list was read.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
