import { useRef, useState, type FormEvent } from 'react';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { SettingsDialog, SettingsForm } from '../../../shared/ui/SettingsPanel';
import { Alert, MultiSelect, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FACILITY_LIMITS, locationInputSchema, US_TIME_ZONES, type Location } from '@careslot/contracts';
import { formatZip, stateTimeZone, zipDigits } from '@careslot/domain';
import {
  insuranceMappingsQuery,
  locationInsurancesQuery,
  lookUpZip,
  useSaveLocation,
} from '../api/locations';
import { serverErrors, validate, type FieldErrors } from './formErrors';

interface Values {
  Name: string;
  Address1: string;
  Address2: string;
  ZipCode: string;
  City: string;
  State: string;
  TimeZone: string;
  Phone: string;
  Emails: string[];
  CheckInEnabled: boolean;
  Insurances: string[];
}

const fromLocation = (location: Location | null, fallbackZone: string): Values => ({
  Name: location?.Name ?? '',
  Address1: location?.address.address1 ?? '',
  Address2: location?.address.address2 ?? '',
  ZipCode: location ? formatZip(location.address.zip_code) : '',
  City: location?.address.city ?? '',
  State: location?.address.state ?? '',
  TimeZone: location?.TimeZone ?? fallbackZone,
  Phone: location?.Phone ?? '',
  Emails: location?.emails ?? [],
  CheckInEnabled: location?.check_in_enabled ?? false,
  Insurances: [],
});

/**
 * Add or edit a facility (practice-portal.md §3.3): address with the US zip look-up filling city, state and
 * the state's time zone, phone, e-mails, check-in, and the insurances it accepts. Validated with the
 * contracts' schema before the call; the server's 400 lands on the same fields.
 */
type Props = {
  organizationId: string;
  location: Location | null;
  defaultTimeZone: string;
  onClose: (saved: Location | null) => void;
};

export function LocationDialog(props: Props) {
  const { t } = useTranslation('organizationSettings');
  const { location, onClose } = props;
  const accepted = useQuery({ ...locationInsurancesQuery(location?.Id ?? ''), enabled: !!location });
  const title = location ? t('locations.editTitle') : t('locations.addTitle');
  return (
    <SettingsDialog title={title} closeLabel={t('close')} onClose={() => onClose(null)} size="popup">
      {location && accepted.isPending ? (
        <LoadingSpinner />
      ) : (
        <LocationForm {...props} title={title} insurances={accepted.data ?? []} />
      )}
    </SettingsDialog>
  );
}

