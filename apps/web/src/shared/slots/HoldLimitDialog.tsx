import { useState, useSyncExternalStore } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../ui/AppDialog';
import { holdLimit, releaseEveryHold } from './holds';

/**
 * Said plainly when a patient already holds the most times at once (3): the holds can be released here,
 * and the time just picked is then held.
 */
export function HoldLimitDialog() {
  const { t } = useTranslation('slots');
  const retry = useSyncExternalStore(holdLimit.subscribe, holdLimit.current, () => null);
  const [busy, setBusy] = useState(false);
  const release = async () => {
    setBusy(true);
    try {
      await releaseEveryHold();
      const again = holdLimit.current();
      holdLimit.clear();
      again?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppDialog
      opened={!!retry}
      onClose={() => holdLimit.keep()}
      title={t('holdLimit.title')}
      primary={{ label: t('holdLimit.release'), onClick: () => void release(), loading: busy }}
      secondary={{ label: t('holdLimit.keep'), onClick: () => holdLimit.keep() }}
    >
      <Text>{t('holdLimit.message')}</Text>
    </AppDialog>
  );
}
