import { useState } from 'react';
import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_LABELS, LANGUAGES, type Language } from '@careslot/contracts';
import { isLanguage, LANGUAGE_ENDONYMS as ENDONYMS } from '../../shared/i18n/i18n';
import { Disclosure, disclosureClasses, disclosureItem } from '../../shared/ui/Disclosure';
import { Flag } from './Flag';
import classes from './Header.module.css';

function useLanguage() {
  const { i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const choose = (language: Language) => void i18n.changeLanguage(language);
  return { current, choose };
}

/** The header's flag widget: ES EN ZH VI KO JA (practice-portal.md §2.3). */
export function LanguageMenu({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { t } = useTranslation();
  const { current, choose } = useLanguage();
  return (
    <Disclosure
      opened={opened}
      onChange={onChange}
      triggerLabel={t('header.currentLanguage', { language: ENDONYMS[current] })}
      triggerClassName={classes.languageButton}
      width={210}
      trigger={
        <>
          <Flag language={current} />
          <Text span fw={600} size="sm">
            {LANGUAGE_LABELS[current]}
          </Text>
          <IconChevronDown size={14} stroke={2} aria-hidden />
        </>
      }
    >
      <div className={disclosureClasses.label}>{t('header.language')}</div>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          {...disclosureItem}
          aria-current={language === current ? 'true' : undefined}
          onClick={() => {
            choose(language);
            onChange(false);
          }}
        >
          <Flag language={language} />
          <Text span fw={600} size="sm" w={24}>
            {LANGUAGE_LABELS[language]}
          </Text>
          <Text span size="sm" c="dimmed" style={{ flex: 1 }}>
            {ENDONYMS[language]}
          </Text>
          {language === current ? <IconCheck size={16} aria-hidden /> : null}
        </button>
      ))}
    </Disclosure>
  );
}

/** The same choice laid out flat, for the burger menu. */
export function LanguageGrid() {
  const { t } = useTranslation();
  const { current, choose } = useLanguage();
  return (
    <div role="group" aria-label={t('header.language')}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={8}>
        {t('header.language')}
      </Text>
      <SimpleGrid cols={3} spacing={8}>
        {LANGUAGES.map((language) => (
          <UnstyledButton
            key={language}
            lang={language}
            className={classes.languageChip}
            data-active={language === current || undefined}
            aria-pressed={language === current}
            aria-label={ENDONYMS[language]}
            onClick={() => choose(language)}
          >
            <Flag language={language} width={20} />
            <span>{LANGUAGE_LABELS[language]}</span>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </div>
  );
}

/** The flag widget holding its own open state, for pages with their own header (the landing page). */
export function LanguageMenuButton() {
  const [opened, setOpened] = useState(false);
  return <LanguageMenu opened={opened} onChange={setOpened} />;
}
