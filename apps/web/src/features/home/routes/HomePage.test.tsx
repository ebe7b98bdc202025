import { beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { localIsoDate } from '../../../shared/search/providerSearchUrl';
import { renderRoute, setupI18n } from '../../../testing/render';
import { HomePage } from './HomePage';

beforeAll(() => setupI18n(['common', 'home']));

describe('HomePage', () => {
  it('names the page and shows the specialties first', async () => {
    renderRoute(<HomePage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a Top Doctor' })).toBeInTheDocument();
    expect(screen.getByText('Top Rated & Board Certified')).toBeInTheDocument();
    expect(document.title).toBe('Find a Doctor Near You | Schedule Online | CareSlot');
    expect(screen.getByRole('tab', { name: 'Specialties' })).toHaveAttribute('aria-selected', 'true');
    const carousel = screen.getByRole('region', { name: 'Specialties' });
    expect(within(carousel).getAllByRole('link')).toHaveLength(10);
  });

  it('a specialty tile searches its mapped value for today', async () => {
    renderRoute(<HomePage />);
    await userEvent.click(await screen.findByRole('link', { name: 'Cardiology' }));
    const location = await screen.findByTestId('location');
    const query = new URLSearchParams(location.textContent.split('?')[1]);
    expect(location.textContent).toMatch(/^\/provider-search\?/);
    expect(query.getAll('specialty[]')).toEqual(['Cardiologist (Heart Doctor)']);
    expect(query.get('date')).toBe(localIsoDate());
  });

  it('the Conditions tab shows condition tiles that search by condition', async () => {
    renderRoute(<HomePage />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Conditions' }));
    const carousel = screen.getByRole('region', { name: 'Conditions' });
    const uti = within(carousel).getByRole('link', { name: 'UTI' });
    const query = new URLSearchParams(uti.getAttribute('href')!.split('?')[1]);
    expect(query.get('condition')).toBe('Urinary Tract Infection (UTI)');
    expect(query.has('specialty[]')).toBe(false);
  });

  it('offers See a doctor now, the practice listing and both vaccine entries', async () => {
    renderRoute(<HomePage />);
    const seeNow = await screen.findByRole('link', { name: 'See a doctor now' });
    expect(seeNow.getAttribute('href')).not.toContain('specialty');
    expect(
      screen.getByRole('heading', { name: 'Are you a top doctor? List your practice to find new patients' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Find vaccines/ })).toHaveAttribute('target', '_blank');
    await userEvent.click(screen.getByRole('button', { name: 'Get my passport' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/vaccine-passport');
  });
});
