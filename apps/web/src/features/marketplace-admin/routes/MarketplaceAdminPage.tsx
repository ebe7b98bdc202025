import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  PAGE_PROFILE_ENTITY_TYPES,
  VISIT_TYPES,
  type PageProfileEntityType,
  type PageProfileSettings,
  type VisitType,
} from '@careslot/contracts';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { PROFILE_PAGE_SIZE, useCatalogActions, usePageProfiles } from '../api/pageProfiles';

const SEARCH_DEBOUNCE_MS = 300;

/** One catalog entry: its visit types (edit), in or out of the marketplace (add calendar / remove). */
function EntryRow({ entry }: { entry: PageProfileSettings }) {
  const { t } = useTranslation('marketplaceAdmin');
  const actions = useCatalogActions();
  const [types, setTypes] = useState<string[]>(entry.VisitTypes);
  const changed = types.length > 0 && [...types].sort().join() !== [...entry.VisitTypes].sort().join();
  const busy = actions.add.isPending || actions.remove.isPending || actions.edit.isPending;
  const failure = actions.add.error ?? actions.remove.error ?? actions.edit.error;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600}>{entry.Name}</Text>
        <Text size="xs" c="dimmed">
          {t(`types.${entry.Entity.Type}`)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge
          color={entry.IsPublished ? 'teal.9' : 'gray'}
          variant={entry.IsPublished ? 'filled' : 'light'}
          tt="none"
        >
          {entry.IsPublished ? t('listed') : t('notListed')}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Checkbox.Group
          value={types}
          onChange={setTypes}
          aria-label={t('visitTypesOf', { name: entry.Name })}
        >
          <Group gap="xs">
            {VISIT_TYPES.map((type) => (
              <Checkbox key={type} value={type} label={t(`visitTypes.${type}`)} size="xs" />
            ))}
          </Group>
        </Checkbox.Group>
        {types.length === 0 ? (
          <Text size="xs" c="red" role="alert">
            {t('visitTypesRequired')}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            disabled={!changed || busy}
            onClick={() => actions.edit.mutate({ id: entry.Id, VisitTypes: types as VisitType[] })}
            aria-label={t('saveOf', { name: entry.Name })}
          >
            {t('save')}
          </Button>
          {entry.IsPublished ? (
            <Button
              size="xs"
              color="red"
              variant="subtle"
              loading={actions.remove.isPending}
              onClick={() => actions.remove.mutate(entry.Id)}
              aria-label={t('removeOf', { name: entry.Name })}
            >
              {t('remove')}
            </Button>
          ) : (
            <Button
              size="xs"
              loading={actions.add.isPending}
              onClick={() => actions.add.mutate({ EntityType: entry.Entity.Type, EntityId: entry.Entity.Id })}
              aria-label={t('addOf', { name: entry.Name })}
            >
              {t('add')}
            </Button>
          )}
        </Group>
        {failure ? (
          <Text size="xs" c="red" role="alert">
            {failure.message}
          </Text>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The super users' marketplace (practice-portal.md §2.2 /super-user/marketplace, §7 Marketplace): the catalog
 * of page profiles by name, type or practice; a calendar is added to the marketplace (POST
 * careslot-gateway/market-place/calendar/add), an entry's visit types edited (PUT catalogs/{id}) or the entry
 * removed (DELETE catalogs/{id}); patient search follows at once.
 */
export function MarketplaceAdminPage() {
  const { t } = useTranslation('marketplaceAdmin');
  const { user } = useSession();
  const allowed = hasRole(user, 'superuser');
  const [params] = useSearchParams();
  const organizationId = params.get('organization');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [entityType, setEntityType] = useState<PageProfileEntityType | ''>('');
  const [page, setPage] = useState(1);
  const list = usePageProfiles({ name, entityType, organizationId, page }, allowed);

  if (!user) return <Navigate to="/login" replace />;
  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>
        {!allowed ? (
          <Alert color="red" role="alert">
            {t('forbidden')}
          </Alert>
        ) : (
          <>
            {organizationId ? (
              <Group>
                <Text size="sm">{t('onePractice')}</Text>
                <Button component={Link} to="/super-user/marketplace" variant="subtle" size="xs">
                  {t('allPractices')}
                </Button>
              </Group>
            ) : null}
            <Group align="flex-end">
              <TextInput
                label={t('search')}
                leftSection={<IconSearch size={16} aria-hidden />}
                value={search}
                maxLength={100}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  setPage(1);
                }}
                w={320}
              />
              <NativeSelect
                label={t('type')}
                value={entityType}
                data={[
                  { value: '', label: t('allTypes') },
                  ...PAGE_PROFILE_ENTITY_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
                ]}
                onChange={(event) => {
                  setEntityType(event.currentTarget.value as PageProfileEntityType | '');
                  setPage(1);
                }}
              />
            </Group>
            {list.isPending ? (
              <LoadingSpinner />
            ) : list.error ? (
              <Alert color="red" role="alert">
                {list.error.message}
              </Alert>
            ) : list.data.Total === 0 ? (
              <Text role="status">{t('empty')}</Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" role="status">
                  {t('count', { count: list.data.Total })}
                </Text>
                <Table.ScrollContainer minWidth={820}>
                  <Table striped verticalSpacing="sm" aria-label={t('heading')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('columns.entry')}</Table.Th>
                        <Table.Th>{t('columns.status')}</Table.Th>
                        <Table.Th>{t('columns.visitTypes')}</Table.Th>
                        <Table.Th>{t('columns.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.data.Data.map((entry) => (
                        <EntryRow
                          key={`${entry.Id}:${entry.VisitTypes.join()}:${entry.IsPublished}`}
                          entry={entry}
                        />
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {list.data.Total > PROFILE_PAGE_SIZE ? (
                  <Pagination
                    total={Math.ceil(list.data.Total / PROFILE_PAGE_SIZE)}
                    value={page}
                    onChange={setPage}
                    aria-label={t('pages')}
                  />
                ) : null}
              </>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
