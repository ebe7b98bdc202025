import { describe, expect, it } from 'vitest';
import type { Invitation } from '@careslot/contracts';
import { patientFromClaims, patientFromInvitation } from './signupPatient';

describe('patientFromClaims (§5.2)', () => {
  it('strips the phone to digits, takes the prefix from the gender and marks the e-mail verified', () => {
    const patient = patientFromClaims(
      {
        email: 'casey@example.com',
        given_name: 'Casey',
        family_name: "O'Neil",
        gender: 'Female',
        mobile_number: '(555) 201-7788',
        dob: '1991-04-09',
      },
      'America/Chicago',
    );
    expect(patient.Name[0]).toMatchObject({ Given: ['Casey'], Family: "O'Neil", Prefix: ['Mrs'] });
    expect(patient.Telecom).toEqual([
      { System: 'Email', Value: 'casey@example.com', IsVerified: true },
      { System: 'Mobile', Value: '5552017788', IsVerified: false },
    ]);
    expect(patient.BirthDate).toBe('1991-04-09');
    expect(patient.Gender).toBe('Female');
    expect(patient.TimeZone).toBe('America/Chicago');
  });

  it('uses Mr for male, Mx otherwise, and leaves out what the token lacks', () => {
    expect(patientFromClaims({ gender: 'M' }).Name[0]!.Prefix).toEqual(['Mr']);
    const unknown = patientFromClaims({ email: 'a@b.co' });
    expect(unknown.Name[0]!.Prefix).toEqual(['Mx']);
    expect(unknown.Gender).toBeNull();
    expect(unknown.BirthDate).toBeNull();
    expect(unknown.Telecom).toHaveLength(1);
  });
});

describe('patientFromInvitation (§4.8 step 6)', () => {
  it("takes the practice's demographics and the invitation id, keeping the token's e-mail", () => {
    const invitation: Invitation = {
      Id: '7b0c7c1e-5a44-4c35-9d55-4a2f5a0a2b11',
      Name: [{ Given: ['Robin'], Family: 'Marsh' }],
      Telecom: [{ System: 'Mobile', Value: '555-300-1000' }],
      BirthDate: '1985-02-11',
      Gender: 'Male',
      Address: {},
      Identifier: [],
      Practice: { Id: 'p1' },
      Status: 'Pending',
      ExpiresAt: '2026-12-23T00:00:00.000Z',
    };
    const patient = patientFromInvitation(
      invitation,
      { email: 'robin@example.com', given_name: 'Rob', family_name: 'M' },
      'UTC',
    );
    expect(patient.Name[0]).toMatchObject({ Given: ['Robin'], Family: 'Marsh', Prefix: ['Mr'] });
    expect(patient.Telecom).toContainEqual({ System: 'Email', Value: 'robin@example.com', IsVerified: true });
    expect(patient.Telecom).toContainEqual({ System: 'Mobile', Value: '5553001000', IsVerified: false });
    expect(patient.BirthDate).toBe('1985-02-11');
    expect(patient.InvitationId).toBe(invitation.Id);
  });
});
