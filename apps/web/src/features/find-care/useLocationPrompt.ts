import { useEffect, useRef, useState } from 'react';
import { GEOLOCATION, STORAGE_KEYS } from '@careslot/contracts';

const ALERT_COUNT = STORAGE_KEYS.local.alertCount;

export interface LocationPrompt {
  /** The denial alert is showing. */
  alertOpen: boolean;
  closeAlert: () => void;
}

/**
 * On mobile widths, asks once for the position to suggest the nearest providers (patient-booking.md §2.11,
 * §9 constants): a cached position up to 5 minutes old, 1 s to answer, no high accuracy, and one retry
 * 1 s after a timeout or an unavailable position. When the position cannot be had, the alert shows the
 * first time only: alertCount is '0' while the page is open and has not alerted yet, '1' once it has, and
 * is removed when the page goes away.
 */
export function useLocationPrompt(
  enabled: boolean,
  onPosition: (latitude: number, longitude: number) => void,
): LocationPrompt {
  const [alertOpen, setAlertOpen] = useState(false);
  const asked = useRef(false);
  const positionHandler = useRef(onPosition);
  useEffect(() => {
    positionHandler.current = onPosition;
  });

  useEffect(() => {
    if (localStorage.getItem(ALERT_COUNT) === null) localStorage.setItem(ALERT_COUNT, '0');
    return () => localStorage.removeItem(ALERT_COUNT);
  }, []);

  useEffect(() => {
    if (!enabled || asked.current) return;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const alertOnce = () => {
      if (cancelled) return;
      asked.current = true;
      if (localStorage.getItem(ALERT_COUNT) !== '0') return;
      localStorage.setItem(ALERT_COUNT, '1');
      setAlertOpen(true);
    };
    const options: PositionOptions = {
      maximumAge: GEOLOCATION.maximumAgeMs,
      timeout: GEOLOCATION.timeoutMs,
      enableHighAccuracy: GEOLOCATION.enableHighAccuracy,
    };
    const ask = (attempt: number) => {
      if (!('geolocation' in navigator)) return alertOnce();
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (cancelled) return;
          asked.current = true;
          positionHandler.current(position.coords.latitude, position.coords.longitude);
        },
        (error) => {
          if (error.code !== error.PERMISSION_DENIED && attempt === 0)
            retry = setTimeout(() => ask(1), GEOLOCATION.retryMs);
          else alertOnce();
        },
        options,
      );
    };
    ask(0);
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [enabled]);

  return { alertOpen, closeAlert: () => setAlertOpen(false) };
}
