import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, MultiSelect, Select, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  CARE_TEAM_STATUSES,
  careTeamInputSchema,
  FACILITY_LIMITS,
  type CareTeam,
  type Practitioner,
} from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { QueryContent, SettingsDialog, SettingsForm, SettingsPanel } from '../../../shared/ui/SettingsPanel';
import { careTeamsQuery, practitionersQuery, useSaveCareTeam } from '../api/careTeams';
import { serverErrors, validate, type FieldErrors } from '../components/formErrors';
import { usePracticeId } from '../components/usePracticeId';

const nameOf = (p: Practitioner | undefined) =>
  p ? [p.Name[0]?.Prefix[0], ...(p.Name[0]?.Given ?? []), p.Name[0]?.Family].filter(Boolean).join(' ') : '';

/** /practice-admin/settings/care-teams: teams of the practice's practitioners, each with a role. */
export function CareTeamsSettingsPage() {
  const { t } = useTranslation('organizationSettings');
  const organizationId = usePracticeId();
  const teams = useQuery({ ...careTeamsQuery(organizationId ?? ''), enabled: !!organizationId });
  const people = useQuery({ ...practitionersQuery(organizationId ?? ''), enabled: !!organizationId });
  const [editing, setEditing] = useState<{ team: CareTeam | null } | null>(null);
  if (!organizationId) return <Alert color="yellow">{t('noPractice')}</Alert>;
  const byId = new Map((people.data ?? []).map((p) => [p.Id, p]));
  return (
    <SettingsPanel
      id="teams-heading"
      title={t('teams.title')}
      lead={t('teams.lead')}
      documentTitle
      action={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ team: null })}>
          {t('teams.add')}
        </Button>
      }
    >
      <QueryContent query={teams} empty={t('teams.empty')}>
        {(rows) => (
          <Table.ScrollContainer minWidth={520}>
            <Table verticalSpacing="sm" aria-label={t('teams.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('teams.name')}</Table.Th>
                  <Table.Th>{t('teams.members')}</Table.Th>
                  <Table.Th w={120}>{t('teams.status')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((team) => (
                  <Table.Tr key={team.Id}>
                    <Table.Td fw={600}>{team.Name}</Table.Td>
                    <Table.Td>
                      {team.Participants.map((p) => `${nameOf(byId.get(p.PractitionerId))} (${p.Role})`).join(
                        ', ',
                      ) || '—'}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={team.Status === 'active' ? 'brand' : 'gray'}>
                        {t(team.Status === 'active' ? 'active' : 'inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setEditing({ team })}
                        aria-label={t('teams.editNamed', { name: team.Name })}
                      >
                        {t('edit')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryContent>
      {editing && (
        <TeamDialog
          key={editing.team?.Id ?? 'new'}
          organizationId={organizationId}
          team={editing.team}
          practitioners={people.data ?? []}
          onClose={(saved) => {
            setEditing(null);
            if (saved) toast.success(t('teams.saved', { name: saved.Name }));
          }}
        />
      )}
    </SettingsPanel>
  );
}

function TeamDialog({
  organizationId,
  team,
  practitioners,
  onClose,
}: {
  organizationId: string;
  team: CareTeam | null;
  practitioners: Practitioner[];
  onClose: (saved: CareTeam | null) => void;
}) {
  const { t } = useTranslation('organizationSettings');
  const save = useSaveCareTeam(organizationId);
  const [name, setName] = useState(team?.Name ?? '');
  const [status, setStatus] = useState<string>(team?.Status ?? 'active');
  const [members, setMembers] = useState<{ PractitionerId: string; Role: string }[]>(
    team?.Participants ?? [],
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const error = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(careTeamInputSchema, {
      Name: name,
      OrganizationId: organizationId,
      Status: status,
      Participants: members,
    });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      onClose(await save.mutateAsync({ id: team?.Id ?? null, input: checked.data }));
    } catch (failure) {
      const fields = serverErrors(failure);
      if (fields) setErrors(fields);
      else toast.error(t('saveFailed'));
    }
  };
  const title = team ? t('teams.editTitle') : t('teams.addTitle');
  const byId = new Map(practitioners.map((p) => [p.Id, p]));
  return (
    <SettingsDialog title={title} closeLabel={t('close')} onClose={() => onClose(null)}>
      <SettingsForm
        onSubmit={onSubmit}
        label={title}
        saveLabel={t('save')}
        saving={save.isPending}
        cancel={{ label: t('cancel'), onClick: () => onClose(null) }}
      >
        <TextInput
          label={t('teams.name')}
          withAsterisk
          maxLength={FACILITY_LIMITS.name}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error('Name')}
        />
        <Select
          label={t('teams.status')}
          data={CARE_TEAM_STATUSES.map((s) => ({ value: s, label: t(s) }))}
          value={status}
          onChange={(v) => v && setStatus(v)}
          allowDeselect={false}
        />
        <MultiSelect
          label={t('teams.members')}
          searchable
          data={practitioners.map((p) => ({ value: p.Id, label: nameOf(p) }))}
          value={members.map((m) => m.PractitionerId)}
          onChange={(ids) =>
            setMembers(
              ids.map(
                (id) =>
                  members.find((m) => m.PractitionerId === id) ?? {
                    PractitionerId: id,
                    Role: t('teams.defaultRole'),
                  },
              ),
            )
          }
        />
        {members.map((m, i) => (
          <TextInput
            key={m.PractitionerId}
            label={t('teams.roleOf', { name: nameOf(byId.get(m.PractitionerId)) })}
            maxLength={FACILITY_LIMITS.role}
            value={m.Role}
            onChange={(e) => {
              const role = e.currentTarget.value;
              setMembers(members.map((x, j) => (j === i ? { ...x, Role: role } : x)));
            }}
            error={error(`Participants.${i}.Role`) ?? error(`Participants.${i}.PractitionerId`)}
          />
        ))}
      </SettingsForm>
    </SettingsDialog>
  );
}
