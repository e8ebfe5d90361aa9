import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { tradingMessages } from '../../src/shared/messages/trading.tr.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { runMigrations } from '../../src/server/db/migrate.ts';
import { insertUserWithPassword } from '../../src/server/features/auth/auth.repo.ts';
import { MAX_STREAMS_PER_MEMBER } from '../../src/server/features/events/events.hub.ts';
import { notify } from '../../src/server/features/notifications/notifications.service.ts';
import { hashPassword } from '../../src/server/lib/passwords.ts';
import { percentile } from './load.ts';
import { assertAlive, Child } from './processes.ts';
import { BenchError, fmtMs } from './settings.ts';
import { Buyer, BUYER_EMAIL_DOMAIN, BUYER_PASSWORD } from './trading.ts';

/** The bench: real time (PostgreSQL): the notifications list and 1,000 event streams on one server. */
/** Streams held at once on the one server; each member opens the per-member limit of them. */
export const EVENT_STREAMS = 1_000;
export const EVENT_MEMBERS = Math.ceil(EVENT_STREAMS / MAX_STREAMS_PER_MEMBER);
/** Notifications stored for the member whose list is loaded. */
export const LIST_NOTIFICATIONS = 200;
export const BROADCAST_ROUNDS = 5;
export const SINGLE_ROUNDS = 20;
export const EVENT_TIMEOUT_MS = 30_000;

/** The stream members (signed in like buyers), the first with LIST_NOTIFICATIONS notifications. */
export async function prepareEventMembers(databaseUrl: string): Promise<Buyer[]> {
  console.error(`[bench] creating ${EVENT_MEMBERS} members for the event streams`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    // With BENCH_ONLY=events no generator has migrated the fresh database yet (this is idempotent).
    await runMigrations(database, { postgresUrl: databaseUrl });
    const passwordHash = await hashPassword(BUYER_PASSWORD);
    const members: Buyer[] = [];
    for (let i = 0; i < EVENT_MEMBERS; i++) {
      const n = String(i + 1).padStart(4, '0');
      const user = {
        id: `bench-member-${n}`,
        name: `Dinleyen Optik ${n}`,
        email: `uye-${n}@${BUYER_EMAIL_DOMAIN}`,
        emailVerified: true,
        role: 'store_owner',
        createdAt: new Date(),
        updatedAt: new Date(),
      };
      await insertUserWithPassword(database.db, user, passwordHash);
      members.push({
        id: user.id,
        email: user.email,
        forwardedFor: `10.78.${i >> 8}.${i & 255}`,
        cookie: '',
        checkouts: 0,
      });
    }
    const start = Date.now() - LIST_NOTIFICATIONS * 60_000;
    await database.db.transaction((tx) =>
      notify(
        tx,
        Array.from({ length: LIST_NOTIFICATIONS }, (_, i) => benchNotification(members[0].id, i)),
        new Date(start),
      ),
    );
    return members;
  } finally {
    await database.close();
  }
}

/** A notification that mails nobody ('payment_received' is mailed by its own service), so only the streams are measured. */
export function benchNotification(userId: string, i: number) {
  return {
    userId,
    type: 'payment_received' as const,
    title: tradingMessages.notifications.paymentReceivedTitle,
    message: `Bench ${i}`,
    actionUrl: '/siparislerim',
  };
}

/** What the server's JavaScript holds now, in MB, from its /metrics (prom-client's Node figures). */
export interface HeapFigures {
  heapTotalMb: number;
  heapUsedMb: number;
  externalMb: number;
}

export async function heapFigures(origin: string): Promise<HeapFigures> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const mb = (metric: string) => {
    const value = new RegExp(`^optistok_${metric}\\{[^}]*\\} (\\d+)`, 'm').exec(text)?.[1];
    return value === undefined ? NaN : Number(value) / 1024 / 1024;
  };
  return {
    heapTotalMb: mb('nodejs_heap_size_total_bytes'),
    heapUsedMb: mb('nodejs_heap_size_used_bytes'),
    externalMb: mb('nodejs_external_memory_bytes'),
  };
}

/** The server's resident memory now, in MB (Linux /proc). */
export async function residentMb(child: Child): Promise<number> {
  const status = await readFile(`/proc/${child.proc.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

export interface EventStreamClient {
  memberId: string;
  /** Notification events received so far. */
  received: number;
  onNotification: (() => void) | null;
  close(): void;
}

/** Opens one stream over its own socket and waits for its ready event. */
export function openEventStream(origin: string, member: Buyer): Promise<EventStreamClient> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${origin}/api/events`,
      {
        agent: false,
        headers: { cookie: member.cookie, accept: 'text/event-stream', 'x-forwarded-for': member.forwardedFor },
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new BenchError(`GET /api/events answered ${res.statusCode}`));
          return;
        }
        const client: EventStreamClient = {
          memberId: member.id,
          received: 0,
          onNotification: null,
          close: () => req.destroy(),
        };
        let ready = false;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          if (!ready && chunk.includes('event: ready')) {
            ready = true;
            resolve(client);
          }
          const count = chunk.split('event: notification').length - 1;
          for (let i = 0; i < count; i++) {
            client.received++;
            client.onNotification?.();
          }
        });
      },
    );
    req.on('error', reject);
    req.setTimeout(EVENT_TIMEOUT_MS, () => req.destroy(new BenchError('an event stream did not open in time')));
  });
}

