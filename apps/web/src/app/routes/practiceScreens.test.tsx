import { isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import {
  RequireAuthentication,
  RequireBookingFlow,
  RequirePermission,
} from '../../features/identity/guards/Guards';
import { SsoBootstrap } from '../../features/identity/guards/SsoBootstrap';
import { NotFoundPage } from './NotFoundPage';
import { guarded, PracticeRoute } from './practiceScreens';

const GUARDS = new Map<unknown, string>([
  [SsoBootstrap, 'sso'],
  [RequireAuthentication, 'authentication'],
  [RequireBookingFlow, 'booking-flow'],
  [RequirePermission, 'permission'],
]);

/** The guards an element stands behind, outermost first (a permission guard with its roles), then the page. */
function chain(node: ReactNode): string[] {
  if (!isValidElement<{ children?: ReactNode; permissions?: string[] }>(node)) return [];
  const guard = GUARDS.get(node.type);
  if (!guard) return [node.type === Page ? 'page' : node.type === NotFoundPage ? '404' : 'other'];
  const label = node.props.permissions ? `${guard}:${node.props.permissions.join('+')}` : guard;
  return [label, ...chain(node.props.children)];
}

function Page() {
  return null;
}

describe('the practice routes’ guards (patient-booking.md §2.2, §4.8)', () => {
  it.each([
    ['dashboard/doctor', ['sso', 'authentication', 'page']],
    ['dashboard/appointment-requests', ['sso', 'authentication', 'page']],
    ['practice-admin/calendar', ['sso', 'permission:practiceadmin', 'page']],
    ['practice-admin/settings/user/list', ['sso', 'permission:practiceadmin+staff', 'page']],
    ['providers/:userId/settings', ['sso', 'permission:provider+practiceadmin', 'page']],
    ['providers/:userId/calendar', ['sso', 'page']],
    ['staff-member/surveys', ['sso', 'permission:staff', 'page']],
    ['super-user/finance', ['sso', 'permission:FinancialSuperUser', 'page']],
    ['super-user/marketplace', ['sso', 'permission:superuser', 'page']],
    ['support-agent/dashboard', ['sso', 'page']],
    ['reputation-management/single-sign-on', ['authentication', 'page']],
    ['practice-onboarding', ['page']],
    ['book/pay', ['booking-flow', 'page']],
  ])('%s', (path, expected) => {
    expect(chain(guarded(path, <Page />))).toEqual(expected);
  });

  it('answers a declared practice family without a screen with the 404 page behind that family’s guards', () => {
    expect(chain(PracticeRoute({ notFound: 'dashboard/*' }))).toEqual(['sso', 'authentication', '404']);
    expect(chain(PracticeRoute({ notFound: 'practice-admin/*' }))).toEqual([
      'sso',
      'permission:practiceadmin',
      '404',
    ]);
  });

  it('puts the settings frame behind the settings permission and the bootstrap', () => {
    expect(chain(PracticeRoute({ screen: 'practice-admin/settings' })).slice(0, 2)).toEqual([
      'sso',
      'permission:practiceadmin+staff',
    ]);
  });
});
