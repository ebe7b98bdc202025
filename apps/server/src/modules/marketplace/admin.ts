import { randomUUID } from 'node:crypto';
import type {
  CatalogAdminQuery,
  PageProfileCreate,
  PageProfileSettings,
  PageProfileUpdate,
  VisitType,
} from '@careslot/contracts';
import { profileSlug } from '@careslot/domain';
import {
  authorizePractice,
  practiceSearchScope,
  recordPracticeOutcome,
  ROLE_SETS,
  type AccessAction,
} from '../../platform/access';
import { onConnection, type RequestContext } from '../../platform/context';
import type { AppDeps } from '../../platform/deps';
import { appendEvents } from '../../platform/events';
import { badRequest, fieldError, notFound } from '../../platform/errors';
import {
  DIRECTORY_CHANGED,
  getHealthcareService,
  getLocations,
  getOrganization,
  profileEntitySources,
  type DirectoryChangedPayload,
} from '../organizations';
import { getPractitioner, listPractitionerRoles } from '../people';
import * as store from './store';

/** Audit workflows of the marketplace's edits (constants.md style). */
export const PAGE_PROFILE_WORKFLOW = 'Page_Profile_Edit_Web';
export const CATALOG_WORKFLOW = 'Marketplace_Catalog_Edit_Web';

type Deps = Pick<AppDeps, 'database' | 'events'>;
/** A profile is its practices' admins' to edit, and any super user's (the catalog is theirs). */
const EDITORS = { roles: ROLE_SETS.ADMINS } as const;

/** The practices an entity belongs to (a provider may work for several). */
async function organizationsOf(deps: Deps, entityType: string, entityId: string): Promise<string[]> {
  if (entityType === 'Organization')
    return (await getOrganization(deps.database, entityId)) ? [entityId] : [];
  if (entityType === 'HealthCareService') {
    const service = await getHealthcareService(deps.database, entityId);
    return service ? [service.OrganizationId] : [];
  }
  const roles = await listPractitionerRoles(deps.database, { PractitionerId: entityId });
  return [...new Set(roles.filter((r) => r.Active).map((r) => r.OrganizationId))];
}

/**
 * The caller may act on this entity's profile (the platform policy, decision 0080): a super user any, a practice
 * admin those of its own practice (a provider working for several belongs to each); another practice's 404,
 * a user of the practice without the role 403, audited. Returns the practice the profile is edited for.
 */
async function profileOwner(
  deps: Deps,
  context: RequestContext,
  action: AccessAction,
  entity: { type: string; id: string },
  workflow: string,
  audit: 'all' | 'refusals',
): Promise<string | null> {
  const organizationIds = await organizationsOf(deps, entity.type, entity.id);
  return authorizePractice(
    context,
    action,
    {
      entityType: 'PageProfile',
      id: entity.id,
      organizationId: null,
      organizationIds,
      workflow,
      detail: { entityType: entity.type },
    },
    { ...EDITORS, audit },
  );
}

function toSettings(row: store.PageProfileRow, organizationId: string | null): PageProfileSettings {
  return {
    Id: row.id,
    Entity: { Id: row.entity_id, Type: row.entity_type },
    OrganizationId: organizationId,
    NameIdentity: row.name_identity,
    Name: row.name,
    Title: row.title,
    About: row.about,
    VisitTypes: row.visit_types,
    IsPublished: row.is_published,
    ShowSuggestedEntities: row.show_suggested_entities,
    EnableLocationSearch: row.enable_location_search,
    DisplaySpecialities: row.display_specialities,
    DisplayInsurances: row.display_insurances,
    DisplayLocationPhone: row.display_location_phone,
    ScheduleViaReferrer: row.schedule_via_referrer,
    EnableSplitCalendar: row.enable_split_calendar,
    EnableProfileRanking: row.enable_profile_ranking,
    ReferrerUrl: row.referrer_url,
    ReferrerInstructions: row.referrer_instructions,
    PageProfileScheduleType: row.page_profile_schedule_type,
    HiddenFacilities: row.hidden_facilities,
    HiddenSuggestedIds: row.hidden_suggested_ids,
  };
}

/** The search follows a profile's change: its provider's rows, or every provider of its practice. */
async function announce(
  tx: Parameters<typeof appendEvents>[0],
  row: store.PageProfileRow,
  organizationId: string | null,
  reason: string,
) {
  if (!organizationId) return;
  const payload: DirectoryChangedPayload = {
    organizationId,
    practitionerIds: row.entity_type === 'Provider' ? [row.entity_id] : null,
    reason,
  };
  await appendEvents(tx, [
    { aggregateType: 'organization', aggregateId: organizationId, type: DIRECTORY_CHANGED, payload },
  ]);
}

