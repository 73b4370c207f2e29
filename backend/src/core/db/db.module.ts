import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/app-config.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { ensureBaseData, seedDemo } from './seed-data.js';

export const DB = Symbol('DB');
export const DB_HANDLE = Symbol('DB_HANDLE');

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
          const seeded = await seedDemo(handle.db, { onlyIfEmpty: true });
          if (seeded) logger.log('Demo data seeded (empty database, demo flag on).');
        }
        logger.log(`Using ${handle.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}.`);
        return handle;
      },
    },
    { provide: DB, inject: [DB_HANDLE], useFactory: (handle: DatabaseHandle) => handle.db },
    DbLifecycle,
  ],
  exports: [DB, DB_HANDLE],
})
export class DbModule {}
