import { describe, expect, it } from 'vitest';
import { reasonsText } from './appointment';

describe('reasonsText', () => {
  it('prefers the reason typed by the patient (empty Id), then the first reason, then N/A', () => {
    expect(
      reasonsText([
        { Id: 'r1', Name: 'Checkup' },
        { Id: '', Name: 'My knee hurts' },
      ]),
    ).toBe('My knee hurts');
    expect(reasonsText([{ Id: null, Name: 'Typed' }])).toBe('Typed');
    expect(
      reasonsText([
        { Id: 'r1', Name: 'Checkup' },
        { Id: 'r2', Name: 'Flu' },
      ]),
    ).toBe('Checkup');
    expect(reasonsText([])).toBe('N/A');
    expect(reasonsText(null)).toBe('N/A');
    expect(reasonsText([{ Id: 'r1', Name: '' }])).toBe('N/A');
  });
});
