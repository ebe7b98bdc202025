import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { Organization } from '@careslot/contracts';
import { formatPhone, formatZip } from '@careslot/domain';
import { ApiError } from '../../../shared/api/client';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { PRACTICE_PAGE_SIZE, usePracticeList } from '../api/practiceList';

/** Name search waits for the typing to pause, so each keystroke does not cost a request. */
const SEARCH_DEBOUNCE_MS = 300;

function addressLines(practice: Organization): string[] {
  const { Address1, Address2, City, State, ZipCode } = practice.Address;
  const street = [Address1, ...Address2].filter(Boolean).join(', ');
  const place = [City, [State, ZipCode ? formatZip(ZipCode) : null].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [street, place].filter(Boolean);
}

/** Super-user dashboard, labelled 'Practices' (practice-portal.md 2.2, 2.6): every practice, searchable by name. */
export function PracticesDashboardPage() {
  const { t } = useTranslation('practices');
  const { user } = useSession();
  const allowed = hasRole(user, 'superuser');
  const [search, setSearch] = useState('');
  const [name] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const list = usePracticeList(name, page, allowed);

  if (!user) return <Navigate to="/login" replace />;

  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('heading')}</Title>
            <Text c="dimmed">{t('lead')}</Text>
          </div>
          {allowed ? (
            <Button
              component={Link}
              to="/super-user/practice-onboarding/wizard"
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              {t('addPractice')}
            </Button>
          ) : null}
        </Group>
        {!allowed || (list.error instanceof ApiError && list.error.status === 403) ? (
          <Alert color="red" role="alert">
            {t('forbidden')}
          </Alert>
        ) : (
          <>
            <TextInput
              label={t('search.label')}
              placeholder={t('search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              value={search}
              maxLength={75}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setPage(1);
              }}
              maw={420}
            />
            {list.isPending ? (
              <LoadingSpinner />
            ) : list.error ? (
              <Alert color="red" role="alert">
                {list.error.message}
              </Alert>
            ) : list.data.Total === 0 ? (
              <Text role="status">{name ? t('noMatch', { name }) : t('empty')}</Text>
            ) : (
              <>
                <Text size="sm" c="dimmed" role="status">
                  {t('count', { count: list.data.Total })}
                </Text>
                <Table.ScrollContainer minWidth={860}>
                  <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('heading')}>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('columns.practice')}</Table.Th>
                        <Table.Th>{t('columns.address')}</Table.Th>
                        <Table.Th>{t('columns.contact')}</Table.Th>
                        <Table.Th>{t('columns.timeZone')}</Table.Th>
                        <Table.Th>{t('columns.status')}</Table.Th>
                        <Table.Th>{t('columns.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {list.data.Data.map((practice) => (
                        <Table.Tr key={practice.Id}>
                          <Table.Td>
                            <Text fw={600}>{practice.Name}</Text>
                            {practice.Website ? (
                              <Anchor
                                href={practice.Website}
                                target="_blank"
                                rel="noopener noreferrer"
                                size="sm"
                              >
                                {practice.Website.replace(/^https?:\/\//, '')}
                              </Anchor>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            {addressLines(practice).map((line) => (
                              <Text key={line} size="sm">
                                {line}
                              </Text>
                            ))}
                          </Table.Td>
                          <Table.Td>
                            {practice.Phone ? <Text size="sm">{formatPhone(practice.Phone)}</Text> : null}
                            {practice.Email ? (
                              <Anchor href={`mailto:${practice.Email}`} size="sm">
                                {practice.Email}
                              </Anchor>
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            <Text size="sm">{practice.TimeZone}</Text>
                          </Table.Td>
                          <Table.Td>
                            <Group gap={4}>
                              <Badge color={practice.Active ? 'teal' : 'gray'} variant="light" tt="none">
                                {practice.Active ? t('status.active') : t('status.inactive')}
                              </Badge>
                              {practice.has_reputation_enabled ? (
                                <Badge color="blue" variant="light" tt="none">
                                  {t('status.reputation')}
                                </Badge>
                              ) : null}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Anchor
                              component={Link}
                              to={`/super-user/marketplace?organization=${practice.Id}`}
                              size="sm"
                              aria-label={t('openProfilesOf', { name: practice.Name })}
                            >
                              {t('openProfiles')}
                            </Anchor>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
                {list.data.Total > PRACTICE_PAGE_SIZE ? (
                  <Pagination
                    total={Math.ceil(list.data.Total / PRACTICE_PAGE_SIZE)}
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
