import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { loadConfig } from './core/config/app-config.js';

const started = performance.now();
const config = loadConfig();
const app = await createApp(config);
app.enableShutdownHooks();
await app.listen(config.port);
new Logger('Main').log(`Medikationsportal listens on port ${config.port} (ready in ${Math.round(performance.now() - started)} ms).`);
