import { describe, expect, it } from 'vitest';
import { breadcrumbsFromMatches, readStoredBreadcrumbs } from './breadcrumbs';

describe('breadcrumbs', () => {
  it('takes the levels that name a breadcrumb, in route order', () => {
    expect(
      breadcrumbsFromMatches([
        { pathname: '/', handle: undefined },
        { pathname: '/', handle: { breadcrumb: 'home' } },
        { pathname: '/practice-admin', handle: { hideFooter: true } },
        { pathname: '/practice-admin/settings', handle: { breadcrumb: 'settings' } },
      ]),
    ).toEqual([
      { label: 'home', path: '/' },
      { label: 'settings', path: '/practice-admin/settings' },
    ]);
  });

  it('reads the stored trail and ignores anything unreadable', () => {
    localStorage.setItem('breadcrumbs', JSON.stringify([{ label: 'home', path: '/' }, { nonsense: 1 }]));
    expect(readStoredBreadcrumbs()).toEqual([{ label: 'home', path: '/' }]);
    localStorage.setItem('breadcrumbs', '{not json');
    expect(readStoredBreadcrumbs()).toEqual([]);
  });
});
