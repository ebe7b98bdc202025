import { useId, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, CloseButton, Group, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar, IconMapPin, IconSearch, IconShieldCheck, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatZip, rankByMatch, validateZip, zipDigits } from '@careslot/domain';
import { useComboboxParts } from '../ui/lazyCombobox';
import { saveFilterState } from './filterSession';
import { useInsurances, useSpecialtiesAndConditions, useZipSuggestions } from './lookups';
import classes from './SearchFilter.module.css';

/** What the filter hands its host when the search button is pressed (or a specialty is picked on mobile). */
export interface FilterValues {
  specialties: string[];
  condition: string | null;
  /** Free text that is neither a specialty nor a condition. */
  textField: string | null;
  /** 5 or 9 digits. */
  zipCode: string | null;
  insuranceName: string | null;
  insurancePlanName: string | null;
  /** YYYY-MM-DD. */
  date: string;
}

interface SearchFilterProps {
  initial: FilterValues;
  today: string;
  /** 'search' (the provider list's header) or 'home' (no zip box, the home page's search button). */
  variant?: 'search' | 'home';
  /** One control under the other (a dialog or a narrow column), whatever the width. */
  stacked?: boolean;
  /** Search clicked (or a specialty picked on mobile). */
  onSearch: (values: FilterValues) => void;
  /** 'Clear filters': left out when the host gives none. */
  onClear?: () => void;
  /** A control of the filter was clicked (the host may close a menu or a dialog). */
  onControlClick?: () => void;
}

const MOBILE = '(max-width: 767px)';
// The insurance and zip controls open after a 4 ms delay (patient-booking.md §2.4).
const OPEN_DELAY_MS = 4;

/** Digit-only inputs let navigation and ctrl/cmd a/c/v/x through and block every other non-digit key (§5.1). */
function blockNonDigits(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key.length !== 1) return;
  if ((event.ctrlKey || event.metaKey) && ['a', 'c', 'v', 'x'].includes(event.key.toLowerCase())) return;
  if (!/[0-9]/.test(event.key)) event.preventDefault();
}

/** What Autocomplete's text box says to assistive technology while its list is closed. */
const CLOSED_COMBOBOX = {
  role: 'combobox',
  'aria-haspopup': 'listbox',
  'aria-expanded': false,
  autoComplete: 'off',
} as const;

/**
 * The provider search filter (patient-booking.md §2.4), as the search page's header. It starts from
 * `initial`; the host gives it a new key when the URL's filter changes.
 */
