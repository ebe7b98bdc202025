import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { HubConnection } from '../../../shared/realtime/connection';
import { getSession } from '../../../shared/session/session';
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
    const options = { getToken: () => getSession().accessToken, userId };
    const push = new HubConnection('push-notifications', options);
    const appointments = new HubConnection('appointments', options);
    const offs = [
      push.on(
        'InAppNotificationAdded',
        (message) => void onNotificationAdded(user, message, pathname.current),
      ),
      appointments.on('AppointmentPending', (message) => void onAppointmentPending(user, message)),
      // Someone else accepted or declined a request: the Requests badge follows.
      appointments.on('AppointmentStatusUpdated', () => void refreshRequestCount()),
    ];
    push.start();
    appointments.start();
    void loadFirstPage(user);
    void refreshRequestCount();
    return () => {
      offs.forEach((off) => off());
      push.stop();
      appointments.stop();
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
