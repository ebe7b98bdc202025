import type { AppointmentPendingPush, PushedNotification, RealtimeMessage } from '@careslot/contracts';
import { getHeaderState, setHeaderState } from '../../shared/navigation/headerState';
import {
  fetchNotificationPage,
  fetchPendingRequestCount,
  markNotificationsSeen,
} from './api/inAppNotifications';
import { getNotifications, mergeItems, updateNotifications } from './notificationsState';

/**
 * The rules of practice-portal.md §4.2 over the notification list and the header's two badges. The bell
 * count is the server's unseen count; the Requests count is the server's number of pending requests, read
 * again on every push that may change it (so two pushes about one request never count it twice).
 */
export interface NotificationUser {
  userId: string;
  userType: string;
}

export async function refreshRequestCount(): Promise<void> {
  try {
    setHeaderState({ requestCount: await fetchPendingRequestCount() });
  } catch {
    // The badge keeps its last value; the next push or visit reads it again.
  }
}

/** Loads the first page; the bell shows the server's count of new notifications. */
export async function loadFirstPage(user: NotificationUser, countUnseen = true): Promise<void> {
  updateNotifications({ loading: true, failed: false });
  try {
    const page = await fetchNotificationPage(user.userId, user.userType, 1);
    updateNotifications({ items: page.items, total: page.total, pagesLoaded: 1, loading: false });
    if (countUnseen) setHeaderState({ notificationCount: page.unseen });
  } catch {
    updateNotifications({ loading: false, failed: true });
  }
}

/** The virtual list reached its end: the next page joins the list. */
export async function loadMore(user: NotificationUser): Promise<void> {
  const current = getNotifications();
  if (current.loading || current.items.length >= current.total) return;
  updateNotifications({ loading: true });
  try {
    const page = await fetchNotificationPage(user.userId, user.userType, current.pagesLoaded + 1);
    updateNotifications({
      items: mergeItems(getNotifications().items, page.items),
      total: page.total,
      pagesLoaded: current.pagesLoaded + 1,
      loading: false,
    });
  } catch {
    updateNotifications({ loading: false, failed: true });
  }
}

/**
 * Opening the sidebar: the ages are recomputed; when there are new items the list is reloaded, then all new
 * ids are sent to the server as seen and the badge becomes 0. They stay marked as new until the panel closes.
 */
export async function openPanel(user: NotificationUser): Promise<void> {
  updateNotifications({ ageNow: Date.now() });
  const hadNew =
    getHeaderState().notificationCount > 0 ||
    getNotifications().items.some((n) => n.notification_status === 'new');
  setHeaderState({ notificationCount: 0 });
  if (!hadNew && getNotifications().pagesLoaded > 0) return;
  await loadFirstPage(user, false);
  const fresh = getNotifications()
    .items.filter((n) => n.notification_status === 'new')
    .map((n) => n.id);
  if (fresh.length === 0) return;
  try {
    await markNotificationsSeen(fresh);
    const seen = new Set(fresh);
    updateNotifications({
      viewing: new Set([...getNotifications().viewing, ...fresh]),
      items: getNotifications().items.map((n) =>
        seen.has(n.id) ? { ...n, notification_status: 'seen' as const } : n,
      ),
    });
  } catch {
    // Still new on the server: the next opening sends them again.
  }
}

/** Closing the sidebar: the notifications count as viewed (no longer shown as new). */
export function closePanel(): void {
  updateNotifications({ viewing: new Set() });
}

/**
 * Pushed InAppNotificationAdded: the record is read and inserted at the top as new and the badge increments.
 * A pending one also changes the Requests badge; on the appointment-requests screen it is marked seen at once
 * (and so never counts on the bell).
 */
export async function onNotificationAdded(
  user: NotificationUser,
  message: RealtimeMessage,
  pathname: string,
): Promise<void> {
  const pushed = message.data as unknown as PushedNotification;
  let status: string | undefined;
  try {
    status = (JSON.parse(pushed.Payload) as { AppointmentStatus?: string }).AppointmentStatus;
  } catch {
    status = undefined;
  }
  const pending = status === 'Pending';
  const onRequests = pathname.includes('appointment-requests');
  if (pending && onRequests) {
    await markNotificationsSeen([pushed.Id]).catch(() => false);
  } else {
    setHeaderState({ notificationCount: getHeaderState().notificationCount + 1 });
  }
  if (pending) await refreshRequestCount();
  try {
    const page = await fetchNotificationPage(user.userId, user.userType, 1);
    updateNotifications({
      items: mergeItems(getNotifications().items, page.items),
      total: page.total,
      pagesLoaded: Math.max(getNotifications().pagesLoaded, 1),
    });
  } catch {
    // The list is read again when the panel opens.
  }
}

/** Pushed AppointmentPending: the Requests badge changes when the current user is its Host and it is Pending. */
export async function onAppointmentPending(user: NotificationUser, message: RealtimeMessage): Promise<void> {
  const push = message.data as unknown as AppointmentPendingPush;
  const host = push.Participants?.find((p) => p.Type.toLowerCase() === 'host');
  if (host?.ParticipantId === user.userId && push.Status === 'Pending') await refreshRequestCount();
}
