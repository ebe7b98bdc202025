import {
  ACCESS_CONTROL_BASE,
  type CustomForm,
  type EntityConfiguration,
  type FeatureCode,
  type HealthcareService,
  type Location,
  type Organization,
  type Practitioner,
  type ServiceType,
} from '@careslot/contracts';
import { enabledFeatures } from '@careslot/domain';
import type { RequestOptions } from '../../shared/api/client';
import { EMPTY_PRACTICE, type PracticeState } from '../../shared/session/practice';

const ADMINISTRATION = '/careslot-administration/api/v2';
export { practiceToLoad } from './practiceToLoad';

type Api = <T>(path: string, options?: RequestOptions) => Promise<T>;

/**
 * Loads the practice of a signed-in practice user (practice-portal.md §4.4): organization, locations,
 * practitioners, service types, health-care services and assessment forms, in parallel. Failed reads are ignored silently (§8): what
 * loaded is kept, the rest stays empty. Reputation details are fetched with the user's e-mail and the
 * organization (the review platform's user details); reputation is on when they are found.
 */
export async function loadPracticeData(
  organizationId: string,
  api: Api,
  email: string,
  roles: readonly string[] = [],
): Promise<PracticeState & { reputationEnabled: boolean; features: ReadonlySet<FeatureCode> | null }> {
  const quiet = <T>(read: Promise<T>) => read.catch(() => null);
  const [
    organization,
    locations,
    practitioners,
    serviceTypes,
    services,
    assessmentForms,
    reputation,
    access,
  ] = await Promise.all([
    quiet(api<Organization>(`${ADMINISTRATION}/organization/${encodeURIComponent(organizationId)}`)),
    quiet(
      api<{ Data: Location[] }>(`${ADMINISTRATION}/location/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 1000, Offset: 1 },
      }),
    ),
    quiet(
      api<{ Data: Practitioner[] }>(
        `${ADMINISTRATION}/practitioner/get-by-organization/${encodeURIComponent(organizationId)}`,
      ),
    ),
    quiet(
      api<{ Data: ServiceType[] }>('/careslot-calendar/api/v2/servicetype/advance-search', {
        method: 'POST',
        body: { OrganizationId: organizationId },
      }),
    ),
    quiet(
      api<{ Data: HealthcareService[] }>(`${ADMINISTRATION}/healthcareservice/advance-search`, {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 1000, Offset: 1 },
      }),
    ),
    quiet(
      api<{ Data: CustomForm[] }>('/careslot-resource-library/api/v1/assessment-forms', {
        query: { orgId: organizationId },
      }),
    ),
    email
      ? quiet(
          api<{ data: { ReputationEnabled: boolean } }>(
            `/careslot-reputation-service/api/v1/users/${encodeURIComponent(email)}/${encodeURIComponent(organizationId)}`,
          ),
        )
      : Promise.resolve(null),
    // Access control (decision 0059): the practice's feature switches per role; the menus hide what is off.
    quiet(
      api<{ Data: EntityConfiguration[] }>(`${ACCESS_CONTROL_BASE}/EntityConfigurations/get`, {
        method: 'POST',
        body: { OrganizationId: organizationId },
      }),
    ),
  ]);
  return {
    ...EMPTY_PRACTICE,
    organizationId,
    organization,
    locations: locations?.Data ?? [],
    practitioners: practitioners?.Data ?? [],
    healthCareServices: services?.Data ?? [],
    serviceTypes: serviceTypes?.Data ?? [],
    assessmentForms: assessmentForms?.Data ?? [],
    reputationEnabled: reputation?.data?.ReputationEnabled === true,
    features: access ? enabledFeatures(access.Data, roles) : null,
  };
}