function LocationForm({
  organizationId,
  location,
  defaultTimeZone,
  onClose,
  title,
  insurances,
}: Props & { title: string; insurances: string[] }) {
  const { t } = useTranslation('organizationSettings');
  const [values, setValues] = useState<Values>(() => ({
    ...fromLocation(location, defaultTimeZone),
    Insurances: insurances,
  }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [zipNote, setZipNote] = useState<string | null>(null);
  const mappings = useQuery(insuranceMappingsQuery());
  const save = useSaveLocation(organizationId);
  const form = useRef<HTMLFormElement>(null);
  const lookUp = useRef<AbortController | null>(null);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => {
      const next = { ...e };
      delete next[
        key === 'Name' || key === 'Phone' || key === 'TimeZone'
          ? key
          : key === 'Emails'
            ? 'Emails'
            : `Address.${key}`
      ];
      return next;
    });
  };

  const onZip = (typed: string) => {
    const digits = zipDigits(typed);
    set('ZipCode', formatZip(typed));
    setZipNote(null);
    if (digits.length !== 5 && digits.length !== 9) return;
    lookUp.current?.abort();
    const controller = new AbortController();
    lookUp.current = controller;
    void lookUpZip(digits.slice(0, 5), controller.signal).then((zip) => {
      if (controller.signal.aborted) return;
      if (!zip) {
        setErrors((e) => ({ ...e, 'Address.ZipCode': { key: 'validation.unknownZip' } }));
        return;
      }
      const zone = stateTimeZone(zip.StateCode);
      setValues((v) => ({
        ...v,
        City: zip.City,
        State: zip.StateCode ?? v.State,
        TimeZone: zone && (US_TIME_ZONES as readonly string[]).includes(zone) ? zone : v.TimeZone,
      }));
      setErrors((e) => {
        const next = { ...e };
        for (const filled of ['Address.City', 'Address.State', 'TimeZone']) delete next[filled];
        return next;
      });
      setZipNote(t('locations.zipFilled', { city: zip.City, state: zip.StateCode }));
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    const input = {
      Name: values.Name,
      OrganizationId: organizationId,
      TimeZone: values.TimeZone,
      Address: {
        Address1: values.Address1,
        Address2: values.Address2,
        City: values.City,
        State: values.State,
        ZipCode: zipDigits(values.ZipCode),
      },
      Phone: values.Phone,
      Emails: values.Emails,
      CheckInEnabled: values.CheckInEnabled,
      Active: location?.Active ?? true,
      ...(location
        ? {
            ContactPerson: {
              FirstName: location.contact_person_name.first_name ?? '',
              LastName: location.contact_person_name.last_name ?? '',
            },
          }
        : {}),
    };
    const checked = validate(locationInputSchema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const saved = await save.mutateAsync({
        id: location?.Id ?? null,
        input: checked.data,
        insurancePlanIds: values.Insurances,
      });
      onClose(saved);
    } catch (error) {
      const fields = serverErrors(error);
      if (fields) setErrors(fields);
      else setFailed(true);
    }
  };

  const error = (path: string) => (errors[path] ? t(errors[path].key, errors[path].values) : undefined);
  const emailError = Object.entries(errors).find(([path]) => path.startsWith('Emails'))?.[1];

  return (
    <SettingsForm
      ref={form}
      onSubmit={onSubmit}
      label={title}
      saveLabel={t('save')}
      saving={save.isPending}
      cancel={{ label: t('cancel'), onClick: () => onClose(null) }}
    >
      {failed && (
        <Alert color="red" role="alert">
          {t('saveFailed')}
        </Alert>
      )}
      <TextInput
        label={t('locations.name')}
        withAsterisk
        maxLength={FACILITY_LIMITS.name}
        value={values.Name}
        onChange={(e) => set('Name', e.currentTarget.value)}
        error={error('Name')}
      />
      <TextInput
        label={t('locations.address1')}
        withAsterisk
        maxLength={FACILITY_LIMITS.address}
        autoComplete="address-line1"
        value={values.Address1}
        onChange={(e) => set('Address1', e.currentTarget.value)}
        error={error('Address.Address1')}
      />
      <TextInput
        label={t('locations.address2')}
        maxLength={FACILITY_LIMITS.address}
        autoComplete="address-line2"
        value={values.Address2}
        onChange={(e) => set('Address2', e.currentTarget.value)}
        error={error('Address.Address2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('locations.zip')}
          withAsterisk
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={10}
          value={values.ZipCode}
          onChange={(e) => onZip(e.currentTarget.value)}
          description={zipNote ?? t('locations.zipHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={error('Address.ZipCode')}
        />
        <TextInput
          label={t('locations.city')}
          withAsterisk
          maxLength={FACILITY_LIMITS.city}
          value={values.City}
          onChange={(e) => set('City', e.currentTarget.value)}
          error={error('Address.City')}
        />
        <TextInput
          label={t('locations.state')}
          withAsterisk
          maxLength={2}
          value={values.State}
          onChange={(e) => set('State', e.currentTarget.value.toUpperCase())}
          error={error('Address.State') ?? error('State')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('timeZone')}
          withAsterisk
          data={US_TIME_ZONES.map((z) => ({ value: z, label: z.replace(/_/g, ' ') }))}
          value={values.TimeZone}
          onChange={(v) => set('TimeZone', v ?? defaultTimeZone)}
          error={error('TimeZone')}
          allowDeselect={false}
        />
        <TextInput
          label={t('phone')}
          type="tel"
          autoComplete="tel"
          maxLength={FACILITY_LIMITS.phone}
          value={values.Phone}
          onChange={(e) => set('Phone', e.currentTarget.value)}
          error={error('Phone')}
        />
      </SimpleGrid>
      <TagsInput
        label={t('locations.emails')}
        description={t('locations.emailsHint')}
        maxTags={FACILITY_LIMITS.emails}
        value={values.Emails}
        onChange={(v) => set('Emails', v)}
        error={emailError ? t(emailError.key, emailError.values) : undefined}
        splitChars={[',', ' ', ';']}
      />
      <MultiSelect
        label={t('locations.insurances')}
        placeholder={values.Insurances.length ? undefined : t('locations.insurancesPlaceholder')}
        searchable
        data={(mappings.data ?? []).map((m) => ({ value: m.PlanId, label: m.Display }))}
        value={values.Insurances}
        onChange={(v) => set('Insurances', v)}
        maxDropdownHeight={240}
        hidePickedOptions
      />
      <Switch
        label={t('locations.checkIn')}
        checked={values.CheckInEnabled}
        onChange={(e) => set('CheckInEnabled', e.currentTarget.checked)}
      />
    </SettingsForm>
  );
}
