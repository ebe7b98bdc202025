import { useState } from 'react';
import { Alert, Badge, Container, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { DEMO_REQUEST_PAGE_SIZE, useDemoRequestList } from '../api/demoRequestList';

/** Super-user settings: the demo requests sent from the landing page, newest first. */
export function DemoRequestsPage() {
  const { t, i18n } = useTranslation('demoRequests');
  const { user } = useSession();
  const allowed = hasRole(user, 'superuser');
  const [page, setPage] = useState(1);
  const list = useDemoRequestList(page, allowed);

  if (!user) return <Navigate to="/login" replace />;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Container size="xl" py="xl">
      <title>{t('title')}</title>
      <Stack gap="md">
        <div>
          <Title order={1}>{t('heading')}</Title>
          <Text c="dimmed">{t('lead')}</Text>
        </div>
        {!allowed || (list.error instanceof ApiError && list.error.status === 403) ? (
          <Alert color="red" role="alert">
            {t('forbidden')}
          </Alert>
        ) : list.isPending ? (
          <LoadingSpinner />
        ) : list.error ? (
          <Alert color="red" role="alert">
            {list.error.message}
          </Alert>
        ) : list.data.Total === 0 ? (
          <Text>{t('empty')}</Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={900}>
              <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('heading')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.received')}</Table.Th>
                    <Table.Th>{t('columns.practice')}</Table.Th>
                    <Table.Th>{t('columns.name')}</Table.Th>
                    <Table.Th>{t('columns.contact')}</Table.Th>
                    <Table.Th>{t('columns.interests')}</Table.Th>
                    <Table.Th>{t('columns.message')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.Data.map((request) => (
                    <Table.Tr key={request.Id}>
                      <Table.Td>{when.format(new Date(request.CreatedOn))}</Table.Td>
                      <Table.Td fw={600}>{request.Practice}</Table.Td>
                      <Table.Td>{request.Name}</Table.Td>
                      <Table.Td>
                        <a href={`mailto:${request.Email}`}>{request.Email}</a>
                        <Text size="sm">{request.Phone}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {request.Interests.map((interest) => (
                            <Badge key={interest} variant="light" tt="none">
                              {t(`interest.${interest}`)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{request.Message ?? ''}</Text>
                        {request.Source ? (
                          <Text size="xs" c="dimmed">
                            {t('source', { source: request.Source })}
                          </Text>
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {list.data.Total > DEMO_REQUEST_PAGE_SIZE ? (
              <Pagination
                total={Math.ceil(list.data.Total / DEMO_REQUEST_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                aria-label={t('pages')}
              />
            ) : null}
          </>
        )}
      </Stack>
    </Container>
  );
}
