import { describe, expect, it } from 'vitest';
import { locationInputSchema } from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { serverErrors, validate } from './formErrors';

const ORG = '7f0c1a52-2b53-4d8e-9a61-0e6f6d8f1a11';
const good = {
  Name: 'Lakeside Clinic',
  OrganizationId: ORG,
  TimeZone: 'America/Chicago',
  Address: { Address1: '233 S Wacker Dr', City: 'Chicago', State: 'il', ZipCode: '60606-1234' },
  Phone: '(312) 555-0142',
  Emails: ['front@lakeside.example.com'],
};

describe('settings form messages', () => {
  it('passes a good facility, normalising the state and the zip', () => {
    const result = validate(locationInputSchema, good);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data.Address).toMatchObject({ State: 'IL', ZipCode: '606061234' });
  });

  it('names the rule of each field broken, with the spec limits', () => {
    const result = validate(locationInputSchema, {
      ...good,
      Name: 'n'.repeat(76),
      Phone: '555',
      Emails: ['not-an-address'],
      Address: { Address1: '', City: 'Chicago 2', State: 'Illinois', ZipCode: '6060' },
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      Name: { key: 'validation.tooLong', values: { max: 75 } },
      Phone: { key: 'validation.phone' },
      'Emails.0': { key: 'validation.email' },
      'Address.Address1': { key: 'validation.required' },
      'Address.City': { key: 'validation.city' },
      'Address.State': { key: 'validation.state' },
      'Address.ZipCode': { key: 'validation.zip' },
    });
  });

  it("puts the server's own rules on the fields it names", () => {
    const error = new ApiError(400, 'bad', [
      { field: 'body.Address.ZipCode', rule: 'unknown_zip', message: 'is not a US zip code' },
      { field: 'body.Address.State', rule: 'matches_zip', message: "must be the zip code's state (IL)" },
    ]);
    expect(serverErrors(error)).toEqual({
      'Address.ZipCode': { key: 'validation.unknownZip' },
      'Address.State': { key: 'validation.matchesZip' },
    });
    expect(serverErrors(new ApiError(500, 'boom'))).toBeNull();
  });

  it('names a practice name another practice holds (409 unique) on the name field', () => {
    const taken = new ApiError(409, 'Conflict', [
      { field: 'body.Name', rule: 'unique', message: 'A practice with this name already exists' },
    ]);
    expect(serverErrors(taken)).toEqual({ Name: { key: 'validation.nameTaken' } });
    expect(serverErrors(new ApiError(409, 'Conflict'))).toBeNull();
  });
});
