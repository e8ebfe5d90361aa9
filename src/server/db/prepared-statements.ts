import { createHash } from 'node:crypto';
import pg from 'pg';

/** A statement text is named once it has run this many times in the process. */
export const NAME_AFTER_RUNS = 3;
/** At most this many statement texts are named per process (so per connection). */
export const MAX_NAMED_STATEMENTS = 200;
/** Unnamed texts counted at most; the counts start over beyond it. */
const MAX_COUNTED = 5000;

/**
 * Which statement texts run as named prepared statements. PostgreSQL plans an unnamed statement on
 * every execution, and for the seller's lists at 100,000 orders that planning (1.5–3 ms) cost more
 * than running the plan. A named statement is parsed once per connection and, after five runs,
 * PostgreSQL may keep a generic plan when it costs no more than the custom ones (plan_cache_mode
 * auto). Only texts that recur are named, and only so many, because each one stays in the memory of
 * every connection that ran it: one-off shapes (a bulk insert of n rows, an IN list of n values)
 * stay unnamed. Texts without parameters are never named: they may hold several statements, which
 * only the simple protocol accepts.
 */
export class StatementNames {
  private readonly runs = new Map<string, number>();
  private readonly names = new Map<string, string>();

  constructor(
    private readonly limits: { nameAfterRuns: number; maxNamed: number } = {
      nameAfterRuns: NAME_AFTER_RUNS,
      maxNamed: MAX_NAMED_STATEMENTS,
    },
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= this.limits.maxNamed) return named;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < this.limits.nameAfterRuns) {
      if (this.runs.size >= MAX_COUNTED) this.runs.clear();
      this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    // A hash of the text: the same text has the same name on every connection, and PostgreSQL names are at most 63 bytes.
    const name = `os_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    this.names.set(text, name);
    return name;
  }

  get namedCount(): number {
    return this.names.size;
  }
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/**
 * A pg Client class for a Pool whose parameterised statements run named once they recur
 * (StatementNames). Drizzle, pg-boss and raw SQL all reach the driver through Client#query.
 */
export function preparingClient(names: StatementNames): typeof pg.Client {
  class PreparingClient extends pg.Client {}
  PreparingClient.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    // pg's own query, looked up per call (as `super.query` would be) so a wrapper of it still applies.
    const query = pg.Client.prototype.query as (this: pg.Client, ...a: unknown[]) => unknown;
    const [config, values] = args;
    if (typeof config === 'object' && config !== null && !(config as QueryConfigLike).submit) {
      const c = config as QueryConfigLike;
      const params = Array.isArray(values) ? values : c.values;
      if (!c.name && typeof c.text === 'string' && Array.isArray(params) && params.length > 0) {
        const name = names.nameFor(c.text);
        if (name) args[0] = { ...c, name };
      }
    } else if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = names.nameFor(config);
      if (name) args[0] = { text: config, name };
    }
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return PreparingClient;
}
