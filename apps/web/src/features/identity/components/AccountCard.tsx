import { useEffect, type ReactNode } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The card the account screens share (login, recovery, sign-up start): a heading, a lead text, the form. */
export function AccountCard({
  heading,
  lead,
  children,
}: {
  heading: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack align="center" py={{ base: 32, sm: 56 }} px="md" gap="lg">
      <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460} shadow="sm">
        <Stack gap="md">
          <Title order={1} size="h2">
            {heading}
          </Title>
          {lead && <Text c="dimmed">{lead}</Text>}
          {children}
        </Stack>
      </Paper>
      <AccountFooter />
    </Stack>
  );
}

/** The footer under the account screens: the product line and the privacy and terms links. */
export function AccountFooter() {
  const { t } = useTranslation('identity');
  return (
    <>
      <Text size="sm" c="dimmed" ta="center">
        {t('login.footer')}
      </Text>
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/privacy-policy">
          {t('login.privacy')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/terms-of-use">
          {t('login.terms')}
        </Anchor>
      </Text>
    </>
  );
}

/** Sets the document title while a screen is shown. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
