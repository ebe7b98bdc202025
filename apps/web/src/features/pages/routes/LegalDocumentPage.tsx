import { useEffect } from 'react';
import { Anchor, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type LegalDocument = 'terms' | 'privacy' | 'about';

interface Section {
  heading: string;
  body: string[];
}

/** The signup-time PDF of each legal document (patient-booking.md §1), made from the same English text. */
export const LEGAL_PDFS: Partial<Record<LegalDocument, string>> = {
  terms: '/terms-of-use-signup.pdf',
  privacy: '/privacy-policy-signup.pdf',
};

/**
 * Terms of Use, Privacy Policy (patient-booking.md §1: not for emergencies, not for users under 16, personal data
 * not sold, the laws of a US state) and About CareSlot, in the patient's language (legal namespace).
 */
export function LegalDocumentPage({ document: doc }: { document: LegalDocument }) {
  const { t } = useTranslation('legal');
  const title = t(`${doc}.title`);
  const sections = t(`${doc}.sections`, { returnObjects: true }) as unknown as Section[];
  const pdf = LEGAL_PDFS[doc];

  useEffect(() => {
    window.document.title = `${title} | CareSlot`;
  }, [title]);

  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack gap="lg" component="article" aria-labelledby="legal-title">
        <Stack gap={6}>
          <Title order={1} id="legal-title">
            {title}
          </Title>
          {doc !== 'about' && (
            <Group gap="md" wrap="wrap">
              <Text size="sm" c="dimmed">
                {t('updated')}
              </Text>
              {pdf && (
                <Anchor href={pdf} size="sm" target="_blank" rel="noopener">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconFileTypePdf size={16} aria-hidden />
                    {t('download')}
                  </Group>
                </Anchor>
              )}
            </Group>
          )}
        </Stack>
        <Text size="lg">{t(`${doc}.intro`)}</Text>
        {sections.map((section, index) => (
          <Stack gap="xs" component="section" key={section.heading} aria-labelledby={`legal-${index}`}>
            <Title order={2} size="h3" id={`legal-${index}`}>
              {doc === 'about' ? section.heading : `${index + 1}. ${section.heading}`}
            </Title>
            {section.body.map((paragraph) => (
              <Text key={paragraph}>{paragraph}</Text>
            ))}
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
