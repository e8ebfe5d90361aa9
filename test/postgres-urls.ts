/** Every database a test run creates starts with this, so leftovers are recognisable. */
export const testDatabasePrefix = 'optistok_t_';

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server's maintenance connection: the database named in TEST_DATABASE_URL itself. */
export function adminUrl(base: string): string {
  return base;
}
