import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location, PageProfileSettings, PageProfileUpdate } from '@careslot/contracts';
import { hasUnwantedCharacters } from '@careslot/domain';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { usePageProfiles, useUpdatePageProfile } from '../api/pageProfiles';

/** The sections a page shows (practice-portal.md §3.4 page profile booleans). */
const SECTIONS = [
  'ShowSuggestedEntities',
  'EnableLocationSearch',
  'DisplaySpecialities',
  'DisplayInsurances',
  'DisplayLocationPhone',
  'EnableSplitCalendar',
  'EnableProfileRanking',
] as const;
type Section = (typeof SECTIONS)[number];

function ProfileForm({
  profile,
  others,
  locations,
}: {
  profile: PageProfileSettings;
  others: PageProfileSettings[];
  locations: Location[];
}) {
  const { t } = useTranslation('marketplaceAdmin');
  const update = useUpdatePageProfile();
  const [published, setPublished] = useState(profile.IsPublished);
  const [sections, setSections] = useState<Record<Section, boolean>>(
    () => Object.fromEntries(SECTIONS.map((s) => [s, profile[s]])) as Record<Section, boolean>,
  );
  const [viaReferrer, setViaReferrer] = useState(profile.ScheduleViaReferrer);
  const [referrerUrl, setReferrerUrl] = useState(profile.ReferrerUrl ?? '');
  const [instructions, setInstructions] = useState(profile.ReferrerInstructions ?? '');
  const [hiddenFacilities, setHiddenFacilities] = useState<string[]>(
    profile.HiddenFacilities.filter((h) => !h.providerId && !h.resourceId).map((h) => h.facilityId),
  );
  const [suggested, setSuggested] = useState<string[]>(
    others.map((o) => o.Entity.Id).filter((id) => !profile.HiddenSuggestedIds.includes(id)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);

  const save = () => {
    const found: Record<string, string> = {};
    if (viaReferrer && !referrerUrl.trim()) found.referrerUrl = t('errors.referrerRequired');
    else if (referrerUrl && !/^https?:\/\/\S+\.\S+$/.test(referrerUrl.trim()))
      found.referrerUrl = t('errors.url');
    if (instructions.length > 1000 || hasUnwantedCharacters(instructions))
      found.instructions = t('errors.instructions');
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    const body: PageProfileUpdate = {
      IsPublished: published,
      ...sections,
      ScheduleViaReferrer: viaReferrer,
      ReferrerUrl: referrerUrl.trim() || null,
      ReferrerInstructions: instructions.trim() || null,
      HiddenSuggestedIds: others.map((o) => o.Entity.Id).filter((id) => !suggested.includes(id)),
      ...(profile.Entity.Type === 'Organization'
        ? {
            HiddenFacilities: [
              ...profile.HiddenFacilities.filter((h) => h.providerId || h.resourceId),
              ...hiddenFacilities.map((facilityId) => ({ facilityId })),
            ],
          }
        : {}),
    };
    update.mutate({ id: profile.Id, update: body }, { onSuccess: () => setSaved(true) });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack>
        <Switch
          label={t('fields.published')}
          description={t('publishedHint')}
          checked={published}
          onChange={(e) => setPublished(e.currentTarget.checked)}
        />
        <Fieldset legend={t('sectionsLegend')}>
          <Stack gap="xs">
            {SECTIONS.map((section) => (
              <Checkbox
                key={section}
                label={t(`sections.${section}`)}
                checked={sections[section]}
                onChange={(e) => setSections({ ...sections, [section]: e.currentTarget.checked })}
              />
            ))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('referrerLegend')}>
          <Stack gap="sm">
            <Switch
              label={t('fields.viaReferrer')}
              checked={viaReferrer}
              onChange={(e) => setViaReferrer(e.currentTarget.checked)}
            />
            <TextInput
              type="url"
              label={t('fields.referrerUrl')}
              required={viaReferrer}
              value={referrerUrl}
              maxLength={500}
              error={errors.referrerUrl}
              onChange={(e) => setReferrerUrl(e.currentTarget.value)}
            />
            <Textarea
              label={t('fields.referrerInstructions')}
              value={instructions}
              maxLength={1000}
              autosize
              minRows={2}
              error={errors.instructions}
              onChange={(e) => setInstructions(e.currentTarget.value)}
            />
          </Stack>
        </Fieldset>
        {others.length > 0 ? (
          <Checkbox.Group
            label={t('suggestedLegend')}
            description={t('suggestedHint')}
            value={suggested}
            onChange={setSuggested}
          >
            <Stack gap="xs" mt="xs">
              {others.map((other) => (
                <Checkbox
                  key={other.Entity.Id}
                  value={other.Entity.Id}
                  label={`${other.Name} (${t(`types.${other.Entity.Type}`)})`}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        {profile.Entity.Type === 'Organization' && locations.length > 0 ? (
          <Checkbox.Group
            label={t('hiddenFacilitiesLegend')}
            description={t('hiddenFacilitiesHint')}
            value={hiddenFacilities}
            onChange={setHiddenFacilities}
          >
            <Stack gap="xs" mt="xs">
              {locations.map((location) => (
                <Checkbox key={location.Id} value={location.Id} label={location.Name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        {update.error ? (
          <Alert color="red" role="alert">
            {update.error instanceof ApiError && update.error.issues.length
              ? update.error.issues.map((i) => i.message).join(' ')
              : update.error.message}
          </Alert>
        ) : null}
        {saved ? (
          <Alert color="teal" role="status">
            {t('saved')}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={update.isPending}>
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Settings → Page profile (practice-portal.md §3.4, child of /practice-admin/settings): the practice admin
 * publishes its practice's, providers' and services' pages, picks the sections shown, scheduling through a
 * referrer, the suggested entries and the facilities hidden on the practice's page.
 */
export function PageProfileSettingsPage() {
  const { t } = useTranslation('marketplaceAdmin');
  const { user } = useSession();
  const allowed = hasRole(user, 'practiceadmin', 'superuser');
  const organizationId = user?.organizationId ?? null;
  const profiles = usePageProfiles(
    {
      name: '',
      entityType: '',
      organizationId: hasRole(user, 'practiceadmin') ? null : organizationId,
      page: 1,
      limit: 100,
    },
    allowed,
  );
  const locations = useQuery({
    queryKey: ['practice-locations', organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: Location[] }>('/careslot-administration/api/v2/location/advance-search', {
        method: 'POST',
        body: { OrganizationId: organizationId, Limit: 1000, Offset: 1 },
        signal,
      }).then((r) => r.Data),
    enabled: allowed && organizationId !== null,
  });
  const [selected, setSelected] = useState<string | null>(null);

  if (!allowed) {
    return (
      <Alert color="red" role="alert">
        {t('adminOnly')}
      </Alert>
    );
  }
  if (profiles.isPending) return <LoadingSpinner />;
  if (profiles.error) {
    return (
      <Alert color="red" role="alert">
        {profiles.error.message}
      </Alert>
    );
  }
  const all = profiles.data.Data;
  const current =
    all.find((p) => p.Id === selected) ?? all.find((p) => p.Entity.Type === 'Organization') ?? all[0];
  return (
    <Stack gap="md">
      <title>{t('settingsTitle')}</title>
      <div>
        <Title order={2}>{t('settingsHeading')}</Title>
        <Text c="dimmed">{t('settingsLead')}</Text>
      </div>
      {current ? (
        <>
          <NativeSelect
            label={t('fields.profile')}
            value={current.Id}
            data={all.map((p) => ({ value: p.Id, label: `${p.Name} (${t(`types.${p.Entity.Type}`)})` }))}
            onChange={(e) => setSelected(e.currentTarget.value)}
            maw={420}
          />
          <ProfileForm
            key={current.Id}
            profile={current}
            others={all.filter((p) => p.Id !== current.Id && p.Entity.Type !== 'Organization')}
            locations={locations.data ?? []}
          />
        </>
      ) : (
        <Text role="status">{t('empty')}</Text>
      )}
    </Stack>
  );
}
