import { describe, expect, it } from 'vitest';
import { errorsFrom, validateDemoRequest } from './demoRequests';

const valid = {
  name: 'Amara Okafor',
  practice: 'Lakeside Family Medicine',
  email: 'amara@lakeside.com',
  phone: '(312) 555-0142',
  interests: ['payments' as const],
};

describe('demo request form rules', () => {
  it('accepts a complete request', () => {
    expect(validateDemoRequest(valid)).toEqual({});
  });

  it('names every empty required field with its message', () => {
    expect(validateDemoRequest({ name: '', practice: '', email: '', phone: '', interests: [] })).toEqual({
      name: 'demo.errors.nameRequired',
      practice: 'demo.errors.practiceRequired',
      email: 'demo.errors.emailRequired',
      phone: 'demo.errors.phoneRequired',
      interests: 'demo.errors.interestsRequired',
    });
  });

  it('explains a malformed e-mail, phone and name', () => {
    expect(validateDemoRequest({ ...valid, email: 'amara@lakeside', phone: '12345', name: 'R2D2' })).toEqual({
      email: 'demo.errors.emailInvalid',
      phone: 'demo.errors.phoneInvalid',
      name: 'demo.errors.nameInvalid',
    });
  });

  it("maps the server's 400 issues to the same messages", () => {
    expect(
      errorsFrom([
        { field: 'body.email', rule: 'invalid_format' },
        { field: 'body.interests.0', rule: 'invalid_value' },
      ]),
    ).toEqual({
      email: 'demo.errors.emailInvalid',
      interests: 'demo.errors.interestsRequired',
    });
  });
});
