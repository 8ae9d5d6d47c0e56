// zod compiles fast object parsers with `new Function` and probes for it on the first parse; the app's
// Content-Security-Policy allows no eval (docs/security.md), so the probe alone is a violation. Its plain
// parsers are used instead. main.tsx imports this first, before any schema of @plantlens/contracts parses.
import { z } from 'zod';

z.config({ jitless: true });
