import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import type { SearchProvider } from '@careslot/contracts';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ProviderCard } from './ProviderCard';

const provider: SearchProvider = {
  practitioner_id: 'pr-1',
  name_identity: 'ana-lopez',
  display_name: 'Dr. Ana Lopez',
  prefix: 'Dr.',
  given_names: ['Ana'],
  family_name: 'Lopez',
  suffix: null,
  gender: 'Female',
  photo_url: null,
  organization: { id: 'org-1', name: 'Harbor Heart Clinic' },
  location: {
    id: 'loc-1',
    name: 'Main office',
    address1: '1 Harbor Way',
    address2: null,
    city: 'Boston',
    state: 'MA',
    zip_code: '02110',
    phone: null,
    iana_time_zone: 'America/New_York',
    latitude: null,
    longitude: null,
  },
  distance: null,
  specialties: [
    { Id: 's-1', Display: 'Cardiologist (Heart Doctor)' },
    { Id: 's-2', Display: 'Heart Rhythm Whisperer' },
  ],
  insurance_carriers: [],
  visit_types: [],
  schedule_id: null,
  next_availability: null,
  slots: [],
  more_slots: false,
  other_offices: [],
};

function renderCard() {
  renderRoute(
    <ProviderCard
      provider={provider}
      locale={i18next.language}
      startDay="2026-11-30"
      live={false}
      onJump={() => {}}
    />,
  );
}

describe('ProviderCard specialty names', () => {
  beforeAll(async () => {
    await setupI18n(['findCare', 'slots', 'catalog']);
  });
  afterAll(async () => {
    await i18next.changeLanguage('en');
  });

  it('shows a Spanish patient the Spanish name of a catalog specialty, and an unknown one as the catalog gives it', async () => {
    await i18next.changeLanguage('es');
    await i18next.loadNamespaces(['findCare', 'slots', 'catalog']);
    renderCard();
    expect(
      await screen.findByText('Cardiólogo (médico del corazón), Heart Rhythm Whisperer'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Cardiologist \(Heart Doctor\)/)).not.toBeInTheDocument();
  });

  it('shows an English patient the catalog name', async () => {
    await i18next.changeLanguage('en');
    renderCard();
    expect(
      await screen.findByText('Cardiologist (Heart Doctor), Heart Rhythm Whisperer'),
    ).toBeInTheDocument();
  });
});
