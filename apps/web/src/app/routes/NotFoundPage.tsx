import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A calendar page with nothing booked and a question mark: the address leads to no page. */
function LostPageArt() {
  return (
    <svg width="132" height="120" viewBox="0 0 132 120" aria-hidden focusable="false">
      <circle cx="66" cy="64" r="54" fill="#e7f5f4" />
      <rect x="30" y="26" width="72" height="70" rx="14" fill="#ffffff" stroke="#a6d8d4" strokeWidth="2" />
      <path d="M30 40a14 14 0 0 1 14-14h44a14 14 0 0 1 14 14v6H30z" fill="#0b7a74" />
      <rect x="46" y="18" width="6" height="16" rx="3" fill="#44576b" />
      <rect x="80" y="18" width="6" height="16" rx="3" fill="#44576b" />
      <path
        d="M58 62c0-5 4-8 8-8s8 3 8 7c0 6-8 6-8 12"
        stroke="#0b7a74"
        strokeWidth="5"
        fill="none"
        strokeLinecap="round"
      />
      <circle cx="66" cy="83" r="3.5" fill="#0b7a74" />
    </svg>
  );
}

/** The 404 page of the spec (patient-booking.md §2.11). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container size="sm" py={{ base: 56, sm: 96 }}>
      <Stack align="center" gap="md" ta="center">
        <LostPageArt />
        <Text c="brand.7" fw={700} size="lg">
          {t('notFound.code')}
        </Text>
        <Title order={1} size="h2" c="ink.9" style={{ letterSpacing: '-0.01em' }}>
          {t('notFound.title')}
        </Title>
        <Text c="dimmed" size="lg">
          {t('notFound.text')}
        </Text>
        <Button component={Link} to="/" size="md" mt="sm">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
