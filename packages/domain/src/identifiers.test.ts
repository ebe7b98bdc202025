import { describe, expect, it } from 'vitest';
import {
  legacyOrganizationIdentifier,
  legacyPractitionerIdentifier,
  practitionerIdentifiers,
} from './identifiers';

const EHR = 'https://ehr.example.test';

describe('practitioner identifier strings (patient-booking.md §3.1, §6)', () => {
  it('builds the legacy EHR identifier with the Doctor prefix for providers and Practitioner for anyone else', () => {
    expect(
      legacyPractitionerIdentifier(EHR, {
        electronic_claim_id: '1001',
        vendor_id: '5000',
        user_roles: ['Provider'],
      }),
    ).toEqual({
      System: `${EHR}/1001`,
      Value: 'Doctor-5000',
    });
    expect(
      legacyPractitionerIdentifier(`${EHR}/`, {
        electronic_claim_id: '1001',
        vendor_id: '6001',
        user_roles: ['staff'],
      }),
    ).toEqual({
      System: `${EHR}/1001`,
      Value: 'Practitioner-6001',
    });
  });

  it('has no legacy identifier without both electronic_claim_id and vendor_id', () => {
    expect(
      legacyPractitionerIdentifier(EHR, { electronic_claim_id: '1001', user_roles: ['provider'] }),
    ).toBeNull();
    expect(legacyPractitionerIdentifier(EHR, { vendor_id: '5000', user_roles: ['provider'] })).toBeNull();
    expect(legacyPractitionerIdentifier(EHR, { electronic_claim_id: ' ', vendor_id: '5000' })).toBeNull();
  });

  it('lists the identity-provider identifier first, then the legacy one', () => {
    expect(
      practitionerIdentifiers(EHR, {
        sub: 'abc',
        electronic_claim_id: '1001',
        vendor_id: '5000',
        user_roles: ['provider'],
      }),
    ).toEqual(['IdentityProvider|abc', `${EHR}/1001|Doctor-5000`]);
    expect(practitionerIdentifiers(EHR, { sub: 'abc' })).toEqual(['IdentityProvider|abc']);
  });
});

describe('legacyOrganizationIdentifier (§3.1)', () => {
  it("is '{system url}/{electronic_claim_id}|Organization-{PracticeId}' for a legacy EHR sign-in, null otherwise", () => {
    expect(
      legacyOrganizationIdentifier('https://ehr.example.test/', {
        electronic_claim_id: '1001',
        PracticeId: '1001',
      }),
    ).toEqual({
      System: 'https://ehr.example.test/1001',
      Value: 'Organization-1001',
    });
    expect(legacyOrganizationIdentifier('https://ehr.example.test', { PracticeId: '3f1c-uuid' })).toBeNull();
    expect(
      legacyOrganizationIdentifier('https://ehr.example.test', { electronic_claim_id: '1001' }),
    ).toBeNull();
  });
});
