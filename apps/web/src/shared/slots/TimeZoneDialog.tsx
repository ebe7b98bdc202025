import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../ui/AppDialog';
import { dateLocale } from './dateLocale';
import { formatSlotTime, zoneAbbreviation } from './slotDates';

export interface TimeZoneDialogProps {
  question: { slot: { Start: string }; browserTimeZone: string; facilityTimeZone: string } | null;
  onYes: () => void;
  onNo: () => void;
}

/** The Time Zone Difference dialog of §2.6, asked after a pick when the browser's zone is not the facility's. */
export function TimeZoneDialog({ question, onYes, onNo }: TimeZoneDialogProps) {
  const { t, i18n } = useTranslation('slots');
  const locale = dateLocale(i18n.language);
  const at = question?.slot.Start ?? new Date(0).toISOString();
  const mine = question?.browserTimeZone ?? 'UTC';
  const theirs = question?.facilityTimeZone ?? 'UTC';
  return (
    <AppDialog
      opened={!!question}
      onClose={onNo}
      title={t('timeZone.title')}
      primary={{ label: t('timeZone.yes'), onClick: onYes }}
      secondary={{ label: t('timeZone.no'), onClick: onNo }}
    >
      <Stack gap="xs">
        <Text>{t('timeZone.different')}</Text>
        <Text>{t('timeZone.confirmSlot')}</Text>
        <Text fw={600}>
          {t('timeZone.yourTime', {
            time: formatSlotTime(at, mine, locale),
            abbr: zoneAbbreviation(at, mine),
          })}
        </Text>
        <Text fw={600}>
          {t('timeZone.facilityTime', {
            time: formatSlotTime(at, theirs, locale),
            abbr: zoneAbbreviation(at, theirs),
          })}
        </Text>
        <Text>{t('timeZone.continue')}</Text>
      </Stack>
    </AppDialog>
  );
}
