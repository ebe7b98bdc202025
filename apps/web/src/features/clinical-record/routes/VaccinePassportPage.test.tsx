import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { signInPatient } from '../../../testing/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { VaccinePassportPage } from './VaccinePassportPage';

const { card } = vi.hoisted(() => ({ card: vi.fn<(id: string) => Promise<unknown>>() }));
vi.mock('../api', () => ({
  healthCardQuery: (id: string) => ({ queryKey: ['card', id], queryFn: () => card(id) }),
}));

beforeAll(() => setupI18n(['clinicalRecord', 'common']));
beforeEach(() => {
  card.mockReset();
  signInPatient();
});

describe('the vaccination passport page', () => {
  it("shows the signed-in patient's SMART Health Card: QR code, doses and the download", async () => {
    card.mockResolvedValue({
      Jws: 'a.b.c',
      Qr: 'shc:/56',
      QrSvg: '<svg xmlns="http://www.w3.org/2000/svg"/>',
      Immunizations: [
        {
          resourceType: 'Immunization',
          vaccineCode: {
            coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '208' }],
            text: 'COVID-19 mRNA',
          },
          occurrenceDateTime: '2026-03-02',
        },
      ],
    });
    renderRoute(<VaccinePassportPage />, { path: '/vaccine-passport' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Vaccination Passport' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Vaccination Passport - CareSlot');
    expect(await screen.findByAltText('QR code of your SMART Health Card')).toBeInTheDocument();
    expect(
      within(screen.getByTestId('health-card-doses')).getByText(/COVID-19 mRNA · Mar 2, 2026/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the card' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my whole health record' })).toHaveAttribute(
      'href',
      '/portal/record',
    );
    expect(card).toHaveBeenCalledWith('patient-1');
  });

  it('says so when no immunization is on record', async () => {
    card.mockResolvedValue({ Jws: 'a.b.c', Qr: 'shc:/56', QrSvg: '<svg/>', Immunizations: [] });
    renderRoute(<VaccinePassportPage />, { path: '/vaccine-passport' });
    expect(await screen.findByText('No immunizations recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download the card' })).not.toBeInTheDocument();
  });
});
