import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  SURVEY_API,
  SURVEY_RESULTS_PAGE_SIZE,
  type SurveyComment,
  type SurveyResults,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

export interface ResultsFilter {
  From: string;
  To: string;
}

/** POST survey/{id}/results: the survey's answers in the range, summed, with one page of the free-text answers. */
const fetchResults = (
  surveyId: string,
  filter: ResultsFilter,
  page: number,
  size: number,
  signal?: AbortSignal,
) =>
  apiRequest<SurveyResults>(`${SURVEY_API}/survey/${encodeURIComponent(surveyId)}/results`, {
    method: 'POST',
    body: { ...filter, CommentsPage: page, CommentsPageSize: size },
    signal,
  });

export function useSurveyResults(surveyId: string, filter: ResultsFilter, page: number) {
  return useQuery({
    queryKey: ['survey-results', surveyId, filter, page],
    queryFn: ({ signal }) => fetchResults(surveyId, filter, page, SURVEY_RESULTS_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every free-text answer of the range (for the CSV file), read 100 at a time. */
export async function allComments(surveyId: string, filter: ResultsFilter): Promise<SurveyComment[]> {
  const comments: SurveyComment[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await fetchResults(surveyId, filter, page, 100);
    comments.push(...answer.Comments.Data);
    if (answer.Comments.Data.length === 0 || comments.length >= answer.Comments.Total) return comments;
  }
}
