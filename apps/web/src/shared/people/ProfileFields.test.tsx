import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../api/client';
import { Providers, setupI18n } from '../../testing/render';
import { ProfileFields } from './ProfileFields';
import {
  EMPTY_PROFILE,
  profileErrors,
  profileInput,
  profileServerErrors,
  type ProfileErrors,
  type ProfileValues,
} from './practitionerProfile';

function Form({
  provider,
  errors = {},
  initial = EMPTY_PROFILE,
}: {
  provider: boolean;
  errors?: ProfileErrors;
  initial?: ProfileValues;
}) {
  const [values, setValues] = useState<ProfileValues>(initial);
  return (
    <ProfileFields
      namespace="providerSettings"
      values={values}
      onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
      errors={errors}
      provider={provider}
      npiRequired={provider}
      hideHint="Patients do not find you in search while your profile is hidden."
    />
  );
}

describe('the practitioner profile form', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'providerSettings']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the provider-only fields to a provider and keeps only digits in the NPI', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ Data: [], Total: 0 })))),
    );
    const user = userEvent.setup();
    const { unmount } = render(
      <Providers>
        <Form provider />
      </Providers>,
    );
    const npi = screen.getByRole('textbox', { name: /NPI/ });
    expect(npi).toBeRequired();
    await user.type(npi, '12a34');
    expect(npi).toHaveValue('1234');
    expect(
      screen.getByText('Patients do not find you in search while your profile is hidden.'),
    ).toBeVisible();
    unmount();
    render(
      <Providers>
        <Form provider={false} />
      </Providers>,
    );
    expect(screen.getByRole('textbox', { name: /First Name/ })).toBeRequired();
    expect(screen.queryByRole('textbox', { name: /NPI/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Hide public profile' })).toBeNull();
  });

  it("says each field's rule in the user's words", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify({ Data: [], Total: 0 })))),
    );
    render(
      <Providers>
        <Form provider errors={{ FirstName: 'pattern', Npi: 'npi', Suffix: 'max_length' }} />
      </Providers>,
    );
    expect(screen.getByText('First Name may contain letters, spaces and apostrophes only')).toBeVisible();
    expect(screen.getByText('NPI must be 10 digits with a valid check digit')).toBeVisible();
    expect(screen.getByText('Suffix must be at most 25 characters')).toBeVisible();
  });

  it('shows a known language by its name and an unknown code as it is', async () => {
    const languages = { Data: [{ Code: 'en', Display: 'English' }], Total: 1 };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) =>
        Promise.resolve(
          new Response(JSON.stringify(url.endsWith('/languages') ? languages : { Data: [], Total: 0 })),
        ),
      ),
    );
    render(
      <Providers>
        <Form provider={false} initial={{ ...EMPTY_PROFILE, Languages: ['en', 'xx'] }} />
      </Providers>,
    );
    // The chosen languages show as pills, each labelled by the list's name for its code.
    const pills = async () =>
      (await screen.findAllByText(/./, { selector: '.mantine-Pill-label' })).map((p) => p.textContent);
    await waitFor(async () => expect(await pills()).toEqual(['English', 'xx']));
  });

  it('checks the spec rules before the call and reads the server 400 onto the same fields', () => {
    const values = { ...EMPTY_PROFILE, FirstName: 'Ana', LastName: 'Ruiz', Email: 'ana@example.com' };
    expect(profileErrors(values, { provider: false })).toEqual({});
    expect(profileErrors(values, { provider: true })).toEqual({ Npi: 'required' });
    expect(profileErrors({ ...values, Npi: '1234567890' }, { provider: true })).toEqual({ Npi: 'npi' });
    expect(
      profileServerErrors(
        new ApiError(400, 'Bad request', [
          { field: 'body.Email', rule: 'email', message: 'must be an e-mail' },
          { field: 'body.SpecialtyIds.0', rule: 'exists', message: 'unknown specialty' },
        ]),
      ),
    ).toEqual({ Email: 'pattern', SpecialtyIds: 'pattern' });
    expect(profileServerErrors(new ApiError(409, 'Conflict'))).toBeNull();
    expect(profileInput(values)).toMatchObject({ Suffix: null, Phone: null, Npi: null, DeaNumber: null });
  });
});