export function SearchFilter({
  initial,
  today,
  variant = 'search',
  stacked = false,
  onSearch,
  onClear,
  onControlClick,
}: SearchFilterProps) {
  const { t } = useTranslation('searchFilter');
  // Reacts to window resize: under 768 px the mobile variant (no zip, no insurance; a pick searches at once).
  const mobile = useMediaQuery(MOBILE) ?? false;
  const showZip = !mobile && variant !== 'home';

  const [term, setTerm] = useState(initial.condition ?? initial.specialties[0] ?? initial.textField ?? '');
  const [termFocused, setTermFocused] = useState(false);
  const { specialties, conditions } = useSpecialtiesAndConditions(termFocused || term !== '');
  const [zip, setZip] = useState(formatZip(initial.zipCode ?? ''));
  const [zipError, setZipError] = useState<string | null>(null);
  const zipSuggestions = useZipSuggestions(zipDigits(zip));
  const [date, setDate] = useState(initial.date);
  const [carrier, setCarrier] = useState<string | null>(initial.insuranceName);
  const [plan, setPlan] = useState<string | null>(initial.insurancePlanName);
  const [insuranceOpen, setInsuranceOpen] = useState(false);
  const [insuranceText, setInsuranceText] = useState('');
  const [panelCarrier, setPanelCarrier] = useState<string | null>(initial.insuranceName);
  const insuranceRef = useRef<HTMLInputElement>(null);
  const insurances = useInsurances();
  // The Autocompletes and the insurance Popover load after the page shows (or when the filter is pointed at or
  // focused); until then the same text boxes are plain inputs (docs/performance.md).
  const { parts, request } = useComboboxParts();
  const termId = useId();
  const zipId = useId();
  const insuranceId = useId();

  // Grouped options ranked by the position of the match, then alphabetically; a name that is both a
  // specialty and a condition is offered once, as the specialty.
  const specialtyNames = useMemo(() => specialties.map((s) => s.Display), [specialties]);
  const termData = useMemo(() => {
    const taken = new Set(specialtyNames.map((n) => n.toLowerCase()));
    const conditionNames = conditions.map((c) => c.Display).filter((n) => !taken.has(n.toLowerCase()));
    return [
      { group: t('groups.specialties'), items: rankByMatch(specialtyNames, term, (n) => n).slice(0, 30) },
      { group: t('groups.conditions'), items: rankByMatch(conditionNames, term, (n) => n).slice(0, 30) },
    ].filter((g) => g.items.length > 0);
  }, [specialtyNames, conditions, term, t]);

  const values = (overrides: Partial<{ term: string; zip: string }> = {}): FilterValues => {
    const chosen = (overrides.term ?? term).trim();
    const isSpecialty = specialtyNames.some((n) => n.toLowerCase() === chosen.toLowerCase());
    const isCondition =
      !isSpecialty && conditions.some((c) => c.Display.toLowerCase() === chosen.toLowerCase());
    const digits = zipDigits(overrides.zip ?? zip);
    return {
      specialties: isSpecialty ? [specialtyNames.find((n) => n.toLowerCase() === chosen.toLowerCase())!] : [],
      condition: isCondition
        ? conditions.find((c) => c.Display.toLowerCase() === chosen.toLowerCase())!.Display
        : null,
      textField: chosen && !isSpecialty && !isCondition ? chosen : null,
      zipCode: digits.length === 5 || digits.length === 9 ? digits : null,
      insuranceName: carrier,
      insurancePlanName: carrier ? plan : null,
      date: date && date >= today ? date : today,
    };
  };

  const submit = (overrides?: Partial<{ term: string; zip: string }>) => {
    const zipCheck = validateZip(overrides?.zip ?? zip);
    if (!zipCheck.valid) {
      setZipError(t('zip.invalidZipLength'));
      return;
    }
    const next = values(overrides);
    saveFilterState({
      specialty: next.specialties[0] ?? null,
      condition: next.condition,
      zipCode: next.zipCode,
      insuranceName: next.insuranceName,
      insurancePlanName: next.insurancePlanName,
    });
    onSearch(next);
  };

  const pickTerm = (value: string) => {
    setTerm(value);
    // On desktop focus moves on to insurance; on mobile the search runs at once.
    if (mobile) submit({ term: value });
    else setTimeout(() => insuranceRef.current?.focus(), OPEN_DELAY_MS);
  };

  const carriers = insurances.data ?? [];
  const shownCarriers = rankByMatch(carriers, insuranceText, (c) => c.Name);
  const carrierPlans = carriers.find((c) => c.Name === panelCarrier)?.Plans ?? [];
  const insuranceLabel = carrier ? (plan ? `${carrier} · ${plan}` : carrier) : '';

  const onZipChange = (value: string) => {
    setZip(formatZip(value));
    setZipError(null);
  };
  const onZipBlur = () => {
    const digits = zipDigits(zip);
    if (digits.length > 0 && digits.length < 3) setZipError(t('zip.tooShort'));
    else if (!validateZip(zip).valid) setZipError(t('zip.invalidZipLength'));
  };
  const onZipPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    onZipChange(`${zip}${event.clipboardData.getData('text')}`);
  };

  const termInput = {
    id: termId,
    className: classes.term,
    label: t('term.label'),
    placeholder: t('term.placeholder'),
    leftSection: <IconStethoscope size={18} aria-hidden />,
    value: term,
  };
  const zipInput = {
    id: zipId,
    className: classes.zip,
    label: t('zip.label'),
    placeholder: t('zip.placeholder'),
    leftSection: <IconMapPin size={18} aria-hidden />,
    inputMode: 'numeric' as const,
    maxLength: 10,
    value: zip,
    onKeyDown: blockNonDigits,
    onPaste: onZipPaste,
    onBlur: onZipBlur,
    error: zipError,
  };
  const insuranceInput = (
    <TextInput
      id={insuranceId}
      ref={insuranceRef}
      className={classes.insurance}
      label={t('insurance.label')}
      placeholder={t('insurance.placeholder')}
      leftSection={<IconShieldCheck size={18} aria-hidden />}
      value={insuranceOpen ? insuranceText : insuranceLabel}
      onChange={(event) => setInsuranceText(event.currentTarget.value)}
      onFocus={() => {
        request();
        setTimeout(() => setInsuranceOpen(true), OPEN_DELAY_MS);
      }}
      onClick={() => setTimeout(() => setInsuranceOpen(true), OPEN_DELAY_MS)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setInsuranceOpen(false);
      }}
      // A text box that opens the carrier-and-plan panel: a combobox whose popup is a dialog (ARIA 1.2).
      role="combobox"
      aria-haspopup="dialog"
      aria-expanded={insuranceOpen}
      rightSection={
        carrier ? (
          <CloseButton
            size="sm"
            aria-label={t('insurance.clear')}
            onClick={() => {
              setCarrier(null);
              setPlan(null);
              setPanelCarrier(null);
            }}
          />
        ) : null
      }
    />
  );

  return (
    <form
      className={classes.filter}
      data-variant={variant}
      data-stacked={stacked || undefined}
      data-mobile={mobile || undefined}
      role="search"
      aria-label={t('label')}
      onClickCapture={onControlClick}
      onPointerEnter={request}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {parts ? (
        <parts.Autocomplete
          {...termInput}
          data={termData}
          filter={({ options }) => options}
          onChange={setTerm}
          onOptionSubmit={pickTerm}
          onFocus={() => setTermFocused(true)}
          maxDropdownHeight={320}
          clearable
          comboboxProps={{ withinPortal: true }}
        />
      ) : (
        <TextInput
          {...termInput}
          {...CLOSED_COMBOBOX}
          onChange={(event) => setTerm(event.currentTarget.value)}
          onFocus={() => {
            setTermFocused(true);
            request();
          }}
        />
      )}
      {!showZip ? null : parts ? (
        <parts.Autocomplete
          {...zipInput}
          data={(zipSuggestions.data ?? []).map((z) => z.Code)}
          filter={({ options }) => options}
          renderOption={({ option }) => {
            const found = zipSuggestions.data?.find((z) => z.Code === option.value);
            return (
              <Group gap={6} wrap="nowrap">
                <Text size="sm" fw={600}>
                  {option.value}
                </Text>
                <Text size="sm" c="dimmed">
                  {found ? `${found.City}, ${found.StateCode}` : ''}
                </Text>
              </Group>
            );
          }}
          onChange={onZipChange}
          comboboxProps={{ withinPortal: true, transitionProps: { duration: 0, enterDelay: OPEN_DELAY_MS } }}
        />
      ) : (
        <TextInput
          {...zipInput}
          {...CLOSED_COMBOBOX}
          onChange={(event) => onZipChange(event.currentTarget.value)}
          onFocus={request}
        />
      )}
      {mobile ? null : parts ? (
        <parts.Popover
          opened={insuranceOpen}
          onChange={setInsuranceOpen}
          position="bottom-start"
          width={360}
          shadow="md"
          trapFocus={false}
          closeOnClickOutside
        >
          <parts.Popover.Target>{insuranceInput}</parts.Popover.Target>
          <parts.Popover.Dropdown p={0} aria-label={t('insurance.panel')} role="dialog">
            <div className={classes.panel}>
              <div className={classes.panelColumn}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {t('insurance.carriers')}
                </Text>
                <parts.ScrollArea.Autosize mah={280}>
                  {shownCarriers.map((c) => (
                    <UnstyledButton
                      key={c.Id}
                      className={classes.option}
                      data-active={panelCarrier === c.Name || undefined}
                      onClick={() => setPanelCarrier(c.Name)}
                    >
                      {c.Name}
                    </UnstyledButton>
                  ))}
                </parts.ScrollArea.Autosize>
              </div>
              <div className={classes.panelColumn}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {t('insurance.plans')}
                </Text>
                {panelCarrier ? (
                  <parts.ScrollArea.Autosize mah={280}>
                    <UnstyledButton
                      className={classes.option}
                      onClick={() => {
                        setCarrier(panelCarrier);
                        setPlan(null);
                        setInsuranceText('');
                        setInsuranceOpen(false);
                      }}
                    >
                      {t('insurance.anyPlan')}
                    </UnstyledButton>
                    {carrierPlans.map((p) => (
                      <UnstyledButton
                        key={p.Id}
                        className={classes.option}
                        data-active={(carrier === panelCarrier && plan === p.Name) || undefined}
                        onClick={() => {
                          setCarrier(panelCarrier);
                          setPlan(p.Name);
                          setInsuranceText('');
                          setInsuranceOpen(false);
                        }}
                      >
                        {p.Name}
                      </UnstyledButton>
                    ))}
                  </parts.ScrollArea.Autosize>
                ) : (
                  <Text size="sm" c="dimmed" px="sm" py="xs">
                    {t('insurance.pickCarrier')}
                  </Text>
                )}
              </div>
            </div>
          </parts.Popover.Dropdown>
        </parts.Popover>
      ) : (
        insuranceInput
      )}
      <TextInput
        className={classes.date}
        type="date"
        label={t('date.label')}
        leftSection={<IconCalendar size={18} aria-hidden />}
        min={today}
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        error={date && date < today ? t('date.min') : null}
      />
      <Stack gap={4} className={classes.actions}>
        <Button
          type="submit"
          leftSection={<IconSearch size={18} aria-hidden />}
          className={classes.search}
          size={variant === 'home' ? 'md' : 'sm'}
          radius={variant === 'home' ? 'xl' : undefined}
        >
          {t('search')}
        </Button>
        {onClear ? (
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {t('clear')}
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}
