import { config } from 'zod';
import ru from 'zod/v4/locales/ru.js';

// Every schema answers in Russian, also where a schema has no text of its own (a wrong type, an unknown option).
// The modules that define schemas import this one, so the locale is set wherever a schema runs; plain texts
// (messages.ts) stay free of zod, so a screen that only shows texts does not download it.
config(ru());
