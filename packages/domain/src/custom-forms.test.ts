import { describe, expect, it } from 'vitest';
import {
  formsForReason,
  isComponentVisible,
  keptAnswers,
  validateFormAnswers,
  type FormDefinitionRule,
} from './custom-forms';

const form: FormDefinitionRule = {
  Sections: [
    {
      Key: 'a',
      Title: 'A',
      Components: [
        { Key: 'sick', Type: 'yes-no', Label: 'Sick?', Required: true },
        {
          Key: 'since',
          Type: 'date',
          Label: 'Since?',
          Required: true,
          ShowWhen: { Key: 'sick', In: ['yes'] },
        },
        {
          Key: 'detail',
          Type: 'text',
          Label: 'Detail',
          Required: true,
          ShowWhen: { Key: 'since', In: ['2026-01-01'] },
        },
        { Key: 'pain', Type: 'number', Label: 'Pain', Min: 0, Max: 10 },
        { Key: 'kind', Type: 'choice', Label: 'Kind', Options: [{ Value: 'x', Label: 'X' }] },
        {
          Key: 'many',
          Type: 'multi-choice',
          Label: 'Many',
          Options: [
            { Value: 'p', Label: 'P' },
            { Value: 'q', Label: 'Q' },
          ],
        },
      ],
    },
  ],
};

describe('custom form rules', () => {
  it('shows a conditional component only when its condition holds, and hides the chain under a hidden parent', () => {
    expect(isComponentVisible(form, 'since', { sick: true })).toBe(true);
    expect(isComponentVisible(form, 'since', { sick: false })).toBe(false);
    expect(isComponentVisible(form, 'detail', { sick: false, since: '2026-01-01' })).toBe(false);
    expect(isComponentVisible(form, 'detail', { sick: true, since: '2026-01-01' })).toBe(true);
  });

  it('requires visible required answers only, and checks each kind of value', () => {
    expect(validateFormAnswers(form, {})).toEqual({ sick: 'required' });
    expect(validateFormAnswers(form, { sick: true })).toEqual({ since: 'required' });
    expect(validateFormAnswers(form, { sick: true, since: '2026-02-30' })).toEqual({ since: 'date' });
    expect(validateFormAnswers(form, { sick: false, pain: 11, kind: 'y', many: ['p', 'z'] })).toEqual({
      pain: 'max',
      kind: 'option',
      many: 'option',
    });
    expect(validateFormAnswers(form, { sick: 'maybe' })).toEqual({ sick: 'type' });
    expect(validateFormAnswers(form, { sick: false, pain: '7' })).toEqual({});
  });

  it('keeps only the answers of visible components', () => {
    expect(keptAnswers(form, { sick: false, since: '2026-01-01', pain: 3, many: [] })).toEqual({
      sick: false,
      pain: 3,
    });
  });

  it('keeps every form when the first applies to all reasons, else filters by the chosen reason', () => {
    const all = { Id: 'all', AssociatedServiceTypes: [{ Id: '-1', Name: 'All Reasons' }] };
    const knee = { Id: 'knee', AssociatedServiceTypes: [{ Id: 'k', Name: 'Knee' }] };
    const back = { Id: 'back', AssociatedServiceTypes: [{ Id: 'b', Name: 'Back' }] };
    expect(formsForReason([all, knee, back], 'k').map((f) => f.Id)).toEqual(['all', 'knee', 'back']);
    expect(formsForReason([knee, all, back], 'k').map((f) => f.Id)).toEqual(['knee', 'all']);
    expect(formsForReason([knee, back], 'x')).toEqual([]);
    expect(formsForReason([knee, back], -1).map((f) => f.Id)).toEqual(['knee', 'back']);
    expect(formsForReason([knee, back], 'All').map((f) => f.Id)).toEqual(['knee', 'back']);
  });
});
