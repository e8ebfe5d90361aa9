import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Unlisten } from '../../db/listen.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { findLiveSessionIds } from '../auth/index.ts';
import { latestNotificationSeq, notificationEventsAfter } from '../notifications/index.ts';
import { EVENTS_CHANNEL, parseUserEvent, type UserEvent } from '../../lib/live-events.ts';

/** What a stream sends on; 'sessions_ended' is for the hub itself, 'access_changed' for the session cache. */
type StreamEvent = Exclude<UserEvent, { kind: 'sessions_ended' | 'access_changed' }>;

/** A comment line every so often keeps proxies and load balancers from closing an idle stream. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this and the browser reconnects (resuming), so a signed-out session cannot listen on. */
export const STREAM_LIFETIME_MS = 30 * 60_000;
/** Open streams per member on one instance (a tab each); more are refused and those tabs poll. */
export const MAX_STREAMS_PER_MEMBER = 8;
/** A resume sends at most this many missed notifications; beyond it, one 'resync' tells the tab to refetch. */
export const CATCH_UP_LIMIT = 100;
/** A client this far behind in reading is cut off (it reconnects and resumes). */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How long the browser waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;

export interface EventHubOptions {
  database: Database;
  log: FastifyBaseLogger;
  /** Judges whether a stream's session has expired (the app's clock). */
  clock?: Clock;
  /** Every heartbeat also checks that each stream's session still lives (the safety net under the NOTIFY). */
  heartbeatMs?: number;
  lifetimeMs?: number;
}

class MemberStream {
  /**
   * Live events that arrive while the stream starts or catches up from the database, sent after
   * it. A new stream holds them from the moment it is registered, so nothing committed while it
   * starts is lost.
   */
  private pending: StreamEvent[] | null = [];
  /** Nothing (not even a heartbeat) is written before the headers. */
  private started = false;
  private catchingUp = false;
  private closed = false;
  private readonly lifetime: NodeJS.Timeout;
  /** The highest notification seq this client has had (its Last-Event-ID). */
  private lastSeq = 0;

  constructor(
    readonly userId: string,
    /** The session the stream was opened with: when it ends (sign-out, revocation), so does the stream. */
    readonly sessionId: string,
    private readonly res: ServerResponse,
    private readonly hub: EventHub,
    lifetimeMs: number,
  ) {
    this.lifetime = setTimeout(() => this.close(), lifetimeMs);
    this.lifetime.unref();
  }

  /** The headers, then the ready event carrying the resume point, then what the client missed after it. */
  async start(headers: Record<string, string>, resumeFrom: number): Promise<void> {
    this.lastSeq = resumeFrom;
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    this.res.flushHeaders();
    this.started = true;
    this.write(`retry: ${RETRY_MS}\nid: ${resumeFrom}\nevent: ready\ndata: {}\n\n`);
    await this.catchUp();
  }

  write(chunk: string): void {
    if (this.closed || !this.started) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.close();
      return;
    }
    this.res.write(chunk);
  }

  deliver(event: StreamEvent): void {
    if (this.pending) this.pending.push(event);
    else this.send(event);
  }

  private send(event: StreamEvent): void {
    if (event.kind === 'notification') {
      this.lastSeq = Math.max(this.lastSeq, event.seq);
      this.write(
        `id: ${event.seq}\nevent: notification\ndata: ${JSON.stringify({ id: event.id, type: event.type })}\n\n`,
      );
    } else {
      this.write(`event: badge\ndata: ${JSON.stringify({ topic: event.topic })}\n\n`);
    }
  }

  /**
   * Sends what the client missed after its last seq, oldest first. Live events meanwhile wait in
   * `pending` and go out after, minus those the catch-up already covered.
   */
  async catchUp(): Promise<void> {
    // A catch-up already running reads the table after this moment anyway.
    if (this.catchingUp) return;
    this.catchingUp = true;
    this.pending ??= [];
    const sent = new Set<number>();
    let resync = false;
    try {
      const missed = await notificationEventsAfter(this.hub.db, this.userId, this.lastSeq, CATCH_UP_LIMIT + 1);
      if (missed.length > CATCH_UP_LIMIT) {
        resync = true;
        // The refetch covers everything, so the resume point is the member's latest, not the last row read.
        this.lastSeq = Math.max(missed[missed.length - 1].seq, await latestNotificationSeq(this.hub.db, this.userId));
      } else {
        for (const row of missed) {
          sent.add(row.seq);
          this.send({ kind: 'notification', userId: this.userId, seq: row.seq, id: row.id, type: row.type });
        }
      }
    } finally {
      const queued = this.pending ?? [];
      this.pending = null;
      this.catchingUp = false;
      if (resync) {
        // The tab refetches everything on 'resync', after this write: a notification queued
        // meanwhile is committed already (its NOTIFY came), so the refetch shows it and it is not
        // sent again. The resume point covers it too.
        for (const event of queued) if (event.kind === 'notification') this.lastSeq = Math.max(this.lastSeq, event.seq);
        this.write(`id: ${this.lastSeq}\nevent: resync\ndata: {}\n\n`);
      }
      for (const event of queued) {
        if (event.kind !== 'notification') this.send(event);
        else if (!resync && !sent.has(event.seq)) this.send(event);
      }
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.lifetime);
    this.hub.remove(this);
    this.res.end();
  }
}

