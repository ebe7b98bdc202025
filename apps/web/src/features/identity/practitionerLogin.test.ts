import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../shared/api/client';
import { checkPractitionerLogin } from './practitionerLogin';

const PRACTITIONER = { sub: 's-1', careslot_id: 'pr-1', user_type: 'Practitioner', PracticeId: 'org-1' };

function api(answers: { practitioner?: unknown; roles?: unknown }) {
  return async <T>(path: string, _options?: RequestOptions): Promise<T> => {
    const answer = path.includes('practitionerrole') ? answers.roles : answers.practitioner;
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('404');
    return answer as T;
  };
}

describe('product login of a practitioner (§4.8)', () => {
  it('lets a practitioner with a role in the practice in', async () => {
    expect(
      await checkPractitionerLogin(
        PRACTITIONER,
        api({ practitioner: { Id: 'pr-1' }, roles: { Data: [{ Id: 'r' }] } }),
      ),
    ).toBeNull();
  });
  it('refuses a practitioner without a practitioner role, or without a practitioner record', async () => {
    expect(
      await checkPractitionerLogin(PRACTITIONER, api({ practitioner: { Id: 'pr-1' }, roles: { Data: [] } })),
    ).toBe('noRole');
    expect(await checkPractitionerLogin(PRACTITIONER, api({}))).toBe('noRole');
  });
  it('says the roles could not be retrieved when that call fails', async () => {
    expect(
      await checkPractitionerLogin(
        PRACTITIONER,
        api({ practitioner: { Id: 'pr-1' }, roles: new Error('500') }),
      ),
    ).toBe('rolesFailed');
  });
  it('does not apply to patients and super users', async () => {
    expect(await checkPractitionerLogin({ user_type: 'Patient' }, api({}))).toBeNull();
    expect(await checkPractitionerLogin({ user_type: 'SuperUser' }, api({}))).toBeNull();
  });
  it("looks a legacy EHR sign-in's roles up in the organization its practice number names; none is 'noRole'", async () => {
    const legacy = {
      ...PRACTITIONER,
      careslot_id: 'pr-1',
      electronic_claim_id: '1001',
      vendor_id: '5001',
      PracticeId: '1001',
    };
    const seen: { path: string; body: unknown }[] = [];
    const withOrganizations =
      (organizations: unknown[]) =>
      async <T>(path: string, options?: RequestOptions): Promise<T> => {
        seen.push({ path, body: options?.body });
        if (path.includes('organization/advance-search')) return { Data: organizations } as T;
        return (
          path.includes('practitionerrole') ? { Data: [{ Id: 'r' }] } : { Data: [{ Id: 'pr-1' }] }
        ) as T;
      };
    expect(
      await checkPractitionerLogin(
        legacy,
        withOrganizations([{ Id: 'org-uuid' }]),
        'https://ehr.example.test',
      ),
    ).toBeNull();
    expect(seen.find((c) => c.path.includes('organization/'))?.body).toEqual({
      Identifier: ['https://ehr.example.test/1001|Organization-1001'],
      Limit: 1,
      Offset: 1,
    });
    expect(seen.find((c) => c.path.includes('practitionerrole'))?.body).toEqual({
      PractitionerId: 'pr-1',
      OrganizationId: 'org-uuid',
    });
    seen.length = 0;
    expect(await checkPractitionerLogin(legacy, withOrganizations([]), 'https://ehr.example.test')).toBe(
      'noRole',
    );
    expect(seen.some((c) => c.path.includes('practitionerrole'))).toBe(false);
  });
});
