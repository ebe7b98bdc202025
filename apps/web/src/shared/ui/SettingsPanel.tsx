import type { FormEvent, ReactNode, Ref } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { DIALOG_WIDTH } from '@careslot/contracts';
import { LoadingSpinner } from './LoadingSpinner';

/**
 * The building blocks of the practice's settings screens (decision 0073): a titled panel, what a query
 * shows while it loads, fails or is empty, the add/edit dialog, and a form ending in its Save (and Cancel)
 * buttons. Texts come from the calling feature's namespace, so each screen keeps its own words.
 */

/** A settings panel: a section named by its heading, a lead line, an optional action (Add ...) and its body. */
export function SettingsPanel({
  id,
  title,
  lead,
  action,
  documentTitle = false,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: string;
  lead?: string;
  action?: ReactNode;
  /** Whether the panel is the page: its title becomes the document's. */
  documentTitle?: boolean;
  children: ReactNode;
}) {
  const heading = (
    <div>
      <Title order={2} fz="h3" id={id}>
        {title}
      </Title>
      {lead && (
        <Text c="dimmed" size="sm">
          {lead}
        </Text>
      )}
    </div>
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={id}>
      {documentTitle && <title>{title}</title>}
      <Stack gap={action ? 'md' : 'sm'}>
        {action ? (
          <Group justify="space-between" wrap="wrap">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        {children}
      </Stack>
    </Paper>
  );
}

/** A query's data through `children`; a spinner while it loads, its error, or `empty` when a list has no rows. */
export function QueryContent<T>({
  query,
  empty,
  children,
}: {
  query: { data: T | undefined; error: Error | null };
  /** What a loaded list with no rows says. */
  empty?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) {
    if (empty !== undefined && Array.isArray(query.data) && query.data.length === 0)
      return <Text>{empty}</Text>;
    return children(query.data);
  }
  if (query.error)
    return (
      <Alert color="red" role="alert">
        {query.error.message}
      </Alert>
    );
  return <LoadingSpinner />;
}

/** The add/edit dialog of a settings list (closing it is cancelling). */
export function SettingsDialog({
  title,
  closeLabel,
  onClose,
  size = 'generic',
  children,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  size?: keyof typeof DIALOG_WIDTH;
  children: ReactNode;
}) {
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size={DIALOG_WIDTH[size]}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      {children}
    </Modal>
  );
}

/**
 * A settings form: validated by the screen (noValidate), named by `label` or by the heading `labelledBy`,
 * its fields, then Cancel (when given) and Save, which spins while `saving`.
 */
export function SettingsForm({
  ref,
  onSubmit,
  label,
  labelledBy,
  saveLabel,
  saving,
  cancel,
  children,
}: {
  ref?: Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => Promise<unknown>;
  label?: string;
  labelledBy?: string;
  saveLabel: string;
  saving: boolean;
  cancel?: { label: string; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <form
      ref={ref}
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt={cancel ? 'sm' : undefined}>
          {cancel && (
            <Button variant="default" onClick={cancel.onClick}>
              {cancel.label}
            </Button>
          )}
          <Button type="submit" loading={saving}>
            {saveLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
