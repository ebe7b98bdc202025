import {
  SURVEY_LIMITS,
  type Survey,
  type SurveyInput,
  type SurveyQuestion,
  type SurveyQuestionType,
} from '@careslot/contracts';

/** A question being edited: options as typed, one a line. */
export interface QuestionDraft {
  key: string;
  Id: string;
  Type: SurveyQuestionType;
  Text: string;
  Required: boolean;
  optionsText: string;
}

export interface SurveyDraft {
  Id?: string;
  Name: string;
  Instructions: string;
  Active: boolean;
  TemplateId: string | null;
  questions: QuestionDraft[];
}

let counter = 0;
const nextKey = () => `q${Date.now().toString(36)}${(counter++).toString(36)}`;

export function questionDraft(question?: SurveyQuestion): QuestionDraft {
  const key = nextKey();
  return question
    ? {
        key,
        Id: question.Id,
        Type: question.Type,
        Text: question.Text,
        Required: question.Required,
        optionsText: question.Options.join('\n'),
      }
    : { key, Id: key, Type: 'rating', Text: '', Required: false, optionsText: '' };
}

export function draftOf(survey: Survey | null): SurveyDraft {
  if (!survey)
    return { Name: '', Instructions: '', Active: false, TemplateId: null, questions: [questionDraft()] };
  return {
    Id: survey.Id,
    Name: survey.Name,
    Instructions: survey.Instructions,
    Active: survey.Active,
    TemplateId: survey.TemplateId,
    questions: survey.Questions.map(questionDraft),
  };
}

export const optionsOf = (question: QuestionDraft) =>
  question.Type === 'choice'
    ? question.optionsText
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
    : [];

/** What is wrong with a draft, by field, as keys of surveys:errors (the server says the same in its own words). */
export function draftProblems(draft: SurveyDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!draft.Name.trim()) problems.Name = 'nameRequired';
  else if (draft.Name.trim().length > SURVEY_LIMITS.name) problems.Name = 'tooLong';
  if (draft.Instructions.length > SURVEY_LIMITS.instructions) problems.Instructions = 'tooLong';
  if (draft.questions.length === 0) problems.questions = 'questionRequired';
  draft.questions.forEach((question) => {
    if (!question.Text.trim()) problems[`${question.key}.Text`] = 'questionTextRequired';
    else if (question.Text.length > SURVEY_LIMITS.question) problems[`${question.key}.Text`] = 'tooLong';
    const options = optionsOf(question);
    if (question.Type === 'choice' && options.length < 2) problems[`${question.key}.Options`] = 'twoOptions';
    if (
      options.length > SURVEY_LIMITS.options ||
      options.some((option) => option.length > SURVEY_LIMITS.option)
    )
      problems[`${question.key}.Options`] = 'optionsLimit';
  });
  return problems;
}

export function inputOf(draft: SurveyDraft, organizationId: string): SurveyInput {
  return {
    ...(draft.Id ? { Id: draft.Id } : {}),
    OrganizationId: organizationId,
    Name: draft.Name.trim(),
    Instructions: draft.Instructions.trim(),
    Active: draft.Active,
    TemplateId: draft.TemplateId,
    Questions: draft.questions.map((question) => ({
      Id: question.Id,
      Type: question.Type,
      Text: question.Text.trim(),
      Required: question.Required,
      Options: optionsOf(question),
    })),
  };
}
