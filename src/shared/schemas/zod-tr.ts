import { z } from 'zod';

// Zod's own messages in Turkish for any rule a schema does not word itself. In the browser zod
// must not compile validators with `new Function`: the Content-Security-Policy refuses it (and
// reports each attempt). Every schema imports z from here, so this runs before any schema exists;
// the server keeps the faster compiled path.
z.config({ ...z.locales.tr(), jitless: 'window' in globalThis });

export { z };
