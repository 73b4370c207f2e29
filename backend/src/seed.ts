import { Logger } from '@nestjs/common';
import { loadConfig } from './core/config/app-config.js';
import { openDatabase } from './core/db/database.js';
import { ensureBaseData, seedDemo } from './core/db/seed-data.js';

/** `npm run seed`: applies migrations and (idempotently) adds the demo data. */
const logger = new Logger('Seed');
const config = loadConfig();
const handle = await openDatabase(config);
try {
  await handle.migrate();
  await ensureBaseData(handle.db);
  await seedDemo(handle.db, { ordersDataDir: config.demoOrders ? config.dataDir : undefined, paymentDataKey: config.paymentDataKey });
  logger.log('Demo data is in place.');
} finally {
  await handle.close();
}
