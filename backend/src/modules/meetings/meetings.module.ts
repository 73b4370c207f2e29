import { Module } from '@nestjs/common';

/** Filled by the administration issue (#3). */
@Module({})
export class MeetingsModule {}
