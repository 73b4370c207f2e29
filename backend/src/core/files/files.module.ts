import { Module } from '@nestjs/common';

/** FileStore under DATA_DIR/files (filled by the administration issue, #3). */
@Module({})
export class FilesModule {}
