import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@careslot/contracts';
import { Providers, setupI18n } from '../../../testing/render';
import { SearchFilter, type FilterValues } from './SearchFilter';

const TODAY = '2026-11-23';
const EMPTY: FilterValues = { specialties: [], condition: null, textField: null, zipCode: null, insuranceName: null, insurancePlanName: null, date: TODAY };
const LISTS: Record<string, unknown> = {
  '/careslot-resource-library/api/v1/specialties': { Data: [{ Id: 's1', Code: 'int', Display: 'Internist' }], Total: 1 },
  '/careslot-resource-library/api/v1/conditions': { Data: [{ Id: 'c1', Code: 'acne', Display: 'Acne', Specialties: [] }], Total: 1 },
  '/careslot-resource-library/api/v1/insurances': { Data: [], Total: 0 },
  '/careslot-resource-library/api/v1/zip-codes/prefix': { Data: [], Total: 0 },
};

beforeAll(() => setupI18n(['common', 'findCare']));
beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async (url: string) => new Response(JSON.stringify(LISTS[url.split('?')[0]!] ?? {}), { status: 200 })));
});
afterEach(() => vi.unstubAllGlobals());

function renderFilter(onSearch = vi.fn()) {
  render(
    <Providers>
      <SearchFilter initial={EMPTY} today={TODAY} onSearch={onSearch} onClear={vi.fn()} />
    </Providers>,
  );
  return onSearch;
}

describe('SearchFilter', () => {
  it('keeps the zip box to digits, formats ZIP+4 and stops at 9 digits', async () => {
    renderFilter();
    const zip = screen.getByRole('combobox', { name: 'Zip code' });
    await userEvent.type(zip, '1a0b0~0`1');
    expect(zip).toHaveValue('10001');
    await userEvent.type(zip, '12345');
    expect(zip).toHaveValue('10001-1234');
    fireEvent.paste(zip, { clipboardData: { getData: () => 'x9' } });
    expect(zip).toHaveValue('10001-1234');
  });

  it('says a zip of 1 or 2 digits is too short on blur, and refuses to search with a zip of 6 digits', async () => {
    const onSearch = renderFilter();
    const zip = screen.getByRole('combobox', { name: 'Zip code' });
    await userEvent.type(zip, '12');
    fireEvent.blur(zip);
    expect(await screen.findByText('Enter at least 3 digits')).toBeInTheDocument();
    await userEvent.clear(zip);
    await userEvent.type(zip, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter a 5 or 9 digit zip code')).toBeInTheDocument();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('searches a typed specialty as a specialty, a condition as a condition, other text as free text, and keeps the filter in the session', async () => {
    const onSearch = renderFilter();
    const term = screen.getByRole('combobox', { name: 'Condition or specialty' });
    await userEvent.click(term);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/careslot-resource-library/api/v1/specialties', expect.anything()));
    await userEvent.type(term, 'internist');
    await userEvent.type(screen.getByRole('combobox', { name: 'Zip code' }), '10001');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ specialties: ['Internist'], condition: null, textField: null, zipCode: '10001' }));
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.session.providerSearchState)!)).toEqual({
      filter: { specialty: 'Internist', condition: null, zipCode: '10001', insuranceName: null, insurancePlanName: null },
    });

    await userEvent.clear(term);
    await userEvent.type(term, 'ACNE');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ specialties: [], condition: 'Acne', textField: null }));

    await userEvent.clear(term);
    await userEvent.type(term, 'Bennett');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ specialties: [], condition: null, textField: 'Bennett' }));
  });
});
