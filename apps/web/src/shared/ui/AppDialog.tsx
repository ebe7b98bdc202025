import { lazy, Suspense, useState, type ReactNode } from 'react';

export interface DialogAction {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  loading?: boolean;
}

/** The spec's dialog sizes (patient-booking.md §2.11), see AppDialogModal. */
export type DialogVariant = 'generic' | 'popup' | 'small';

export interface AppDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
  primary?: DialogAction;
  secondary?: DialogAction;
  tertiary?: DialogAction;
  variant?: DialogVariant;
}

// Mantine's Modal (focus trap, scroll lock, portal) is not part of a page's JavaScript until a dialog first
// opens: most visits never open one, and the dialog shows as soon as its chunk arrives (nothing stands in).
const loadModal = () => import('./AppDialogModal');
const AppDialogModal = lazy(() => loadModal().then((m) => ({ default: m.AppDialogModal })));

/** The generic dialog: a title, a message and up to a primary, a secondary and a tertiary button. */
export function AppDialog(props: AppDialogProps) {
  // Once opened it stays rendered, so that closing plays the modal's own transition.
  const [used, setUsed] = useState(props.opened);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AppDialogModal {...props} />
    </Suspense>
  );
}
