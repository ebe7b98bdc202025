import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { setSession, type SessionUser } from '../../shared/session/session';
import { Providers, setupI18n } from '../../testing/render';
import { PRACTICE_BREADCRUMBS, useBreadcrumbs } from '../breadcrumbs';
import { BreadcrumbTrail } from './BreadcrumbTrail';

const staff: SessionUser = {
  userId: 'staff-1',
  identityProviderId: 'sub-staff-1',
  name: 'Priya Natarajan',
  email: 'staff@example.com',
  firstName: 'Priya',
  lastName: 'Natarajan',
  preferredName: null,
  gender: 'F',
  userType: 'Practitioner',
  roles: ['staff'],
  organizationId: 'org-1',
  photos: [],
};

/** The root layout's part that matters here: the trail of the matched route, then the page. */
function Layout() {
  const trail = useBreadcrumbs();
  const { pathname } = useLocation();
  return (
    <>
      <BreadcrumbTrail trail={trail} />
      <p data-testid="location">{pathname}</p>
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: null },
          {
            path: 'dashboard/practice-staff',
            element: null,
            handle: PRACTICE_BREADCRUMBS['dashboard/practice-staff'],
          },
          {
            path: 'staff-member/calendar',
            element: null,
            handle: PRACTICE_BREADCRUMBS['staff-member/calendar'],
          },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

beforeAll(() => setupI18n());
afterEach(async () => {
  setSession({ user: null, accessToken: null, isGuest: true });
  localStorage.clear();
  await act(() => i18next.changeLanguage('en'));
});

describe('BreadcrumbTrail', () => {
  it('is a navigation named Breadcrumb: an ordered list, earlier levels as links, the page marked current', async () => {
    setSession({ user: staff, accessToken: 'token', isGuest: false });
    renderAt('/staff-member/calendar');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(within(nav).getByRole('list')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Dashboard', 'Calendar']);
    const dashboard = within(items[0]!).getByRole('link', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('href', '/dashboard/practice-staff');
    expect(dashboard).not.toHaveAttribute('aria-current');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(items[1]!).getByText('Calendar')).toHaveAttribute('aria-current', 'page');
    // The trail is persisted in local storage under 'breadcrumbs' (constants.md storage keys).
    expect(JSON.parse(localStorage.getItem('breadcrumbs') ?? 'null')).toEqual([
      { label: 'dashboard', path: '/dashboard/practice-staff' },
      { label: 'calendar', path: '/staff-member/calendar' },
    ]);

    await userEvent.click(dashboard);
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard/practice-staff');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).queryByRole('link')).not.toBeInTheDocument();
    expect(within(trail).getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  it.each([
    ['es', 'Ruta de navegación', ['Panel', 'Calendario']],
    ['zh-CN', '面包屑导航', ['控制台', '日历']],
    ['vi', 'Đường dẫn', ['Bảng điều khiển', 'Lịch']],
    ['ko', '이동 경로', ['대시보드', '캘린더']],
    ['ja', 'パンくずリスト', ['ダッシュボード', 'カレンダー']],
  ] as const)(
    "is translated (%s): the landmark, and the pages named as the header's menu names them",
    async (language, landmark, names) => {
      setSession({ user: staff, accessToken: 'token', isGuest: false });
      await act(() => i18next.changeLanguage(language));
      renderAt('/staff-member/calendar');
      const nav = screen.getByRole('navigation', { name: landmark });
      expect(
        within(nav)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(names);
    },
  );

  it('shows no trail where the route names none', () => {
    renderAt('/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
    expect(localStorage.getItem('breadcrumbs')).toBe('[]');
  });
});
