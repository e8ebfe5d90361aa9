import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers built per request (JSON, the error bodies) with brotli or gzip by the
 * request's Accept-Encoding; the built web assets come precompressed (plugins/web-static.ts).
 * The plugin's default type filter leaves text/event-stream alone (a compressor would hold
 * events back; compression.test.ts holds it to that). Request bodies are not inflated: a small
 * compressed upload could expand without bound.
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
  });
});
