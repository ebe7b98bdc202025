import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../shared/api/client';
import { checkPractitionerLogin } from './practitionerLogin';

const PRACTITIONER = { sub: 's-1', careslot_id: 'pr-1', user_type: 'Practitioner', PracticeId: 'org-1' };

function api(answers: { practitioner?: unknown; roles?: unknown }) {
  return async <T,>(path: string, _options?: RequestOptions): Promise<T> => {
    const answer = path.includes('practitionerrole') ? answers.roles : answers.practitioner;
    if (answer === undefined || answer instanceof Error) throw answer ?? new Error('404');
    return answer as T;
  };
}

describe('product login of a practitioner (§4.8)', () => {
  it('lets a practitioner with a role in the practice in', async () => {
    expect(await checkPractitionerLogin(PRACTITIONER, api({ practitioner: { Id: 'pr-1' }, roles: { Data: [{ Id: 'r' }] } }))).toBeNull();
  });
  it('refuses a practitioner without a practitioner role, or without a practitioner record', async () => {
    expect(await checkPractitionerLogin(PRACTITIONER, api({ practitioner: { Id: 'pr-1' }, roles: { Data: [] } }))).toBe('noRole');
    expect(await checkPractitionerLogin(PRACTITIONER, api({}))).toBe('noRole');
  });
  it('says the roles could not be retrieved when that call fails', async () => {
    expect(await checkPractitionerLogin(PRACTITIONER, api({ practitioner: { Id: 'pr-1' }, roles: new Error('500') }))).toBe('rolesFailed');
  });
  it('does not apply to patients and super users', async () => {
    expect(await checkPractitionerLogin({ user_type: 'Patient' }, api({}))).toBeNull();
    expect(await checkPractitionerLogin({ user_type: 'SuperUser' }, api({}))).toBeNull();
  });
});
