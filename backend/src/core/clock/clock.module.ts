import { Global, Module } from '@nestjs/common';
import { Clock } from './clock.js';

/** One Clock for the whole application (global), so a test that sets it moves every module's time. */
@Global()
@Module({ providers: [Clock], exports: [Clock] })
export class ClockModule {}
