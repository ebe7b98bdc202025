import { Alert, Button, Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a booking screen shows when no slot is held (booking-flow guard, 2.2): the reason and a way back to find care. */
export function NoHeldSlot() {
  const { t } = useTranslation('booking');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Alert color="yellow" title={t('form.noSlot.title')} role="alert">
          {t('form.noSlot.body')}
        </Alert>
        <Group>
          <Button component={Link} to="/">
            {t('form.noSlot.action')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
