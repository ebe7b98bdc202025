import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGING_PATH,
  type MessageThreadDetail,
  type MessageThreadList,
  type ThreadMessage,
} from '@careslot/contracts';
import { apiRequest } from '../../shared/api/client';
import { subscribeHub } from '../../shared/realtime/sharedHub';

/** The patient inbox's calls (practice-portal.md §7 Messaging) and its live counts. */
export const inboxKeys = {
  all: ['inbox'] as const,
  list: (userId: string | null) => ['inbox', 'threads', userId] as const,
  thread: (id: string) => ['inbox', 'thread', id] as const,
};

/** GET MessageThreads: the caller's threads and the unread count over all of them. */
export const useThreads = (userId: string | null) =>
  useQuery({
    queryKey: inboxKeys.list(userId),
    queryFn: ({ signal }) =>
      apiRequest<MessageThreadList>(`${MESSAGING_PATH}/MessageThreads`, { query: { Limit: 50 }, signal }),
    enabled: userId !== null,
  });

/** GET MessageThreads/{id}?userId=: the thread, read now by the caller. */
export const useThread = (id: string, userId: string | null) =>
  useQuery({
    queryKey: inboxKeys.thread(id),
    queryFn: ({ signal }) =>
      apiRequest<MessageThreadDetail>(`${MESSAGING_PATH}/MessageThreads/${encodeURIComponent(id)}`, {
        query: userId ? { userId } : {},
        signal,
      }),
    enabled: userId !== null,
    retry: false,
  });

export const startThread = (input: {
  OrganizationId: string;
  Subject: string;
  Body: string;
  IdempotencyKey: string;
}) => apiRequest<MessageThreadDetail>(`${MESSAGING_PATH}/MessageThreads`, { method: 'POST', body: input });

export const sendMessage = (input: { ThreadId: string; Body: string; IdempotencyKey: string }) =>
  apiRequest<ThreadMessage>(`${MESSAGING_PATH}/Messages`, { method: 'POST', body: input });

/**
 * Follows MessageThreadUpdated on the push-notifications hub (the user's own room): the inbox's queries are read
 * again, so the unread badge and an open thread stay live.
 */
export function useInboxLive(userId: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const push = subscribeHub('push-notifications');
    push.on('MessageThreadUpdated', () => void client.invalidateQueries({ queryKey: inboxKeys.all }));
    return () => push.release();
  }, [client, userId]);
}
