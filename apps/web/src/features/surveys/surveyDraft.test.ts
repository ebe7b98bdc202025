import { describe, expect, it } from 'vitest';
import { surveyInputSchema, type Survey } from '@careslot/contracts';
import { draftOf, draftProblems, inputOf, questionDraft } from './surveyDraft';

const ORG = '00000000-0000-4000-8000-000000000001';

describe('the survey form', () => {
  it('starts a new survey with one empty question and says what is missing', () => {
    const draft = draftOf(null);
    expect(draft.questions).toHaveLength(1);
    const key = draft.questions[0]!.key;
    expect(draftProblems(draft)).toEqual({ Name: 'nameRequired', [`${key}.Text`]: 'questionTextRequired' });
  });

  it('asks a choice question for two answers, one a line, blank lines ignored', () => {
    const question = {
      ...questionDraft(),
      Type: 'choice' as const,
      Text: 'How long did you wait?',
      optionsText: 'No wait\n\n',
    };
    const draft = { ...draftOf(null), Name: 'Wait', questions: [question] };
    expect(draftProblems(draft)).toEqual({ [`${question.key}.Options`]: 'twoOptions' });
    const fixed = { ...draft, questions: [{ ...question, optionsText: 'No wait\n  A while  \n' }] };
    expect(draftProblems(fixed)).toEqual({});
    expect(inputOf(fixed, ORG).Questions[0]!.Options).toEqual(['No wait', 'A while']);
  });

  it('sends what the server accepts, keeping an edited survey its id and question ids', () => {
    const survey: Survey = {
      Id: '00000000-0000-4000-8000-000000000002',
      OrganizationId: ORG,
      Name: 'After your visit',
      Instructions: '',
      Active: true,
      TemplateId: null,
      Questions: [{ Id: 'overall', Type: 'rating', Text: 'How was it?', Required: true, Options: [] }],
      LastChangedOn: '2026-11-26T10:00:00.000Z',
    };
    const input = inputOf({ ...draftOf(survey), Name: '  Renamed ' }, ORG);
    expect(input).toMatchObject({
      Id: survey.Id,
      Name: 'Renamed',
      Questions: [{ Id: 'overall', Type: 'rating', Required: true, Options: [] }],
    });
    expect(surveyInputSchema.safeParse(input).success).toBe(true);
    expect(
      surveyInputSchema.safeParse(
        inputOf(
          { ...draftOf(null), Name: 'New', questions: [{ ...questionDraft(), Text: 'Anything else?' }] },
          ORG,
        ),
      ).success,
    ).toBe(true);
  });
});
