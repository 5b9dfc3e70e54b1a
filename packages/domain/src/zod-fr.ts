import { z } from 'zod';

/** Every zod message in French (DECISIONS.md, "Language"); imported by each module that declares schemas. */
z.config(z.locales.fr());

export { z };
