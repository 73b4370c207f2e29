import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { DB, DB_HANDLE } from './db.tokens.js';
import { ensureBaseData, seedDemo } from './seed-data.js';
import { UnitOfWork } from './unit-of-work.js';

export { DB, DB_HANDLE };

@Injectable()
class DbLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DB_HANDLE) private readonly handle: DatabaseHandle) {}
  async onApplicationShutdown() {
    await this.handle.close();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: DB_HANDLE,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig) => {
        const logger = new Logger('Database');
        const handle = await openDatabase(config);
        await handle.migrate();
        await ensureBaseData(handle.db);
        if (config.autoSeed) {
          const seeded = await seedDemo(handle.db, { onlyIfEmpty: true, ordersDataDir: config.demoOrders ? config.dataDir : undefined, paymentDataKey: config.paymentDataKey });
          if (seeded) logger.log('Demo data seeded (empty database, demo flag on).');
        }
        logger.log(`Using ${handle.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}.`);
        return handle;
      },
    },
    UnitOfWork,
    // Repositories join the ambient transaction of a unit of work without knowing it.
    { provide: DB, inject: [UnitOfWork], useFactory: (unitOfWork: UnitOfWork) => unitOfWork.database },
    DbLifecycle,
  ],
  exports: [DB, DB_HANDLE, UnitOfWork],
})
export class DbModule {}
