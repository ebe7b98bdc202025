import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

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

// Mantine's Modal (focus trap, scroll lock, portal) is not part of the page's first JavaScript: it starts
// loading once a page with a dialog has rendered, so it is there by the time the dialog opens.
const loadModal = () => import('./AppDialogModal');
const AppDialogModal = lazy(() => loadModal().then((m) => ({ default: m.AppDialogModal })));

/** The generic dialog: a title, a message and up to a primary, a secondary and a tertiary button. */
export function AppDialog(props: AppDialogProps) {
  // Once opened it stays rendered, so that closing plays the modal's own transition.
  const [used, setUsed] = useState(props.opened);
  useEffect(() => {
    void loadModal();
  }, []);
  if (props.opened && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <AppDialogModal {...props} />
    </Suspense>
  );
}
