import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../shared/api/client';
import type { SessionUser } from '../../shared/session/session';
import { loadPracticeData, practiceToLoad } from './practiceData';

const user = (roles: string[], organizationId: string | null = 'org-1') =>
  ({
    roles,
    organizationId,
    userId: 'u',
    name: 'N',
    email: 'e',
    userType: 'Practitioner',
  }) as unknown as SessionUser;

describe('practice data on login (practice-portal §4.4)', () => {
  it('loads only for practiceadmin, staff or provider with an OrganizationId', () => {
    expect(practiceToLoad(user(['provider']))).toBe('org-1');
    expect(practiceToLoad(user(['staff']))).toBe('org-1');
    expect(practiceToLoad(user(['PracticeAdmin']))).toBe('org-1');
    expect(practiceToLoad(user(['patient']))).toBeNull();
    expect(practiceToLoad(user(['superuser']))).toBeNull();
    expect(practiceToLoad(user(['provider'], null))).toBeNull();
    expect(practiceToLoad(null)).toBeNull();
  });

  it('reads the organization, locations, practitioners, service types, services and assessment forms of the practice; reputation is on when the details of the e-mail in the practice are found', async () => {
    const calls: string[] = [];
    const api = async <T>(path: string, options?: RequestOptions): Promise<T> => {
      calls.push(`${options?.method ?? 'GET'} ${path} ${JSON.stringify(options?.body ?? '')}`);
      if (path.includes('/organization/')) return { Id: 'org-1', has_reputation_enabled: false } as T;
      if (path === '/careslot-reputation-service/api/v1/users/staff%40example.test/org-1')
        return { data: { ReputationEnabled: true } } as T;
      if (path.includes('/location/')) return { Data: [{ Id: 'loc-1' }], Total: 1 } as T;
      if (path.includes('/practitioner/')) return { Data: [{ Id: 'pr-1' }, { Id: 'pr-2' }], Total: 2 } as T;
      if (path.includes('/servicetype/'))
        return { Data: [{ Id: 'st-1', Name: 'Annual physical' }], Total: 1 } as T;
      if (path.includes('/assessment-forms') && options?.query?.orgId === 'org-1')
        return { Data: [{ Id: 'f-1', Name: 'PHQ-9' }], Total: 1 } as T;
      throw new Error('500');
    };
    const practice = await loadPracticeData('org-1', api, 'staff@example.test');
    expect(practice.organization?.Id).toBe('org-1');
    expect(practice.locations.map((l) => l.Id)).toEqual(['loc-1']);
    expect(practice.practitioners.map((p) => p.Id)).toEqual(['pr-1', 'pr-2']);
    expect(practice.serviceTypes.map((s) => s.Name)).toEqual(['Annual physical']);
    expect(practice.assessmentForms.map((f) => f.Name)).toEqual(['PHQ-9']);
    // A failed read is ignored silently: the rest of the practice is there.
    expect(practice.healthCareServices).toEqual([]);
    expect(practice.reputationEnabled).toBe(true);
    expect(calls).toContain(
      'POST /careslot-administration/api/v2/location/advance-search {"OrganizationId":"org-1","Limit":1000,"Offset":1}',
    );
    expect(calls).toContain('GET /careslot-administration/api/v2/practitioner/get-by-organization/org-1 ""');
    expect(calls).toContain(
      'POST /careslot-calendar/api/v2/servicetype/advance-search {"OrganizationId":"org-1"}',
    );
    expect(calls).toContain('GET /careslot-resource-library/api/v1/assessment-forms ""');
  });

  it('leaves reputation off when the details are not found (404), whatever the organization says', async () => {
    const api = async <T>(path: string): Promise<T> => {
      if (path.includes('/organization/')) return { Id: 'org-1', has_reputation_enabled: true } as T;
      throw new Error(path.includes('reputation-service') ? '404' : '500');
    };
    expect((await loadPracticeData('org-1', api, 'staff@example.test')).reputationEnabled).toBe(false);
  });

  it("reads the practice's access control and keeps the features the user's roles may use (decision 0059)", async () => {
    const api = async <T>(path: string, options?: RequestOptions): Promise<T> => {
      if (
        path === '/careslot-access-control/api/v1/EntityConfigurations/get' &&
        (options?.body as { OrganizationId?: string }).OrganizationId === 'org-1'
      )
        return {
          Data: [
            {
              Id: 'c1',
              EntityType: 'Role',
              EntityId: 'staff',
              Services: [{ ServiceCode: 'calendar', Enabled: false }],
            },
            { Id: 'c2', EntityType: 'Role', EntityId: 'provider', Services: [] },
          ],
        } as T;
      throw new Error('500');
    };
    const staff = await loadPracticeData('org-1', api, 'staff@example.test', ['staff']);
    expect([...staff.features!].sort()).toEqual(['checkInSummary', 'reputation', 'requests']);
    // A role that still has it keeps it for a user holding both.
    const both = await loadPracticeData('org-1', api, 'x@example.test', ['staff', 'provider']);
    expect(both.features!.has('calendar')).toBe(true);
  });

  it('leaves the features unknown (null: the menu rules alone decide) when the access control cannot be read', async () => {
    const api = async <T>(): Promise<T> => {
      throw new Error('500');
    };
    expect((await loadPracticeData('org-1', api, 'staff@example.test', ['staff'])).features).toBeNull();
  });
});
