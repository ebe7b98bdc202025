import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A spinner with a line of text, 'Loading...' unless told otherwise (practice-portal.md §2.15). */
export function LoadingSpinner({ text, minHeight = 240 }: { text?: string; minHeight?: number | string }) {
  const { t } = useTranslation('common');
  const label = text ?? t('loading');
  return (
    <Stack role="status" aria-live="polite" align="center" justify="center" gap="sm" mih={minHeight} py="xl">
      <Loader size="md" aria-hidden />
      <Text c="dimmed" size="sm">
        {label}
      </Text>
    </Stack>
  );
}
