import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PatientReview,
  type PracticeCalendarContext,
  type PracticeReviewList,
  REPUTATION_BASE,
  type ReputationEntityConfiguration,
  type ReputationEntityConfigurationInput,
  type ReputationEntityType,
  type ReputationLocationSettings,
  type ReputationOrganizationSettings,
  type ReputationProviderSettings,
  type ReputationSignOn,
} from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

/** The review platform's calls (practice-portal.md §7 "Review platform"; decision 0058). */
const KEY = 'reputation-settings';

/** GET OrganizationSettings?organizationId=: the practice's settings (key masked), null when none. */
export function useOrganizationSettings(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, 'organization', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<ReputationOrganizationSettings | null>(`${REPUTATION_BASE}/OrganizationSettings`, {
        query: { organizationId: organizationId! },
        signal,
      }),
    enabled: !!organizationId,
  });
}

export interface OrganizationSettingsForm {
  Id?: string | undefined;
  OrganizationId: string;
  ApiKey?: string | undefined;
  BusinessId: string;
  IsActive: boolean;
}

/** POST (add, no Id) or PUT /{id} (change): Id present means update, absent means add (§3.8). */
export function useSaveOrganizationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ Id, ...body }: OrganizationSettingsForm) =>
      apiRequest<ReputationOrganizationSettings>(
        `${REPUTATION_BASE}/OrganizationSettings${Id ? `/${Id}` : ''}`,
        { method: Id ? 'PUT' : 'POST', body },
      ),
    onSuccess: (saved) => client.setQueryData([KEY, 'organization', saved.OrganizationId], saved),
  });
}

export type ListingKind = 'location' | 'provider';
const LISTING_BASE: Record<ListingKind, string> = {
  location: 'LocationSettings',
  provider: 'ProviderSettings',
};
export type Listing = (ReputationLocationSettings | ReputationProviderSettings) & { EntityId: string };

/** GET {Location|Provider}Settings/organizations/{id}: the practice's listings, keyed by their entity. */
export function useListings(kind: ListingKind, organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, kind, organizationId],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<{ Data: (ReputationLocationSettings | ReputationProviderSettings)[] }>(
        `${REPUTATION_BASE}/${LISTING_BASE[kind]}/organizations/${encodeURIComponent(organizationId!)}`,
        { signal },
      );
      return answer.Data.map((row): Listing => ({
        ...row,
        EntityId: 'LocationId' in row ? row.LocationId : row.ProviderId,
      }));
    },
    enabled: !!organizationId,
  });
}

export interface ListingForm {
  Id?: string | undefined;
  OrganizationId: string;
  EntityId: string;
  BusinessId: string;
  IsActive: boolean;
}

/** POST, PUT /{id} or DELETE /{id} of a location's or provider's listing. */
export function useSaveListing(kind: ListingKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ remove, form }: { remove: boolean; form: ListingForm }) => {
      const base = `${REPUTATION_BASE}/${LISTING_BASE[kind]}`;
      if (remove) return apiRequest(`${base}/${form.Id}`, { method: 'DELETE' });
      const entity = kind === 'location' ? { LocationId: form.EntityId } : { ProviderId: form.EntityId };
      const body = {
        OrganizationId: form.OrganizationId,
        BusinessId: form.BusinessId,
        IsActive: form.IsActive,
        ...entity,
      };
      return apiRequest(form.Id ? `${base}/${form.Id}` : base, { method: form.Id ? 'PUT' : 'POST', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, kind] }),
  });
}

/** POST single-sign-on: the hidden form's target and fields, the practice's key in full (§2.10). */
export function fetchSignOn(): Promise<ReputationSignOn> {
  return apiRequest<ReputationSignOn>(`${REPUTATION_BASE}/single-sign-on`, { method: 'POST' });
}

/** The practice's providers (those holding a provider role), as the practice calendar lists them. */
export function usePracticeProviders(enabled: boolean) {
  return useQuery({
    queryKey: [KEY, 'providers'],
    queryFn: ({ signal }) =>
      apiRequest<PracticeCalendarContext>('/careslot-appointment-service/api/v2/practice/calendar-context', {
        signal,
      }).then((c) => c.Providers),
    enabled,
  });
}

/**
 * POST EntityConfiguration/entities: every listed entity's configuration in one call (the screen made one call
 * per entity before: about 40 at a practice of 30 providers). Keyed `type|id`.
 */
export function useReviewRequestConfigurations(entities: { type: ReputationEntityType; id: string }[]) {
  const keys = entities.map((e) => `${e.type}|${e.id}`);
  return useQuery({
    queryKey: [KEY, 'review-requests', 'all', keys],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<{ Data: ReputationEntityConfiguration[] }>(
        `${REPUTATION_BASE}/EntityConfiguration/entities`,
        {
          method: 'POST',
          body: { Entities: entities.map((e) => ({ EntityType: e.type, EntityId: e.id })) },
          signal,
        },
      );
      return new Map(answer.Data.map((c) => [`${c.EntityType}|${c.EntityId}`, c]));
    },
    enabled: entities.length > 0,
  });
}

/** PUT EntityConfiguration/{id}: the body is the contract's input (reputationEntityConfigurationInputSchema). */
export function useSaveReviewRequestConfiguration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ReputationEntityConfigurationInput }) =>
      apiRequest<ReputationEntityConfiguration>(
        `${REPUTATION_BASE}/EntityConfiguration/${encodeURIComponent(id)}`,
        { method: 'PUT', body: input },
      ),
    onSuccess: (saved) => {
      client.setQueryData([KEY, 'review-requests', saved.EntityType, saved.EntityId], saved);
      // The screen's one list: the saved row replaces its entry.
      client.setQueriesData<Map<string, ReputationEntityConfiguration>>(
        { queryKey: [KEY, 'review-requests', 'all'] },
        (all) => (all ? new Map(all).set(`${saved.EntityType}|${saved.EntityId}`, saved) : all),
      );
    },
  });
}

/** GET patient-reviews/organizations/{id}: the practice's reviews by its patients, newest first. */
export function usePracticeReviews(organizationId: string | null, offset: number) {
  return useQuery({
    queryKey: [KEY, 'reviews', organizationId, offset],
    queryFn: ({ signal }) =>
      apiRequest<PracticeReviewList>(
        `${REPUTATION_BASE}/patient-reviews/organizations/${encodeURIComponent(organizationId!)}`,
        { query: { limit: String(REVIEWS_PAGE), offset: String(offset) }, signal },
      ),
    enabled: !!organizationId,
  });
}
export const REVIEWS_PAGE = 25;

/** PUT patient-reviews/{id}/reply: the practice's answer to a review. */
export function useReplyToReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reply }: { id: string; reply: string }) =>
      apiRequest<PatientReview>(`${REPUTATION_BASE}/patient-reviews/${encodeURIComponent(id)}/reply`, {
        method: 'PUT',
        body: { Reply: reply },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY, 'reviews'] }),
  });
}
