import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@careslot/contracts';
import type { ConnectionState } from './connection';
import { subscribeHub } from './sharedHub';

/** Many events in one burst (a booking sends several) cost one refetch. */
const COALESCE_MS = 150;

/**
 * Keeps a practice-side query live: the appointments hub puts every signed-in practice user in their practice's
 * room, so any of `events` refetches the queries under `queryKey` (messages carry ids only). After a lost
 * connection comes back the queries are refetched too, since missed events are not replayed.
 */
export function useAppointmentsLive(queryKey: string, events: readonly RealtimeEvent[]): ConnectionState {
  const client = useQueryClient();
  const [state, setState] = useState<ConnectionState>('connecting');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const eventList = events.join(',');

  useEffect(() => {
    const refresh = () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void client.invalidateQueries({ queryKey: [queryKey] });
      }, COALESCE_MS);
    };
    const hub = subscribeHub('appointments');
    (eventList.split(',') as RealtimeEvent[]).forEach((event) => hub.on(event, refresh));
    let last: ConnectionState = hub.state;
    setState(last);
    hub.onStateChange((next) => {
      if (next === 'connected' && last === 'reconnecting') refresh();
      last = next;
      setState(next);
    });
    return () => {
      hub.release();
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [client, queryKey, eventList]);

  return state;
}