/** The entities of a practice: itself, its providers and its services. */
async function entitiesOfPractice(deps: Deps, organizationId: string): Promise<string[]> {
  const roles = await listPractitionerRoles(deps.database, { OrganizationId: organizationId });
  const services = await profileEntitySources(deps.database, {
    organizationIds: [],
    serviceIds: [],
    servicesOfOrganizationIds: [organizationId],
  });
  return [
    organizationId,
    ...new Set(roles.filter((r) => r.Code.includes('provider')).map((r) => r.PractitionerId)),
    ...services.map((s) => s.id),
  ];
}

/**
 * The profiles an editor manages: a practice admin its practice's (the practice, its providers, its services),
 * a super user any practice's (OrganizationId) or every profile by name.
 */
export async function listProfiles(
  deps: Deps,
  context: RequestContext,
  query: CatalogAdminQuery & { OrganizationId?: string | undefined },
) {
  const organizationId = await practiceSearchScope(
    context,
    { entityType: 'PageProfile', workflow: PAGE_PROFILE_WORKFLOW },
    query.OrganizationId ?? null,
    EDITORS,
  );
  // A read writes nothing (issue 29 item 5): the profiles of a practice's entities are made where the
  // directory changes (the search index's consumer of directory.changed, publishing, onboarding).
  const entityIds = organizationId ? await entitiesOfPractice(deps, organizationId) : null;
  const rows = await store.searchPageProfiles(
    deps.database,
    { name: query.Name ?? null, entityType: query.EntityType ?? null, entityIds },
    { limit: query.Limit, offset: (query.Offset - 1) * query.Limit },
  );
  return { Data: rows.map((row) => toSettings(row, organizationId)), Total: rows[0]?.total ?? 0 };
}

export async function getProfileSettings(
  deps: Deps,
  context: RequestContext,
  id: string,
): Promise<PageProfileSettings> {
  const row = await store.pageProfileById(deps.database, id);
  if (!row) throw notFound();
  const organizationId = await profileOwner(
    deps,
    context,
    'read',
    { type: row.entity_type, id: row.entity_id },
    PAGE_PROFILE_WORKFLOW,
    'all',
  );
  return toSettings(row, organizationId);
}

/** Hidden facilities must be the practice's; hidden providers or resources its own too. */
async function checkHidden(
  deps: Deps,
  organizationId: string | null,
  update: PageProfileUpdate,
): Promise<void> {
  if (!organizationId) return;
  if (update.HiddenFacilities?.length) {
    const locations = new Set(
      (
        await getLocations(
          deps.database,
          update.HiddenFacilities.map((h) => h.facilityId),
        )
      )
        .filter((l) => l.OrganizationId === organizationId)
        .map((l) => l.Id),
    );
    const bad = update.HiddenFacilities.findIndex((h) => !locations.has(h.facilityId));
    if (bad >= 0)
      throw fieldError(
        `HiddenFacilities.${bad}.facilityId`,
        'not_found',
        'no such facility in this practice',
      );
  }
  const own = new Set(await entitiesOfPractice(deps, organizationId));
  const badProvider = (update.HiddenFacilities ?? []).findIndex(
    (h) => (h.providerId && !own.has(h.providerId)) || (h.resourceId && !own.has(h.resourceId)),
  );
  if (badProvider >= 0)
    throw fieldError(
      `HiddenFacilities.${badProvider}`,
      'not_found',
      'no such provider or resource in this practice',
    );
  const badSuggested = (update.HiddenSuggestedIds ?? []).findIndex((id) => !own.has(id));
  if (badSuggested >= 0)
    throw fieldError(
      `HiddenSuggestedIds.${badSuggested}`,
      'not_found',
      'no such provider or resource in this practice',
    );
}

/** PUT/POST pageProfiles/{id}: the editor's changes, audited; patient search follows (directory.changed). */
export async function updateProfile(
  deps: Deps,
  context: RequestContext,
  id: string,
  update: PageProfileUpdate,
): Promise<PageProfileSettings> {
  const row = await store.pageProfileById(deps.database, id);
  if (!row) throw notFound();
  const organizationId = await profileOwner(
    deps,
    context,
    'update',
    { type: row.entity_type, id: row.entity_id },
    PAGE_PROFILE_WORKFLOW,
    'refusals',
  );
  const referrer = update.ScheduleViaReferrer ?? row.schedule_via_referrer;
  const url = update.ReferrerUrl === undefined ? row.referrer_url : update.ReferrerUrl;
  if (referrer && !url)
    throw badRequest([
      {
        field: 'ReferrerUrl',
        rule: 'required',
        message: 'ReferrerUrl is required to schedule via the referrer',
      },
    ]);
  await checkHidden(deps, organizationId, update);
  const changed = await deps.database.transaction(async (tx) => {
    const next = await store.updatePageProfile(tx, id, {
      title: update.Title,
      about: update.About,
      visit_types: update.VisitTypes ? [...new Set(update.VisitTypes)] : undefined,
      is_published: update.IsPublished,
      show_suggested_entities: update.ShowSuggestedEntities,
      enable_location_search: update.EnableLocationSearch,
      display_specialities: update.DisplaySpecialities,
      display_insurances: update.DisplayInsurances,
      display_location_phone: update.DisplayLocationPhone,
      schedule_via_referrer: update.ScheduleViaReferrer,
      enable_split_calendar: update.EnableSplitCalendar,
      enable_profile_ranking: update.EnableProfileRanking,
      referrer_url: update.ReferrerUrl,
      referrer_instructions: update.ReferrerInstructions,
      page_profile_schedule_type: update.PageProfileScheduleType,
      hidden_facilities: update.HiddenFacilities,
      hidden_suggested_ids: update.HiddenSuggestedIds,
    });
    await announce(tx, next!, organizationId, 'page_profile_edited');
    await recordPracticeOutcome(onConnection(context, tx), 'update', {
      entityType: 'PageProfile',
      id,
      organizationId,
      workflow: PAGE_PROFILE_WORKFLOW,
      detail: { fields: Object.keys(update) },
    });
    return next!;
  });
  await deps.events.flush();
  return toSettings(changed, organizationId);
}

