import { useState, type FormEvent } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FACILITY_LIMITS, healthcareServiceInputSchema, type HealthcareService } from '@careslot/contracts';
import { toast } from '../../../shared/ui/toast';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { QueryContent, SettingsDialog, SettingsForm, SettingsPanel } from '../../../shared/ui/SettingsPanel';
import { locationsQuery } from '../api/locations';
import { resourceSettingsQuery, resourcesQuery, useResourcePhoto, useSaveResource } from '../api/resources';
import { serverErrors, validate, type FieldErrors } from '../components/formErrors';
import { ImagePicker } from '../components/ImagePicker';
import { usePracticeId } from '../components/usePracticeId';

/** /practice-admin/settings/resources: the practice's bookable resources (rooms, devices) with their photo. */
export function ResourcesSettingsPage() {
  const { t } = useTranslation('organizationSettings');
  const organizationId = usePracticeId();
  const resources = useQuery({ ...resourcesQuery(organizationId ?? ''), enabled: !!organizationId });
  const [editing, setEditing] = useState<{ resource: HealthcareService | null } | null>(null);
  if (!organizationId) return <Alert color="yellow">{t('noPractice')}</Alert>;
  return (
    <SettingsPanel
      id="resources-heading"
      title={t('resources.title')}
      lead={t('resources.lead')}
      documentTitle
      action={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setEditing({ resource: null })}
        >
          {t('resources.add')}
        </Button>
      }
    >
      <QueryContent query={resources} empty={t('resources.empty')}>
        {(rows) => (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {rows.map((resource) => (
              <Card key={resource.Id} withBorder radius="md" component="li">
                <Group wrap="nowrap" align="flex-start">
                  <Avatar src={resource.Photo.Url} alt="" size={56} radius="md">
                    {resource.Name.slice(0, 1)}
                  </Avatar>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600}>{resource.Name}</Text>
                    {resource.Category && (
                      <Text size="sm" c="dimmed">
                        {resource.Category}
                      </Text>
                    )}
                    <Group gap="xs" mt={4}>
                      <Badge variant="light" color={resource.Active ? 'brand' : 'gray'}>
                        {resource.Active ? t('active') : t('inactive')}
                      </Badge>
                      <Button
                        size="xs"
                        variant="subtle"
                        onClick={() => setEditing({ resource })}
                        aria-label={t('resources.editNamed', { name: resource.Name })}
                      >
                        {t('edit')}
                      </Button>
                    </Group>
                  </Stack>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </QueryContent>
      {editing && (
        <ResourceDialog
          key={editing.resource?.Id ?? 'new'}
          organizationId={organizationId}
          resource={editing.resource}
          onClose={(saved) => {
            setEditing(null);
            if (saved) toast.success(t('resources.saved', { name: saved.Name }));
          }}
        />
      )}
    </SettingsPanel>
  );
}

type DialogProps = {
  organizationId: string;
  resource: HealthcareService | null;
  onClose: (saved: HealthcareService | null) => void;
};
const DEFAULT_OPTIONS = {
  OnlineBookingEnabled: true,
  HidePublicProfile: false,
  PatientSurveyInstructions: '',
};

function ResourceDialog(props: DialogProps) {
  const { t } = useTranslation('organizationSettings');
  const { resource, onClose } = props;
  const settings = useQuery({ ...resourceSettingsQuery(resource?.Id ?? ''), enabled: !!resource });
  const title = resource ? t('resources.editTitle') : t('resources.addTitle');
  const initial = settings.data
    ? {
        OnlineBookingEnabled: settings.data.OnlineBookingEnabled,
        HidePublicProfile: settings.data.HidePublicProfile,
        PatientSurveyInstructions: settings.data.PatientSurveyInstructions,
      }
    : DEFAULT_OPTIONS;
  return (
    <SettingsDialog title={title} closeLabel={t('close')} onClose={() => onClose(null)} size="popup">
      {resource && settings.isPending ? (
        <LoadingSpinner />
      ) : (
        <ResourceForm {...props} title={title} initialOptions={initial} />
      )}
    </SettingsDialog>
  );
}

function ResourceForm({
  organizationId,
  resource,
  onClose,
  title,
  initialOptions,
}: DialogProps & { title: string; initialOptions: typeof DEFAULT_OPTIONS }) {
  const { t } = useTranslation('organizationSettings');
  const locations = useQuery(locationsQuery(organizationId));
  const save = useSaveResource(organizationId);
  const photo = useResourcePhoto(organizationId);
  const [values, setValues] = useState({
    Name: resource?.Name ?? '',
    Category: resource?.Category ?? '',
    About: resource?.About ?? '',
    LocationIds: resource?.LocationIds ?? [],
    Active: resource?.Active ?? true,
  });
  const [options, setOptions] = useState(initialOptions);
  const [photoUrl, setPhotoUrl] = useState(resource?.Photo.Url ?? null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const error = (key: string) => (errors[key] ? t(errors[key].key, errors[key].values) : undefined);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(healthcareServiceInputSchema, { ...values, OrganizationId: organizationId });
    if (!checked.ok) return setErrors(checked.errors);
    try {
      onClose(await save.mutateAsync({ id: resource?.Id ?? null, input: checked.data, settings: options }));
    } catch (failure) {
      const fields = serverErrors(failure);
      if (fields) setErrors(fields);
      else toast.error(t('saveFailed'));
    }
  };
  return (
    <SettingsForm
      onSubmit={onSubmit}
      label={title}
      saveLabel={t('save')}
      saving={save.isPending}
      cancel={{ label: t('cancel'), onClick: () => onClose(null) }}
    >
      {resource && (
        <ImagePicker
          label={t('resources.photo')}
          url={photoUrl}
          height={120}
          busy={photo.upload.isPending || photo.remove.isPending}
          onUpload={async (file) =>
            setPhotoUrl((await photo.upload.mutateAsync({ id: resource.Id, file })).Photo.Url)
          }
          onRemove={async () => setPhotoUrl((await photo.remove.mutateAsync(resource.Id)).Photo.Url)}
        />
      )}
      <TextInput
        label={t('resources.name')}
        withAsterisk
        maxLength={FACILITY_LIMITS.name}
        value={values.Name}
        onChange={(e) => setValues({ ...values, Name: e.currentTarget.value })}
        error={error('Name')}
      />
      <TextInput
        label={t('resources.category')}
        maxLength={75}
        value={values.Category}
        onChange={(e) => setValues({ ...values, Category: e.currentTarget.value })}
        error={error('Category')}
      />
      <Textarea
        label={t('resources.about')}
        autosize
        minRows={2}
        maxRows={5}
        maxLength={FACILITY_LIMITS.about}
        value={values.About}
        onChange={(e) => setValues({ ...values, About: e.currentTarget.value })}
        error={error('About')}
      />
      <MultiSelect
        label={t('resources.locations')}
        data={(locations.data ?? []).map((l) => ({ value: l.Id, label: l.Name }))}
        value={values.LocationIds}
        onChange={(v) => setValues({ ...values, LocationIds: v })}
        error={error('LocationIds') ?? error('LocationIds.0')}
      />
      <Switch
        label={t('active')}
        checked={values.Active}
        onChange={(e) => setValues({ ...values, Active: e.currentTarget.checked })}
      />
      <Switch
        label={t('resources.onlineBooking')}
        checked={options.OnlineBookingEnabled}
        onChange={(e) => setOptions({ ...options, OnlineBookingEnabled: e.currentTarget.checked })}
      />
      <Switch
        label={t('resources.hideProfile')}
        checked={options.HidePublicProfile}
        onChange={(e) => setOptions({ ...options, HidePublicProfile: e.currentTarget.checked })}
      />
      <Textarea
        label={t('resources.surveyInstructions')}
        autosize
        minRows={2}
        maxRows={4}
        maxLength={FACILITY_LIMITS.instructions}
        value={options.PatientSurveyInstructions}
        onChange={(e) => setOptions({ ...options, PatientSurveyInstructions: e.currentTarget.value })}
      />
    </SettingsForm>
  );
}
