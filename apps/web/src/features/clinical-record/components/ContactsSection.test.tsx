import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute, setupI18n } from '../../../testing/render';
import type * as Api from '../api';
import { ContactsSection } from './ContactsSection';

const api = vi.hoisted(() => ({
  addPharmacy: vi.fn<(input: unknown) => Promise<unknown>>(),
  addContact: vi.fn<(input: unknown) => Promise<unknown>>(),
  removeEntry: vi.fn<(kind: string, patientId: string, id: string) => Promise<unknown>>(),
}));

vi.mock('../api', async (importOriginal) => {
  const actual = await importOriginal<typeof Api>();
  const list = <T,>(Data: T[]) => Promise.resolve({ Data, Total: Data.length });
  return {
    ...actual,
    ...api,
    pharmaciesQuery: (id: string) => ({
      queryKey: ['pharmacies', id],
      queryFn: () =>
        list([
          {
            Id: 'ph-1',
            PatientId: id,
            Name: 'Bay Pharmacy',
            NcpdpId: '1234567',
            Npi: null,
            Phone: '(212) 555-0199',
            Fax: null,
            Address: null,
            CreatedAt: '2026-11-01T00:00:00Z',
          },
        ]),
    }),
    contactsQuery: (id: string) => ({
      queryKey: ['contacts', id],
      queryFn: () =>
        list([
          {
            Id: 'c-1',
            PatientId: id,
            FirstName: 'Sam',
            LastName: 'Ellis',
            Relationship: 'Parent',
            Phone: '2125550142',
            Email: null,
            CreatedAt: '2026-11-01T00:00:00Z',
          },
        ]),
    }),
    familyQuery: (id: string) => ({
      queryKey: ['family', id],
      queryFn: () =>
        list([
          {
            Id: 'r-1',
            PatientId: id,
            RelatedPatientId: 'p-2',
            Relationship: 'Child',
            Active: true,
            Name: [
              { Use: 'official', Text: 'Kit Ellis', Given: ['Kit'], Family: 'Ellis', Prefix: [], Suffix: [] },
            ],
            Gender: 'Female',
            BirthDate: '2019-02-02',
            Telecom: [],
          },
        ]),
    }),
  };
});

beforeAll(() => setupI18n(['clinicalRecord', 'common']));
beforeEach(() => {
  api.addPharmacy.mockReset().mockResolvedValue({});
  api.addContact.mockReset().mockResolvedValue({});
  api.removeEntry.mockReset().mockResolvedValue(null);
});

describe("the chart's pharmacies and contacts", () => {
  it('lists pharmacies, emergency contacts and family members', async () => {
    renderRoute(<ContactsSection patientId="p-1" />);
    const pharmacies = await screen.findByTestId('chart-pharmacies');
    expect(within(pharmacies).getByText('Bay Pharmacy')).toBeInTheDocument();
    expect(within(pharmacies).getByText('1234567')).toBeInTheDocument();
    const contacts = await screen.findByTestId('chart-contacts');
    expect(within(contacts).getByText('Sam Ellis')).toBeInTheDocument();
    expect(within(contacts).getByText('Parent')).toBeInTheDocument();
    const family = await screen.findByTestId('chart-family');
    expect(within(family).getByText('Kit Ellis')).toBeInTheDocument();
    expect(within(family).getByText('Child')).toBeInTheDocument();
    expect(within(family).getByText('Feb 2, 2019')).toBeInTheDocument();
  });

  const fill = (form: HTMLElement, label: RegExp | string, value: string) =>
    fireEvent.change(within(form).getByLabelText(label), { target: { value } });

  it('adds a pharmacy', async () => {
    renderRoute(<ContactsSection patientId="p-1" />);
    const form = await screen.findByRole('form', { name: 'Add pharmacy' });
    fill(form, /Pharmacy name/, 'Corner Drugs');
    fill(form, 'NCPDP ID', '7654321');
    await userEvent.click(within(form).getByRole('button', { name: 'Add pharmacy' }));
    expect(api.addPharmacy).toHaveBeenCalledWith({
      PatientId: 'p-1',
      Name: 'Corner Drugs',
      NcpdpId: '7654321',
    });
  });

  it('adds an emergency contact and removes one', async () => {
    renderRoute(<ContactsSection patientId="p-1" />);
    const form = await screen.findByRole('form', { name: 'Add contact' });
    fill(form, /First name/, 'Alex');
    fill(form, /Last name/, 'Ellis');
    await userEvent.selectOptions(within(form).getByLabelText(/Relationship/), 'Sibling');
    fill(form, 'E-mail', 'alex@example.com');
    await userEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(api.addContact).toHaveBeenCalledWith({
      PatientId: 'p-1',
      FirstName: 'Alex',
      LastName: 'Ellis',
      Relationship: 'Sibling',
      Email: 'alex@example.com',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Sam Ellis' }));
    expect(api.removeEntry).toHaveBeenCalledWith('contacts', 'p-1', 'c-1');
  });
});
