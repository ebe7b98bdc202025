import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SURVEY_API, type Survey, type SurveyInput, type SurveyTemplate } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

type List<T> = { Data: T[]; Total: number };

/** POST survey/organization/{id}: the practice's surveys, the active one first. */
export const surveysQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['surveys', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<Survey>>(`${SURVEY_API}/survey/organization/${encodeURIComponent(organizationId)}`, {
        method: 'POST',
        signal,
      }),
  });

/** POST surveyTemplate/organization/{id}: the library's templates and the practice's own. */
export const surveyTemplatesQuery = (organizationId: string) =>
  queryOptions({
    queryKey: ['survey-templates', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<List<SurveyTemplate>>(
        `${SURVEY_API}/surveyTemplate/organization/${encodeURIComponent(organizationId)}`,
        { method: 'POST', signal },
      ),
    staleTime: 5 * 60_000,
  });

export function useSurveys(organizationId: string | null) {
  return useQuery({ ...surveysQuery(organizationId ?? ''), enabled: !!organizationId });
}

export function useSurveyTemplates(organizationId: string | null, enabled: boolean) {
  return useQuery({ ...surveyTemplatesQuery(organizationId ?? ''), enabled: !!organizationId && enabled });
}

/** POST survey (new) or PUT survey (with its Id); the list is read again after. */
export function useSaveSurvey(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (survey: SurveyInput) =>
      apiRequest<Survey>(`${SURVEY_API}/survey`, { method: survey.Id ? 'PUT' : 'POST', body: survey }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['surveys', organizationId] }),
  });
}
