import Fastify from 'fastify';
import pg from 'pg';

/**
 * The benchmark's baseline: a bare Fastify server with no plugins, run in its own process by
 * scripts/bench.ts (`node --import tsx scripts/bench-baseline.ts <port> [<postgres url>]`), so the
 * production server's figures can be read as a share of what plain Fastify does on this machine.
 *
 * With a PostgreSQL URL it also serves the floors: `GET /floor/:n` runs n `select 1` one after the
 * other over a pg Pool sized like the app's (10 connections), so a route that needs n queries can
 * be compared with the least any server needs to answer after n round trips to the database.
 */
const port = Number(process.argv[2] ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`bench-baseline: invalid port ${process.argv[2]}`);
  process.exit(1);
}
const floorUrl = process.argv[3];

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ ok: true }));
const pool = floorUrl ? new pg.Pool({ connectionString: floorUrl, max: 10 }) : null;
if (pool) {
  app.get<{ Params: { n: string } }>('/floor/:n', async (request) => {
    const n = Number(request.params.n);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new Error(`invalid floor ${request.params.n}`);
    // Sequential on purpose: the app's routes await each query before the next.
    for (let i = 0; i < n; i++) await pool.query('select 1');
    return { ok: true };
  });
}

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  Promise.all([app.close(), pool?.end()]).then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

// Loopback only: the benchmark never listens on, or sends traffic to, another address.
const address = await app.listen({ port, host: '127.0.0.1' });
console.log(`Baseline is running at ${address}`);
