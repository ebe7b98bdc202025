import { useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Location } from '@careslot/contracts';
import { formatPhone, formatZip } from '@careslot/domain';
import { toast } from '../../../shared/ui/toast';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
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
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby="locations-heading"
    >
      <title>{t('locations.title')}</title>
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={2} id="locations-heading" fz="h3">
              {t('locations.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('locations.lead')}
            </Text>
          </div>
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setEditing({ location: null })}
          >
            {t('locations.add')}
          </Button>
        </Group>
        {locations.isPending ? (
          <LoadingSpinner />
        ) : locations.error ? (
          <Alert color="red" role="alert">
            {locations.error.message}
          </Alert>
        ) : locations.data.length === 0 ? (
          <Text>{t('locations.empty')}</Text>
        ) : (
          <>
            {/* Phones get one card a location; wider screens the table. */}
            <Stack
              gap="xs"
              hiddenFrom="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              aria-label={t('locations.title')}
            >
              {locations.data.map((location) => (
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
                    {locations.data.map((location) => (
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
      </Stack>
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
    </Paper>
  );
}
