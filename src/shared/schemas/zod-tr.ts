import { z } from 'zod';

// Zod's own messages in Turkish for any rule a schema does not word itself.
z.config(z.locales.tr());

export { z };
