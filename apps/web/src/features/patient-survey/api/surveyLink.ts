import { useMutation, useQuery } from '@tanstack/react-query';
import {
  SURVEY_API,
  type SurveyAppointmentInfo,
  type SurveyLinkQuery,
  type SurveyQuestions,
  type SurveyResponseInput,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/**
 * The survey app's calls (practice-portal.md §2.11, §3.6; decision 0074): each carries the link's signature
 * (exp, sig) and needs no sign-in. Nothing of them is kept once the page is left (gcTime 0): they hold a visit.
 */
const KEY = 'patient-survey';

/** The survey link's signature from the page's address; null when the address has none (a hand-typed URL). */
export function readSurveyLink(params: URLSearchParams): SurveyLinkQuery | null {
  const exp = Number(params.get('exp'));
  const sig = params.get('sig') ?? '';
  if (!Number.isSafeInteger(exp) || exp <= 0 || !/^[A-Za-z0-9_-]{20,100}$/.test(sig)) return null;
  return { exp, sig };
}

const query = (link: SurveyLinkQuery) => ({ exp: String(link.exp), sig: link.sig });

/** GET survey/appointment/{id}: the welcome screen's facts. */
export function useSurveyAppointment(id: string, link: SurveyLinkQuery | null) {
  return useQuery({
    queryKey: [KEY, 'info', id, link?.sig],
    queryFn: ({ signal }) =>
      apiRequest<{ data: SurveyAppointmentInfo }>(
        `${SURVEY_API}/survey/appointment/${encodeURIComponent(id)}`,
        { query: query(link!), signal },
      ).then((a) => a.data),
    enabled: !!link,
    gcTime: 0,
    retry: false,
  });
}

/** GET survey/appointment/{id}/questions: the practice's active survey. */
export function useSurveyQuestions(id: string, link: SurveyLinkQuery | null) {
  return useQuery({
    queryKey: [KEY, 'questions', id, link?.sig],
    queryFn: ({ signal }) =>
      apiRequest<{ data: SurveyQuestions }>(
        `${SURVEY_API}/survey/appointment/${encodeURIComponent(id)}/questions`,
        { query: query(link!), signal },
      ).then((a) => a.data),
    enabled: !!link,
    gcTime: 0,
    retry: false,
  });
}

/** POST survey/appointment/{id}/responses: the answers, once. */
export function useAnswerSurvey(id: string, link: SurveyLinkQuery | null) {
  return useMutation({
    mutationFn: (body: SurveyResponseInput) =>
      apiRequest<{ message: string }>(
        `${SURVEY_API}/survey/appointment/${encodeURIComponent(id)}/responses`,
        { method: 'POST', query: query(link!), body },
      ),
  });
}
