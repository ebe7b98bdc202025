import { useState } from 'react';
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UPLOAD_RULES, type FileUpload } from '@careslot/contracts';
import { fileToUpload } from './formErrors';

/**
 * An image with upload and remove: JPEG, PNG or WebP up to 5 MB (the server checks the bytes again). The
 * preview shows the chosen file at once, then the stored one.
 */
export function ImagePicker({
  label,
  url,
  height,
  onUpload,
  onRemove,
  busy,
}: {
  label: string;
  url: string | null;
  height: number;
  onUpload: (file: FileUpload) => Promise<unknown>;
  onRemove: () => Promise<unknown>;
  busy: boolean;
}) {
  const { t } = useTranslation('organizationSettings');
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setProblem(null);
    if (!(UPLOAD_RULES.imageContentTypes as readonly string[]).includes(file.type))
      return setProblem(t('validation.fileType'));
    if (file.size > UPLOAD_RULES.maxBytes) return setProblem(t('validation.fileSize'));
    setPreview(URL.createObjectURL(file));
    try {
      await onUpload(await fileToUpload(file));
    } catch {
      setProblem(t('saveFailed'));
    } finally {
      setPreview(null);
    }
  };

  const shown = preview ?? url;
  return (
    <Stack gap={6}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      {shown ? (
        <Image
          src={shown}
          alt={t('imageAlt', { label })}
          h={height}
          w="auto"
          maw="100%"
          fit="contain"
          radius="md"
          bd="1px solid var(--mantine-color-gray-3)"
        />
      ) : (
        <Text
          size="sm"
          c="dimmed"
          h={height}
          style={{
            display: 'grid',
            placeItems: 'center',
            border: '1px dashed var(--mantine-color-gray-4)',
            borderRadius: 8,
          }}
        >
          {t('noImage')}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={(f) => void choose(f)} accept={UPLOAD_RULES.imageContentTypes.join(',')}>
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="light"
              loading={busy}
              aria-label={t('uploadNamed', { label })}
            >
              {t('upload')}
            </Button>
          )}
        </FileButton>
        {url && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => void onRemove().catch(() => setProblem(t('saveFailed')))}
            aria-label={t('removeNamed', { label })}
          >
            {t('remove')}
          </Button>
        )}
      </Group>
      <Text size="xs" c={problem ? 'red' : 'dimmed'} role={problem ? 'alert' : undefined}>
        {problem ?? t('imageHint')}
      </Text>
    </Stack>
  );
}
