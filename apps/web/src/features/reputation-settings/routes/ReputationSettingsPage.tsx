import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  REPUTATION_API_KEY_LENGTH,
  REPUTATION_BUSINESS_ID_LENGTH,
  type ReputationOrganizationSettings,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { setHeaderState } from '../../../shared/navigation/headerState';
import { usePractice } from '../../../shared/session/practice';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import {
  useListings,
  useOrganizationSettings,
  usePracticeProviders,
  useSaveListing,
  useSaveOrganizationSettings,
  type Listing,
  type ListingKind,
} from '../api/reputation';
import { codeError } from '../components/codeIssue';
import { ReviewRequests } from '../components/ReviewRequests';

/** A server refusal as text: the fields and rules it names, else its message. */
function errorText(error: unknown): string {
  if (error instanceof ApiError)
    return error.issues.length
      ? error.issues.map((i) => `${i.field}: ${i.message}`).join('; ')
      : error.message;
  return String(error);
}

function OrganizationForm({
  organizationId,
  settings,
}: {
  organizationId: string;
  settings: ReputationOrganizationSettings | null;
}) {
  const { t } = useTranslation('reputationSettings');
  const save = useSaveOrganizationSettings();
  const [apiKey, setApiKey] = useState('');
  const [businessId, setBusinessId] = useState(settings?.BusinessId ?? '');
  const [active, setActive] = useState(settings?.IsActive ?? true);
  const [touched, setTouched] = useState(false);
  // The key may stay empty when one is on file (it is kept); a new key must follow the rule.
  const keyError = apiKey || !settings ? codeError(t, 'apiKey', apiKey, REPUTATION_API_KEY_LENGTH) : null;
  const businessError = codeError(t, 'businessId', businessId, REPUTATION_BUSINESS_ID_LENGTH);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (keyError || businessError) return;
    save.mutate(
      {
        Id: settings?.Id,
        OrganizationId: organizationId,
        ...(apiKey ? { ApiKey: apiKey } : {}),
        BusinessId: businessId,
        IsActive: active,
      },
      {
        onSuccess: (saved) => {
          setApiKey('');
          // The Reputation Management item follows the practice's switch at once.
          setHeaderState({ reputationEnabled: saved.IsActive });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="reputation-practice">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={2} fz="h4" id="reputation-practice">
              {t('practice.heading')}
            </Title>
            {settings ? (
              <Badge color={settings.IsActive ? 'teal' : 'gray'} variant="light" c="dark.7">
                {settings.IsActive ? t('practice.on') : t('practice.off')}
              </Badge>
            ) : null}
          </Group>
          <Text c="dimmed" size="sm">
            {t('practice.lead')}
          </Text>
          <PasswordInput
            label={t('fields.apiKey')}
            description={
              settings
                ? t('practice.keyOnFile', { masked: settings.ApiKeyMasked })
                : t('practice.keyHint', { length: REPUTATION_API_KEY_LENGTH })
            }
            value={apiKey}
            onChange={(e) => setApiKey(e.currentTarget.value.trim())}
            maxLength={64}
            autoComplete="off"
            required={!settings}
            error={touched ? keyError : null}
          />
          <TextInput
            label={t('fields.businessId')}
            description={t('practice.businessHint', { length: REPUTATION_BUSINESS_ID_LENGTH })}
            value={businessId}
            onChange={(e) => setBusinessId(e.currentTarget.value.trim())}
            maxLength={30}
            required
            error={touched ? businessError : null}
          />
          <Switch
            label={t('fields.active')}
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          {save.error ? (
            <Alert color="red" role="alert">
              {errorText(save.error)}
            </Alert>
          ) : null}
          {save.isSuccess ? (
            <Alert color="teal" role="status">
              {t('saved')}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function ListingRow({
  kind,
  organizationId,
  entityId,
  name,
  listing,
}: {
  kind: ListingKind;
  organizationId: string;
  entityId: string;
  name: string;
  listing: Listing | undefined;
}) {
  const { t } = useTranslation('reputationSettings');
  const save = useSaveListing(kind);
  const [businessId, setBusinessId] = useState(listing?.BusinessId ?? '');
  const [active, setActive] = useState(listing?.IsActive ?? true);
  const [touched, setTouched] = useState(false);
  const error = codeError(t, 'businessId', businessId, REPUTATION_BUSINESS_ID_LENGTH);
  const form = {
    Id: listing?.Id,
    OrganizationId: organizationId,
    EntityId: entityId,
    BusinessId: businessId,
    IsActive: active,
  };
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {name}
      </Table.Th>
      <Table.Td>
        <TextInput
          aria-label={t('listings.businessIdOf', { name })}
          value={businessId}
          onChange={(e) => setBusinessId(e.currentTarget.value.trim())}
          maxLength={30}
          error={touched ? error : save.error ? errorText(save.error) : null}
          miw={170}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('listings.activeOf', { name })}
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            loading={save.isPending}
            onClick={() => {
              setTouched(true);
              if (!error) save.mutate({ remove: false, form });
            }}
          >
            {t('listings.save')}
          </Button>
          {listing ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => save.mutate({ remove: true, form }, { onSuccess: () => setBusinessId('') })}
            >
              {t('listings.remove')}
            </Button>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function Listings({
  kind,
  organizationId,
  entities,
}: {
  kind: ListingKind;
  organizationId: string;
  entities: { id: string; name: string }[];
}) {
  const { t } = useTranslation('reputationSettings');
  const listings = useListings(kind, organizationId);
  const byEntity = new Map((listings.data ?? []).map((l) => [l.EntityId, l]));
  const headingId = `reputation-${kind}s`;
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} fz="h4" id={headingId}>
          {t(`listings.${kind}Heading`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t('listings.lead')}
        </Text>
        {listings.isPending ? (
          <LoadingSpinner minHeight={80} />
        ) : entities.length === 0 ? (
          <Text>{t(`listings.${kind}None`)}</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(`listings.${kind}`)}</Table.Th>
                  <Table.Th>{t('fields.businessId')}</Table.Th>
                  <Table.Th>{t('fields.active')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('listings.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entities.map((entity) => (
                  <ListingRow
                    key={`${entity.id}:${byEntity.get(entity.id)?.Id ?? 'new'}`}
                    kind={kind}
                    organizationId={organizationId}
                    entityId={entity.id}
                    name={entity.name}
                    listing={byEntity.get(entity.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * /practice-admin/settings/reputation (practice-portal.md §1, §3.8, §5): the practice's review-platform settings
 * (API key of 32 characters, business id of 15), each location's and provider's own listing, and when patients
 * are asked for a review after a visit (the review-request configuration).
 */
export function ReputationSettingsPage() {
  const { t } = useTranslation('reputationSettings');
  const practice = usePractice();
  const organizationId = practice.organizationId;
  const settings = useOrganizationSettings(organizationId);
  const providers = usePracticeProviders(!!organizationId);
  if (!organizationId || settings.isPending) return <LoadingSpinner />;
  if (settings.error)
    return (
      <Alert color="red" role="alert">
        {errorText(settings.error)}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3">
          {t('heading')}
        </Title>
        <Anchor component={Link} to="/reputation-management/reviews">
          {t('reviews.link')}
        </Anchor>
      </Group>
      <OrganizationForm
        key={organizationId}
        organizationId={organizationId}
        settings={settings.data ?? null}
      />
      <Listings
        kind="location"
        organizationId={organizationId}
        entities={practice.locations.map((l) => ({ id: l.Id, name: l.Name }))}
      />
      <Listings
        kind="provider"
        organizationId={organizationId}
        entities={(providers.data ?? []).map((p) => ({ id: p.Id, name: p.Name }))}
      />
      {providers.data ? (
        <ReviewRequests
          entities={[
            {
              type: 'Organization',
              id: organizationId,
              name: practice.organization?.Name ?? t('reviewRequests.types.Organization'),
            },
            ...practice.locations.map((l) => ({ type: 'Location' as const, id: l.Id, name: l.Name })),
            ...providers.data.map((p) => ({ type: 'Provider' as const, id: p.Id, name: p.Name })),
          ]}
        />
      ) : null}
    </Stack>
  );
}
