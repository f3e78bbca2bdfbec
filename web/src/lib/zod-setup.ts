import { config } from 'zod';

/**
 * zod compiles object parsers with `new Function` when it may. Under the app's CSP (scripts
 * from 'self' only, no 'unsafe-eval') its probe is refused and logged as a CSP violation, so in
 * the browser it parses without compiling. The probe runs when the first object schema is
 * built: main.tsx imports this module first, and vite.config.ts puts it in the zod chunk, which
 * runs before any chunk that builds schemas.
 */
config({ jitless: true });
