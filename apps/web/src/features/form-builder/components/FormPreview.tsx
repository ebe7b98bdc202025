import { useState, type ComponentType } from 'react';
import { Modal, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomForm, FormAnswer, FormAnswers } from '@careslot/contracts';

/** The patient's form renderer (the check-in page's; src/app hands it to the builder, features never meet). */
export type QuestionsRenderer = ComponentType<{
  definition: CustomForm['Definition'];
  answers: FormAnswers;
  onAnswer: (key: string, value: FormAnswer) => void;
}>;

/**
 * The form being built as the patient sees it at check-in (issue 26): the patient's own renderer in a dialog
 * (focus kept inside, Escape or the close button ends it). Conditions react to the answers given here, which are
 * never sent.
 */
export function FormPreview({
  name,
  definition,
  onClose,
  renderQuestions: FormQuestions,
}: {
  name: string;
  renderQuestions: QuestionsRenderer;
  /** The definition as it would be saved; null: the preview is closed. */
  definition: CustomForm['Definition'] | null;
  onClose: () => void;
}) {
  // The check-in page's namespace too: the renderer's own texts are ready when the preview opens.
  const { t } = useTranslation(['formBuilder', 'checkin']);
  const [answers, setAnswers] = useState<FormAnswers>({});
  const close = () => {
    setAnswers({});
    onClose();
  };
  const empty = !definition?.Sections.some((s) => s.Components.length > 0);
  return (
    <Modal
      opened={definition !== null}
      onClose={close}
      title={t('previewTitle', { name })}
      closeButtonProps={{ 'aria-label': t('previewClose') }}
      size="lg"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('previewHint')}
        </Text>
        <Title order={2} fz="lg">
          {name}
        </Title>
        {definition && !empty ? (
          <FormQuestions
            definition={definition}
            answers={answers}
            onAnswer={(key, value) => setAnswers((a) => ({ ...a, [key]: value }))}
          />
        ) : (
          <Text>{t('previewEmpty')}</Text>
        )}
      </Stack>
    </Modal>
  );
}
