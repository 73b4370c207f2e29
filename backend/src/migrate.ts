import { Logger } from '@nestjs/common';
import { loadConfig } from './core/config/app-config.js';
import { openDatabase } from './core/db/database.js';
import { ensureBaseData } from './core/db/seed-data.js';

/** `npm run db:migrate`: applies the migrations in backend/drizzle (the app also does this at boot). */
const handle = await openDatabase(loadConfig());
try {
  await handle.migrate();
  await ensureBaseData(handle.db);
  new Logger('Migrate').log('Migrations applied.');
} finally {
  await handle.close();
}
