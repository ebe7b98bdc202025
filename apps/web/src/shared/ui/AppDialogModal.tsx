import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DIALOG_WIDTH } from '@careslot/contracts';
import type { AppDialogProps, DialogVariant } from './AppDialog';

/**
 * Sizes of the spec (patient-booking.md §2.11): the generic dialog is 550 wide; popups 800 wide, 30 from the
 * top; the small default 350 wide, 45 from the top.
 */
const VARIANTS: Record<DialogVariant, { size: number; yOffset: number | undefined }> = {
  generic: { size: DIALOG_WIDTH.generic, yOffset: undefined },
  popup: { size: DIALOG_WIDTH.popup, yOffset: 30 },
  small: { size: DIALOG_WIDTH.small, yOffset: 45 },
};

/** The generic dialog's window (AppDialog loads it when first opened). */
export function AppDialogModal({
  opened,
  onClose,
  title,
  message,
  children,
  primary,
  secondary,
  tertiary,
  variant = 'generic',
}: AppDialogProps) {
  const { size, yOffset } = VARIANTS[variant];
  const hasActions = !!(primary ?? secondary ?? tertiary);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={size}
      yOffset={yOffset}
      centered={yOffset === undefined}
      radius="lg"
      padding="lg"
    >
      <Stack gap="lg">
        {message ? <Text c="dark.5">{message}</Text> : null}
        {children}
        {hasActions ? (
          <Group justify="flex-end" gap="sm" wrap="wrap">
            {tertiary ? (
              <Button
                variant="subtle"
                onClick={tertiary.onClick}
                disabled={tertiary.disabled}
                loading={tertiary.loading}
                mr="auto"
              >
                {tertiary.label}
              </Button>
            ) : null}
            {secondary ? (
              <Button
                variant="default"
                onClick={secondary.onClick}
                disabled={secondary.disabled}
                loading={secondary.loading}
              >
                {secondary.label}
              </Button>
            ) : null}
            {primary ? (
              <Button
                onClick={primary.onClick}
                disabled={primary.disabled}
                loading={primary.loading}
                data-autofocus
              >
                {primary.label}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Modal>
  );
}
