import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setLive } from '../../lib/live-state.ts';

/** Query-key prefixes the stream refreshes; the messages feature keeps its queries under ['messages']. */
const NOTIFICATIONS = ['notifications'] as const;
const MESSAGES = ['messages'] as const;

/** Reconnect back-off after the stream fails: 1 s, 2 s, 4 s … up to a minute, with jitter. */
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 60_000;

function refreshAll(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS });
  void queryClient.invalidateQueries({ queryKey: MESSAGES });
}

/**
 * This tab's one Server-Sent Events stream (GET /api/events) while a member is signed in. Events
 * carry ids only, so each one just invalidates the queries it concerns and they refetch. On any
 * failure the stream is closed and opened again with back-off, resuming after the last event id;
 * meanwhile setLive(false) makes the bell and badges poll.
 */
export function useLiveEvents(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let attempt = 0;
    let lastEventId: string | null = null;
    let stopped = false;

    const connect = () => {
      const url = lastEventId ? `/api/events?lastEventId=${encodeURIComponent(lastEventId)}` : '/api/events';
      const es = new EventSource(url, { withCredentials: true });
      source = es;
      const remember = (event: MessageEvent) => {
        if (event.lastEventId) lastEventId = event.lastEventId;
      };
      es.addEventListener('ready', (event) => {
        remember(event);
        attempt = 0;
        setLive(true);
        // Whatever changed while the stream was down (or before it opened) is fetched once now.
        refreshAll(queryClient);
      });
      es.addEventListener('notification', (event) => {
        remember(event);
        const { type } = JSON.parse(event.data) as { type: string };
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS });
        if (type === 'message_new') void queryClient.invalidateQueries({ queryKey: MESSAGES });
      });
      es.addEventListener('badge', (event) => {
        const { topic } = JSON.parse(event.data) as { topic: 'notifications' | 'messages' };
        void queryClient.invalidateQueries({ queryKey: topic === 'messages' ? MESSAGES : NOTIFICATIONS });
        // The badges query counts messages too.
        if (topic === 'messages') void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS, 'badges'] });
      });
      es.addEventListener('resync', (event) => {
        remember(event);
        refreshAll(queryClient);
      });
      es.onerror = () => {
        // The browser would retry at a fixed pace; we close and retry with back-off instead.
        es.close();
        setLive(false);
        if (stopped) return;
        const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt++);
        timer = setTimeout(connect, delay * (0.75 + Math.random() * 0.5));
      };
    };

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      setLive(false);
    };
  }, [enabled, queryClient]);
}
