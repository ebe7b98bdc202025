import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { subscribeHub } from '../../../shared/realtime/sharedHub';
import {
  loadFirstPage,
  onAppointmentPending,
  onNotificationAdded,
  refreshRequestCount,
  type NotificationUser,
} from '../notificationsController';
import { refreshesAges, resetNotifications, updateNotifications } from '../notificationsState';

/**
 * Keeps the bell and the Requests badge live for a practice user (provider, staff, practice admin): reads the
 * counts once, then follows InAppNotificationAdded on the push-notifications hub and AppointmentPending and
 * AppointmentStatusUpdated on the appointments hub. Renders nothing.
 */
export default function NotificationsLive({ userId, userType }: { userId: string; userType: string }) {
  const location = useLocation();
  const pathname = useRef(location.pathname);

  useEffect(() => {
    const user: NotificationUser = { userId, userType };
    // The page's shared sockets (the practice's day listens on the same appointments hub).
    const push = subscribeHub('push-notifications');
    const appointments = subscribeHub('appointments');
    push.on('InAppNotificationAdded', (message) => void onNotificationAdded(user, message, pathname.current));
    appointments.on('AppointmentPending', (message) => void onAppointmentPending(user, message));
    // Someone else accepted or declined a request: the Requests badge follows.
    appointments.on('AppointmentStatusUpdated', () => void refreshRequestCount());
    void loadFirstPage(user);
    void refreshRequestCount();
    return () => {
      push.release();
      appointments.release();
      resetNotifications();
    };
  }, [userId, userType]);

  useEffect(() => {
    // The push handlers read where the user is now (the requests screen marks pending pushes seen).
    pathname.current = location.pathname;
    if (refreshesAges(location.pathname)) updateNotifications({ ageNow: Date.now() });
  }, [location.pathname]);

  return null;
}