/** Commits notifications in one transaction; resolves with the commit's time and when `streams` all had one. */
export async function deliverToAll(db: Db, streams: EventStreamClient[], userIds: string[], round: number) {
  let waiting = streams.length;
  let lastAt = 0;
  const allDelivered = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new BenchError(`${waiting} of ${streams.length} streams had no event after ${EVENT_TIMEOUT_MS} ms`)),
      EVENT_TIMEOUT_MS,
    );
    for (const stream of streams) {
      stream.onNotification = () => {
        stream.onNotification = null;
        lastAt = performance.now();
        if (--waiting === 0) {
          clearTimeout(timer);
          resolve();
        }
      };
    }
  });
  await db.transaction((tx) =>
    notify(
      tx,
      userIds.map((id) => benchNotification(id, round)),
      new Date(),
    ),
  );
  const committedAt = performance.now();
  await allDelivered;
  return Math.max(0, lastAt - committedAt);
}

export async function measureEventStreams(
  origin: string,
  databaseUrl: string,
  server: Child,
  members: Buyer[],
  /** RSS of the server right after start-up and the sign-ins, before any load. */
  rssIdle: number,
) {
  const rssBefore = await residentMb(server);
  console.error(
    `[bench] opening ${EVENT_STREAMS} event streams (${MAX_STREAMS_PER_MEMBER} for each of ${members.length} members)`,
  );
  const streams: EventStreamClient[] = [];
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
  try {
    const opened = performance.now();
    for (let i = 0; i < EVENT_STREAMS; i += 50) {
      const batch = Array.from({ length: Math.min(50, EVENT_STREAMS - i) }, (_, j) =>
        openEventStream(origin, members[Math.floor((i + j) / MAX_STREAMS_PER_MEMBER)]),
      );
      streams.push(...(await Promise.all(batch)));
    }
    const openSeconds = (performance.now() - opened) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const rssWith = await residentMb(server);
    console.error(
      `[bench]   RSS ${rssBefore.toFixed(0)} MB before, ${rssWith.toFixed(0)} MB with ${streams.length} streams`,
    );

    const allIds = members.map((m) => m.id);
    const broadcast: number[] = [];
    for (let round = 0; round < BROADCAST_ROUNDS; round++) {
      broadcast.push(await deliverToAll(database.db, streams, allIds, round));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const single: number[] = [];
    const firstMember = streams.filter((s) => s.memberId === members[1].id);
    for (let round = 0; round < SINGLE_ROUNDS; round++) {
      single.push(await deliverToAll(database.db, firstMember, [members[1].id], round));
    }
    const rssAfter = await residentMb(server);
    assertAlive(server);
    const sortedBroadcast = Float64Array.from(broadcast).sort();
    const sortedSingle = Float64Array.from(single).sort();
    console.error(
      `[bench]   all ${streams.length} streams had their event ${fmtMs(percentile(sortedBroadcast, 0.5))} ms after the commit (median of ${BROADCAST_ROUNDS})`,
    );
    return [
      '## Event streams (PostgreSQL, one server)',
      '',
      `${streams.length} streams of GET /api/events held at once (${MAX_STREAMS_PER_MEMBER} tabs for each of ${members.length} members, opened in ${openSeconds.toFixed(1)} s).`,
      '',
      '| Measure | Value |',
      '| --- | ---: |',
      `| Server RSS after start-up (idle) | ${rssIdle.toFixed(0)} MB |`,
      `| Server RSS after the list loads, before the streams | ${rssBefore.toFixed(0)} MB |`,
      `| Server RSS with ${streams.length} streams open | ${rssWith.toFixed(0)} MB (${(rssWith - rssIdle).toFixed(0)} MB above idle) |`,
      `| Server RSS after ${BROADCAST_ROUNDS + SINGLE_ROUNDS} deliveries | ${rssAfter.toFixed(0)} MB |`,
      `| One notification to each of ${members.length} members (one transaction): commit → all ${streams.length} streams had it, median of ${BROADCAST_ROUNDS} | ${fmtMs(percentile(sortedBroadcast, 0.5))} ms (max ${fmtMs(sortedBroadcast[sortedBroadcast.length - 1])} ms) |`,
      `| One notification to one member: commit → its ${firstMember.length} streams, p50 / p95 of ${SINGLE_ROUNDS} | ${fmtMs(percentile(sortedSingle, 0.5))} / ${fmtMs(percentile(sortedSingle, 0.95))} ms |`,
      '',
    ].join('\n');
  } finally {
    for (const stream of streams) stream.close();
    await database.close();
  }
}