/**
 * This instance's open event streams, fed by one LISTEN subscription (a dedicated connection on
 * PostgreSQL, in process on PGlite). Only the sockets live here: what a client missed is read
 * back from the notifications table, so any instance can serve any reconnect.
 */
export class EventHub {
  private readonly streams = new Map<string, Set<MemberStream>>();
  private listening: Promise<Unlisten> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly heartbeatMs: number;
  private readonly lifetimeMs: number;
  private readonly clock: Clock;
  /** A session check of all streams is running (the heartbeat starts no second one meanwhile). */
  private checkingAll = false;

  constructor(private readonly options: EventHubOptions) {
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.lifetimeMs = options.lifetimeMs ?? STREAM_LIFETIME_MS;
    this.clock = options.clock ?? systemClock;
  }

  get db() {
    return this.options.database.db;
  }

  /** How many streams this instance holds (all, or one member's). */
  count(userId?: string): number {
    if (userId) return this.streams.get(userId)?.size ?? 0;
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** LISTEN starts with the first stream, so an instance nobody streams from holds no extra connection. */
  private ensureListening(): Promise<Unlisten> {
    this.listening ??= this.options.database
      .listen(EVENTS_CHANNEL, {
        onMessage: (payload) => this.dispatch(payload),
        // NOTIFYs sent while the connection was down are gone: every stream reads back what it missed.
        onReconnect: () => {
          this.options.log.warn('events: LISTEN connection restored; streams catch up');
          for (const set of this.streams.values())
            for (const stream of set) void stream.catchUp().catch(() => stream.close());
          // A sessions_ended NOTIFY may have been lost too.
          void this.endStreamsWithoutSession(this.allStreams());
        },
      })
      .catch((error: unknown) => {
        this.listening = null;
        throw error;
      });
    return this.listening;
  }

  private dispatch(payload: string): void {
    const event = parseUserEvent(payload);
    if (!event) return;
    const set = this.streams.get(event.userId);
    if (!set) return;
    if (event.kind === 'sessions_ended') void this.endStreamsWithoutSession([...set]);
    else if (event.kind === 'access_changed') return;
    else for (const stream of set) stream.deliver(event);
  }

  private allStreams(): MemberStream[] {
    return [...this.streams.values()].flatMap((set) => [...set]);
  }

  /**
   * Ends the streams whose session has ended (signed out, revoked, expired): a stream must not
   * outlive the sign-in that opened it, nor hold one of the member's stream slots. One query for
   * all of them; when it fails the streams stay, and the next check tries again.
   */
  private async endStreamsWithoutSession(streams: MemberStream[]): Promise<void> {
    if (streams.length === 0) return;
    try {
      const live = await findLiveSessionIds(this.db, [...new Set(streams.map((s) => s.sessionId))], this.clock.now());
      for (const stream of streams) if (!live.has(stream.sessionId)) stream.close();
    } catch (err) {
      this.options.log.warn({ err }, 'events: could not check the sessions of open streams');
    }
  }

  /**
   * Starts a member's stream on a hijacked response: headers that stop proxies buffering or
   * transforming it, the ready event carrying the resume point, then what was missed after
   * `lastEventId` (when given). The route checks MAX_STREAMS_PER_MEMBER first.
   */
  async open(
    member: { userId: string; sessionId: string },
    res: ServerResponse,
    headers: Record<string, string>,
    lastEventId: number | null,
  ) {
    const { userId, sessionId } = member;
    await this.ensureListening();
    // Registered before the resume point is read: an event committed meanwhile waits in the
    // stream's queue, and the start's catch-up (rows after the resume point) sends it once.
    const stream = new MemberStream(userId, sessionId, res, this, this.lifetimeMs);
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(stream);
    res.on('close', () => stream.close());
    this.startHeartbeat();
    await stream.start(headers, lastEventId ?? (await latestNotificationSeq(this.db, userId)));
  }

  remove(stream: MemberStream): void {
    const set = this.streams.get(stream.userId);
    if (!set) return;
    set.delete(stream);
    if (set.size === 0) this.streams.delete(stream.userId);
    if (this.streams.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    // One timer for all streams, not one per stream: 1,000 tabs cost one wake-up.
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const stream of set) stream.write(': ping\n\n');
      if (!this.checkingAll) {
        this.checkingAll = true;
        void this.endStreamsWithoutSession(this.allStreams()).finally(() => (this.checkingAll = false));
      }
    }, this.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Ends every stream (before the server closes: open streams would hold it) and the LISTEN. */
  async close(): Promise<void> {
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => null))?.();
  }
}
