import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * A route's answer serialised once per object. The marketplace's cached pages are answered many
 * times over: checking one against its response schema and stringifying it each time cost a fifth
 * of a cached search's CPU. The first send of an object runs the route's own serializer (the
 * schema strips what it does not name, as on every other route) and keeps the bytes while the
 * object lives; later sends of the same object reuse them. Only for values never changed once
 * they are answered (a patched cache entry is a new object).
 */
export function memoisedJson<T extends object>(schema: z.ZodType<T>, route: { method: string; url: string }) {
  const serialise = serializerCompiler({ schema, ...route, httpStatus: '200' }) as (value: T) => string;
  const sent = new WeakMap<T, string>();
  return (reply: FastifyReply, value: T): FastifyReply => {
    let json = sent.get(value);
    if (json === undefined) sent.set(value, (json = serialise(value)));
    // A string with a JSON content type goes out as it is (no second serialisation).
    return reply.type('application/json; charset=utf-8').send(json);
  };
}
