import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@careslot/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setupI18n } from '../../testing/render';
import { loadComboboxParts } from '../ui/lazyCombobox';
import { SearchFilter, type FilterValues } from './SearchFilter';

const TODAY = '2026-11-23';
const EMPTY: FilterValues = {
  specialties: [],
  condition: null,
  textField: null,
  zipCode: null,
  insuranceName: null,
  insurancePlanName: null,
  date: TODAY,
};
const LISTS: Record<string, unknown> = {
  '/careslot-resource-library/api/v1/specialties': {
    Data: [{ Id: 's1', Code: 'int', Display: 'Internist' }],
    Total: 1,
  },
  '/careslot-resource-library/api/v1/conditions': {
    Data: [{ Id: 'c1', Code: 'acne', Display: 'Acne', Specialties: [] }],
    Total: 1,
  },
  '/careslot-resource-library/api/v1/insurances': {
    Data: [
      { Id: 'k1', Name: 'Aetna', Plans: [{ Id: 'p1', Name: 'Aetna PPO' }] },
      { Id: 'k2', Name: 'Medicare', Plans: [{ Id: 'p2', Name: 'Part B' }] },
    ],
    Total: 2,
  },
  '/careslot-resource-library/api/v1/zip-codes/prefix': { Data: [], Total: 0 },
};

beforeAll(() => setupI18n(['common', 'searchFilter']));
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) => new Response(JSON.stringify(LISTS[url.split('?')[0]!] ?? {}), { status: 200 }),
    ),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Mantine's test environment: no transitions and no portals, so dropdowns and the insurance panel open at once.
function Providers({ children }: { children: React.ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <MantineProvider env="test">
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

function renderFilter(onSearch = vi.fn(), props: Partial<Parameters<typeof SearchFilter>[0]> = {}) {
  render(
    <Providers>
      <SearchFilter initial={EMPTY} today={TODAY} onSearch={onSearch} onClear={vi.fn()} {...props} />
    </Providers>,
  );
  return onSearch;
}

/** Answers the mobile media query (max-width: 767px) as a phone would. */
function asPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width: 767px'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

describe('SearchFilter, before its dropdown code has loaded', () => {
  it('shows plain text boxes that keep what is typed and the focus when the Autocomplete replaces them', async () => {
    renderFilter();
    const plain = screen.getByRole('combobox', { name: 'Condition or specialty' });
    expect(plain).toHaveAttribute('aria-expanded', 'false');
    plain.focus();
    fireEvent.change(plain, { target: { value: 'Int' } });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Condition or specialty' })).not.toBe(plain),
    );
    const term = screen.getByRole('combobox', { name: 'Condition or specialty' });
    expect(term).toHaveValue('Int');
    expect(term).toHaveFocus();
    expect(await screen.findByRole('option', { name: 'Internist' })).toBeInTheDocument();
  });
});

describe('SearchFilter', () => {
  beforeAll(() => loadComboboxParts());

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
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/careslot-resource-library/api/v1/specialties', expect.anything()),
    );
    await userEvent.type(term, 'internist');
    await userEvent.type(screen.getByRole('combobox', { name: 'Zip code' }), '10001');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({
        specialties: ['Internist'],
        condition: null,
        textField: null,
        zipCode: '10001',
      }),
    );
    expect(JSON.parse(sessionStorage.getItem(STORAGE_KEYS.session.providerSearchState)!)).toEqual({
      filter: {
        specialty: 'Internist',
        condition: null,
        zipCode: '10001',
        insuranceName: null,
        insurancePlanName: null,
      },
    });

    await userEvent.clear(term);
    await userEvent.type(term, 'ACNE');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ specialties: [], condition: 'Acne', textField: null }),
    );

    await userEvent.clear(term);
    await userEvent.type(term, 'Bennett');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ specialties: [], condition: null, textField: 'Bennett' }),
    );
  });

  it('ranks typed matches by where the match starts, then alphabetically, in specialty and condition groups', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const lists: Record<string, unknown> = {
          ...LISTS,
          '/careslot-resource-library/api/v1/specialties': {
            Data: ['Pediatric Cardiologist', 'Cardiologist (Heart Doctor)', 'Internist'].map(
              (Display, i) => ({ Id: `s${i}`, Code: `c${i}`, Display }),
            ),
            Total: 3,
          },
          '/careslot-resource-library/api/v1/conditions': {
            Data: [{ Id: 'c9', Code: 'cp', Display: 'Chest Pain (Cardiac)', Specialties: [] }],
            Total: 1,
          },
        };
        return new Response(JSON.stringify(lists[url.split('?')[0]!] ?? {}), { status: 200 });
      }),
    );
    renderFilter();
    const term = screen.getByRole('combobox', { name: 'Condition or specialty' });
    await userEvent.click(term);
    await userEvent.type(term, 'cardi');
    const listbox = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Cardiologist (Heart Doctor)', 'Pediatric Cardiologist', 'Chest Pain (Cardiac)']),
    );
    expect(within(listbox).getByText('Specialties')).toBeInTheDocument();
    expect(within(listbox).getByText('Conditions')).toBeInTheDocument();
  });

  it('moves focus to insurance after a specialty is picked on desktop, and opens the carrier-and-plan panel', async () => {
    const onSearch = renderFilter();
    const term = screen.getByRole('combobox', { name: 'Condition or specialty' });
    await userEvent.click(term);
    await userEvent.type(term, 'inter');
    await userEvent.click(await screen.findByRole('option', { name: 'Internist' }));
    const insurance = screen.getByRole('combobox', { name: 'Insurance' });
    await waitFor(() => expect(insurance).toHaveFocus());
    expect(onSearch).not.toHaveBeenCalled();
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: 'Medicare' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Part B' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(insurance).toHaveValue('Medicare · Part B');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({
        specialties: ['Internist'],
        insuranceName: 'Medicare',
        insurancePlanName: 'Part B',
      }),
    );
  });

  it('closes the insurance panel on a click elsewhere', async () => {
    renderFilter();
    await userEvent.click(screen.getByRole('combobox', { name: 'Insurance' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await userEvent.click(document.body);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers no date before today', () => {
    renderFilter();
    const date = screen.getByLabelText('Date');
    expect(date).toHaveAttribute('min', TODAY);
    fireEvent.change(date, { target: { value: '2026-11-01' } });
    expect(screen.getByText('Pick today or a later date')).toBeInTheDocument();
  });

  it('hides the zip box on the home page, without a clear button', () => {
    renderFilter(vi.fn(), { variant: 'home', onClear: undefined });
    expect(screen.queryByRole('combobox', { name: 'Zip code' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Insurance' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('on a phone hides zip and insurance, and searches as soon as a specialty is picked', async () => {
    asPhone();
    const onSearch = renderFilter();
    expect(screen.queryByRole('combobox', { name: 'Zip code' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Insurance' })).not.toBeInTheDocument();
    const term = screen.getByRole('combobox', { name: 'Condition or specialty' });
    await userEvent.click(term);
    await userEvent.type(term, 'acn');
    await userEvent.click(await screen.findByRole('option', { name: 'Acne' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ condition: 'Acne', specialties: [] }));
  });
});
