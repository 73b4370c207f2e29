import { Global, Module } from '@nestjs/common';
import { FilesRepository } from './files.repository.js';
import { FilesService } from './files.service.js';

/** FileStore under DATA_DIR/files: logos, avatars, profile documents, attachments. */
@Global()
@Module({
  providers: [FilesRepository, FilesService],
  exports: [FilesService],
})
export class FilesModule {}
