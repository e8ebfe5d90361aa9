import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** A LISTEN subscription: its messages, and a call after a lost connection came back (messages may be lost). */
export interface ListenHandlers {
  onMessage(payload: string): void;
  /** The connection dropped: nothing arrives until onReconnect. */
  onLost?(): void;
  onReconnect?(): void;
}

/** Ends a subscription (and, on PostgreSQL, its connection). */
export type Unlisten = () => Promise<void>;

const RETRY_BASE_MS = 250;
const RETRY_MAX_MS = 10_000;

/**
 * LISTEN on PostgreSQL over one dedicated connection, not a pooled one: a pooled client would be
 * handed back and its subscription lost. A lost connection is opened again with back-off, and
 * onReconnect tells the subscriber that notifications sent meanwhile never arrived (it catches up
 * from the database).
 */
export async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (isReconnect: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onMessage(message.payload);
    });
    // Both fire when the server or the network drops the connection; retry once per loss.
    let lost = false;
    const onLost = () => {
      if (lost || stopped) return;
      lost = true;
      client = null;
      handlers.onLost?.();
      scheduleRetry();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    if (isReconnect) handlers.onReconnect?.();
  };

  const scheduleRetry = () => {
    if (stopped) return;
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** attempt++);
    timer = setTimeout(() => {
      timer = null;
      connect(true).catch(() => scheduleRetry());
    }, delay);
    timer.unref();
  };

  await connect(false);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => undefined);
    client = null;
  };
}

/** LISTEN on PGlite: notifications of the one in-process database, delivered after commit. */
export async function listenPglite(pglite: PGlite, channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  const unsubscribe = await pglite.listen(channel, (payload) => handlers.onMessage(payload));
  // A database closed first (shutdown order, a test that drops it) has no subscription left to end.
  return async () => {
    if (!pglite.closed) await unsubscribe();
  };
}
