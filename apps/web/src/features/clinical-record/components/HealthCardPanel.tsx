import { Alert, Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthCardQuery } from '../api';
import { conceptText } from '../fhirText';

/**
 * The vaccination passport (decision 0097): the patient's immunizations as a SMART Health Card, its QR code to
 * show or scan and the .smart-health-card file to download.
 */
export function HealthCardPanel({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation('clinicalRecord');
  const card = useQuery(healthCardQuery(patientId));
  const doses = card.data?.Immunizations ?? [];
  const download = () => {
    if (!card.data) return;
    const file = new Blob([JSON.stringify({ verifiableCredential: [card.data.Jws] })], {
      type: 'application/smart-health-card',
    });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(file);
    link.download = 'vaccination.smart-health-card';
    link.click();
    URL.revokeObjectURL(link.href);
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="health-card-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="health-card-title">
          {t('card.title')}
        </Title>
        <Text size="sm">{t('card.intro')}</Text>
        {card.isLoading ? <Loader size="sm" aria-label={t('loading')} /> : null}
        {card.isError ? (
          <Alert color="red" variant="light">
            {t('loadFailed')}
          </Alert>
        ) : null}
        {card.data && doses.length === 0 ? <Text size="sm">{t('card.none')}</Text> : null}
        {card.data && doses.length > 0 ? (
          <Group align="flex-start" gap="lg">
            <Image
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(card.data.QrSvg)}`}
              alt={t('card.qrAlt')}
              w={240}
              h={240}
              data-testid="health-card-qr"
            />
            <Stack gap="xs">
              <Text fw={600}>{t('card.doses', { count: doses.length })}</Text>
              <ul data-testid="health-card-doses">
                {doses.map((d, i) => (
                  <li key={i}>
                    {`${conceptText(d.vaccineCode)} · ${new Intl.DateTimeFormat(i18n.language, {
                      dateStyle: 'medium',
                      timeZone: 'UTC',
                    }).format(new Date(String(d.occurrenceDateTime)))}`}
                  </li>
                ))}
              </ul>
              <Group>
                <Button onClick={download}>{t('card.download')}</Button>
              </Group>
            </Stack>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
