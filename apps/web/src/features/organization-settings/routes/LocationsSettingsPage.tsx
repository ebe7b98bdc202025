import { useState } from 'react';
import { Alert, Badge, Box, Button, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location } from '@careslot/contracts';
import { formatPhone, formatZip } from '@careslot/domain';
import { toast } from '../../../shared/ui/toast';
import { QueryContent, SettingsPanel } from '../../../shared/ui/SettingsPanel';
import { locationsQuery } from '../api/locations';
import { useOrganization } from '../api/organization';
import { LocationDialog } from '../components/LocationDialog';
import { usePracticeId } from '../components/usePracticeId';

/** /practice-admin/settings/locations: the practice's facilities, added and edited in a dialog. */
export function LocationsSettingsPage() {
  const { t } = useTranslation('organizationSettings');
  const organizationId = usePracticeId();
  const organization = useOrganization(organizationId);
  const locations = useQuery({ ...locationsQuery(organizationId ?? ''), enabled: !!organizationId });
  const [editing, setEditing] = useState<{ location: Location | null } | null>(null);

  if (!organizationId) return <Alert color="yellow">{t('noPractice')}</Alert>;
  return (
    <SettingsPanel
      id="locations-heading"
      title={t('locations.title')}
      lead={t('locations.lead')}
      documentTitle
      action={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ location: null })}
        >
          {t('locations.add')}
        </Button>
      }
    >
      <QueryContent query={locations} empty={t('locations.empty')}>
        {(rows) => (
          <>
            {/* Phones get one card a location; wider screens the table. */}
            <Stack
              gap="xs"
              hiddenFrom="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={t('locations.title')}
            >
              {rows.map((location) => (
                <Paper key={location.Id} withBorder radius="md" p="sm" component="li">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <div>
                      <Text fw={600}>{location.Name}</Text>
                      <Text size="sm">{location.address.address1}</Text>
                      <Text size="sm" c="dimmed">
                        {location.address.city}, {location.address.state}{' '}
                        {formatZip(location.address.zip_code)}
                      </Text>
                      {location.Phone && <Text size="sm">{formatPhone(location.Phone)}</Text>}
                      <Badge mt={4} variant="light" color={location.check_in_enabled ? 'brand' : 'gray'}>
                        {t('locations.checkInShort')}: {location.check_in_enabled ? t('on') : t('off')}
                      </Badge>
                    </div>
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => setEditing({ location })}
                      aria-label={t('locations.editNamed', { name: location.Name })}
                    >
                      {t('edit')}
                    </Button>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <Table.ScrollContainer minWidth={640}>
                <Table verticalSpacing="sm" highlightOnHover aria-label={t('locations.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('locations.name')}</Table.Th>
                      <Table.Th>{t('locations.address')}</Table.Th>
                      <Table.Th>{t('phone')}</Table.Th>
                      <Table.Th>{t('locations.checkInShort')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((location) => (
                      <Table.Tr key={location.Id}>
                        <Table.Td fw={600}>{location.Name}</Table.Td>
                        <Table.Td>
                          {location.address.address1}
                          {location.address.address2 ? `, ${location.address.address2}` : ''}
                          <Text size="sm" c="dimmed">
                            {location.address.city}, {location.address.state}{' '}
                            {formatZip(location.address.zip_code)} · {location.TimeZone.replace(/_/g, ' ')}
                          </Text>
                        </Table.Td>
                        <Table.Td>{location.Phone ? formatPhone(location.Phone) : '—'}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={location.check_in_enabled ? 'brand' : 'gray'}>
                            {location.check_in_enabled ? t('on') : t('off')}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="xs"
                            onClick={() => setEditing({ location })}
                            aria-label={t('locations.editNamed', { name: location.Name })}
                          >
                            {t('edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Box>
          </>
        )}
      </QueryContent>
      {editing && (
        <LocationDialog
          key={editing.location?.Id ?? 'new'}
          organizationId={organizationId}
          location={editing.location}
          defaultTimeZone={organization.data?.TimeZone ?? 'America/New_York'}
          onClose={(saved) => {
            setEditing(null);
            if (saved) toast.success(t('locations.saved', { name: saved.Name }));
          }}
        />
      )}
    </SettingsPanel>
  );
}
