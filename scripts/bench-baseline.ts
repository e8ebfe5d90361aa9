import Fastify from 'fastify';

/**
 * The benchmark's baseline: a bare Fastify server with one route and no plugins, run in its own
 * process by scripts/bench.ts (`node --import tsx scripts/bench-baseline.ts <port>`), so the
 * production server's figures can be read as a share of what plain Fastify does on this machine.
 */
const port = Number(process.argv[2] ?? '0');
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`bench-baseline: invalid port ${process.argv[2]}`);
  process.exit(1);
}

const app = Fastify({ logger: false });
app.get('/baseline', async () => ({ ok: true }));

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

// Loopback only: the benchmark never listens on, or sends traffic to, another address.
const address = await app.listen({ port, host: '127.0.0.1' });
console.log(`Baseline is running at ${address}`);