/** POST pageProfiles: the entity's profile (made now, unpublished, when it has none); answers its id. */
export async function createProfile(
  deps: Deps,
  context: RequestContext,
  input: PageProfileCreate,
  publish = false,
): Promise<string> {
  const organizationId = await profileOwner(
    deps,
    context,
    'create',
    { type: input.EntityType, id: input.EntityId },
    publish ? CATALOG_WORKFLOW : PAGE_PROFILE_WORKFLOW,
    'refusals',
  );
  const existing = await store.pageProfileByEntity(deps.database, input.EntityType, input.EntityId);
  const name = existing ? existing.name : await entityName(deps, input);
  const id = await deps.database.transaction(async (tx) => {
    let row = existing;
    if (!row) {
      await store.insertMissingPageProfiles(tx, [
        {
          id: randomUUID(),
          entity_type: input.EntityType,
          entity_id: input.EntityId,
          name_identity: profileSlug(name, input.EntityId),
          name,
          title: null,
          about: null,
          profile_picture: null,
          visit_types: ['Office'],
          is_published: publish,
        },
      ]);
      row = await store.pageProfileByEntity(tx, input.EntityType, input.EntityId);
    } else if (publish && !row.is_published) {
      row = await store.updatePageProfile(tx, row.id, { is_published: true });
    }
    await announce(tx, row!, organizationId, publish ? 'marketplace_calendar_added' : 'page_profile_created');
    await recordPracticeOutcome(onConnection(context, tx), 'create', {
      entityType: 'PageProfile',
      id: row!.id,
      organizationId,
      workflow: publish ? CATALOG_WORKFLOW : PAGE_PROFILE_WORKFLOW,
      detail: { entityType: input.EntityType, existed: existing !== null },
    });
    return row!.id;
  });
  await deps.events.flush();
  return id;
}

async function entityName(deps: Deps, entity: PageProfileCreate): Promise<string> {
  if (entity.EntityType === 'Organization')
    return (await getOrganization(deps.database, entity.EntityId))!.Name;
  if (entity.EntityType === 'HealthCareService')
    return (await getHealthcareService(deps.database, entity.EntityId))!.Name;
  const practitioner = await getPractitioner(deps.database, entity.EntityId);
  const name = practitioner?.Name[0];
  return name ? [name.Prefix, ...(name.Given ?? []), name.Family].filter(Boolean).join(' ') : entity.EntityId;
}

/** POST careslot-gateway/market-place/calendar/add: each entity's profile is made or published (super users). */
export async function addCalendars(
  deps: Deps,
  context: RequestContext,
  entities: PageProfileCreate[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const entity of entities) ids.push(await createProfile(deps, context, entity, true));
  return ids;
}

/** catalogs/{id}: a super user's edit of a catalog entry (published, visit types) or its removal (unpublished). */
export async function setCatalogEntry(
  deps: Deps,
  context: RequestContext,
  id: string,
  change: { IsPublished?: boolean | undefined; VisitTypes?: VisitType[] | undefined },
  action: 'update' | 'delete',
) {
  const row = await store.pageProfileById(deps.database, id);
  if (!row) throw notFound();
  const organizationId = await profileOwner(
    deps,
    context,
    action,
    { type: row.entity_type, id: row.entity_id },
    CATALOG_WORKFLOW,
    'refusals',
  );
  const next = await deps.database.transaction(async (tx) => {
    const updated = await store.updatePageProfile(tx, id, {
      is_published: action === 'delete' ? false : change.IsPublished,
      visit_types: change.VisitTypes ? [...new Set(change.VisitTypes)] : undefined,
    });
    await announce(
      tx,
      updated!,
      organizationId,
      action === 'delete' ? 'marketplace_entry_removed' : 'marketplace_entry_edited',
    );
    await recordPracticeOutcome(onConnection(context, tx), action, {
      entityType: 'PageProfile',
      id,
      organizationId,
      workflow: CATALOG_WORKFLOW,
      detail: { fields: Object.keys(change) },
    });
    return updated!;
  });
  await deps.events.flush();
  return toSettings(next, organizationId);
}
