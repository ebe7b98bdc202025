import i18next from 'i18next';
import type { NotificationData } from '@mantine/notifications';
import { createToaster } from './toaster';

// The notification store loads with the first toast rather than with the first page: most visits never
// show one, and the package is a noticeable share of the start-up JavaScript.
const store = () => import('@mantine/notifications').then((module) => module.notifications);

// Nor does the container (App): it is mounted with the first toast, and shows what the store holds then.
let containerWanted = false;
const containerListeners = new Set<() => void>();

/** Whether a toast was shown yet, so App mounts the notifications container (useSyncExternalStore). */
export const toastContainer = {
  wanted: () => containerWanted,
  subscribe: (listener: () => void) => {
    containerListeners.add(listener);
    return () => void containerListeners.delete(listener);
  },
};

function show(data: NotificationData & { id: string }) {
  if (!containerWanted) {
    containerWanted = true;
    containerListeners.forEach((listener) => listener());
  }
  void store().then((notifications) => notifications.show(data));
}

/** The app-wide toaster on Mantine notifications (the container is mounted once in App). */
export const toast = createToaster({
  show: ({ id, kind, message, onDismissed }) =>
    show({
      id,
      message,
      color: kind === 'error' ? 'red' : 'brand',
      withBorder: true,
      // The close button needs a name for screen readers (axe button-name).
      closeButtonProps: { 'aria-label': i18next.t('common:header.close') },
      // Hiding is driven by the toaster's own timers (see createToaster).
      autoClose: false,
      onClose: onDismissed,
    }),
  hide: (id) => void store().then((notifications) => notifications.hide(id)),
});
