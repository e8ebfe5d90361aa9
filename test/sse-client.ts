import http from 'node:http';

export interface SseEvent {
  id: string | null;
  event: string;
  data: string;
}

/** A Server-Sent Events client over a real socket (inject() never ends a stream). Close it in the test. */
export interface SseConnection {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Comment lines (heartbeats) seen so far. */
  comments: number;
  /** Resolves with the first event (from the start) matching `match`; rejects after timeoutMs. */
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function connectSse(
  baseUrl: string,
  options: { cookie?: string; lastEventId?: string; path?: string; headers?: Record<string, string> } = {},
): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${baseUrl}${options.path ?? '/api/events'}`,
      {
        headers: {
          accept: 'text/event-stream',
          'accept-encoding': 'br, gzip',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.lastEventId ? { 'last-event-id': options.lastEventId } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const events: SseEvent[] = [];
        const waiters: { match: (e: SseEvent) => boolean; done: (e: SseEvent) => void }[] = [];
        let buffer = '';
        let endedResolve: () => void = () => undefined;
        const ended = new Promise<void>((r) => (endedResolve = r));
        const conn: SseConnection = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          comments: 0,
          ended,
          close: () => req.destroy(),
          waitFor: (match, timeoutMs = 5_000) => {
            const found = events.find(match);
            if (found) return Promise.resolve(found);
            return new Promise((ok, fail) => {
              const timer = setTimeout(
                () => fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
                timeoutMs,
              );
              waiters.push({
                match,
                done: (e) => {
                  clearTimeout(timer);
                  ok(e);
                },
              });
            });
          },
        };
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buffer += chunk;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event: SseEvent = { id: null, event: 'message', data: '' };
            let isEvent = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) conn.comments++;
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('event: ')) {
                event.event = line.slice(7);
                isEvent = true;
              } else if (line.startsWith('data: ')) {
                event.data = line.slice(6);
                isEvent = true;
              }
            }
            if (!isEvent) continue;
            events.push(event);
            for (const w of [...waiters]) {
              if (w.match(event)) {
                waiters.splice(waiters.indexOf(w), 1);
                w.done(event);
              }
            }
          }
        });
        res.on('end', () => endedResolve());
        res.on('close', () => endedResolve());
        resolve(conn);
      },
    );
    req.on('error', reject);
  });
}
