import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { PracticeUser } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { useSession } from '../../../shared/session/session';
import { toast } from '../../../shared/ui/toast';
import { usePracticeUsers, useResendInvitation, useUpdateRole } from '../api/practiceUsers';
import { PersonDialog, type PersonDialogMode } from '../components/PersonDialog';

const STATE_COLOR = { Active: 'green', Invited: 'yellow', Inactive: 'gray' } as const;
// A badge in a table cell keeps its whole word (Mantine's badge would cut it to the column's narrowest width).
const WHOLE = {
  root: { maxWidth: 'none', overflow: 'visible' },
  label: { overflow: 'visible', textOverflow: 'clip' },
} as const;

/**
 * /practice-admin/settings/user/list (practice-portal.md §2.2): the practice's providers and staff. A practice
 * admin adds (by invitation), edits, re-invites and deactivates; a staff member sees the same list read-only.
 */
export function UsersPage() {
  const { t } = useTranslation('practiceUsers');
  const { user } = useSession();
  const organizationId = user?.organizationId ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const users = usePracticeUsers(organizationId, debounced);
  const [dialog, setDialog] = useState<PersonDialogMode | null>(null);
  const resend = useResendInvitation();
  const updateRole = useUpdateRole();
  const showError = useShowApiError();
  const canEdit = users.data?.CanEdit ?? false;

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      showError(error);
    }
  };
  const setActive = (u: PracticeUser, active: boolean) =>
    act(
      () => updateRole.mutateAsync({ roleId: u.RoleId, email: u.Email, code: u.Code, active }),
      t(active ? 'reactivated' : 'deactivated'),
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2} fz="h3">
          {t('heading')}
        </Title>
        {canEdit && (
          <Group gap="xs">
            <Button onClick={() => setDialog({ kind: 'add', role: 'provider' })}>{t('addProvider')}</Button>
            <Button variant="light" onClick={() => setDialog({ kind: 'add', role: 'staff' })}>
              {t('addStaff')}
            </Button>
          </Group>
        )}
      </Group>
      {users.data && !canEdit && <Alert color="blue">{t('readOnly')}</Alert>}
      <TextInput
        label={t('search')}
        placeholder={t('searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maxLength={100}
      />
      {users.isLoading && <Loader aria-label={t('loading')} />}
      {users.isError && <Alert color="red">{t('loadFailed')}</Alert>}
      {users.data && users.data.Data.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {users.data && users.data.Data.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover aria-label={t('heading')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.name')}</Table.Th>
                  <Table.Th>{t('columns.email')}</Table.Th>
                  <Table.Th>{t('columns.roles')}</Table.Th>
                  <Table.Th>{t('columns.state')}</Table.Th>
                  {canEdit && <Table.Th>{t('columns.actions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.Data.map((u) => (
                  <Table.Tr key={u.RoleId}>
                    <Table.Td>
                      <Text fw={500}>
                        {u.LastName}, {u.FirstName}
                        {u.Suffix ? `, ${u.Suffix}` : ''}
                      </Text>
                      {u.Npi && (
                        <Text size="xs" c="dimmed">
                          {t('npi', { npi: u.Npi })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{u.Email}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {u.Code.map((c) => (
                          <Badge key={c} variant="light" styles={WHOLE}>
                            {t(`roles.${c}`)}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLOR[u.State]} variant="dot" styles={WHOLE}>
                        {t(`states.${u.State}`)}
                      </Badge>
                    </Table.Td>
                    {canEdit && (
                      <Table.Td>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={t('actionsFor', { name: `${u.FirstName} ${u.LastName}` })}
                            >
                              {t('columns.actions')}
                            </Button>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setDialog({ kind: 'edit', user: u })}>
                              {t('edit')}
                            </Menu.Item>
                            {u.State === 'Invited' && (
                              <Menu.Item
                                onClick={() =>
                                  void act(
                                    () => resend.mutateAsync(u.PractitionerId),
                                    t('invitationSent', { email: u.Email }),
                                  )
                                }
                              >
                                {t('resendInvitation')}
                              </Menu.Item>
                            )}
                            {u.PractitionerId !== user?.userId &&
                              (u.State === 'Inactive' ? (
                                <Menu.Item onClick={() => void setActive(u, true)}>
                                  {t('reactivate')}
                                </Menu.Item>
                              ) : (
                                <Menu.Item color="red" onClick={() => void setActive(u, false)}>
                                  {t('deactivate')}
                                </Menu.Item>
                              ))}
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {dialog && organizationId && (
        <PersonDialog organizationId={organizationId} mode={dialog} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}
