import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoisedJson } from './memoised-json.ts';

describe('memoised JSON answers', () => {
  const schema = z.object({ name: z.string(), at: z.iso.datetime() });
  type Value = z.infer<typeof schema>;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  const send = memoisedJson(schema, { method: 'GET', url: '/v' });
  let current: Value = { name: 'Kadıköy Optik', at: '2027-03-31T09:00:00.000Z' };
  app.get('/v', (_request, reply) => send(reply, current));
  afterAll(() => app.close());

  it('answers through the response schema: what it does not name stays out, a value that breaks it is an error', async () => {
    current = { ...current, secret: 'iç bilgi' } as Value;
    const res = await app.inject({ url: '/v' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ name: 'Kadıköy Optik', at: '2027-03-31T09:00:00.000Z' });
    current = { name: 'Kadıköy Optik', at: 'dün' };
    expect((await app.inject({ url: '/v' })).statusCode).toBe(500);
  });

  it('sends the same object as the same bytes, and a new object afresh', async () => {
    current = { name: 'Kadıköy Optik', at: '2027-03-31T09:00:00.000Z' };
    const first = (await app.inject({ url: '/v' })).body;
    // The contract: an answered object is not changed. Were it, the first bytes would still go out.
    current.name = 'Üsküdar Optik';
    expect((await app.inject({ url: '/v' })).body).toBe(first);
    current = { ...current };
    expect((await app.inject({ url: '/v' })).json().name).toBe('Üsküdar Optik');
  });
});
