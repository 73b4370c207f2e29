import { Controller, Get, Header, Param, Query, StreamableFile } from '@nestjs/common';
import type { BackupEntry } from '@mediport/contracts/backup';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { AppError } from '../../core/errors/app-error.js';
import { contentDisposition } from '../../core/http/content-disposition.js';
import { defineListQuery, type ListQueryOf, ListQueryPipe, textFilter } from '../../core/http/list-query.js';
import { RecordRoute, RequirePermission } from '../../core/permissions/access.decorators.js';
import { BACKUP_SORT_FIELDS } from './backup.repository.js';
import { BackupService } from './backup.service.js';

/** GET /api/backup: offset, limit (25), newest month first, filter[text] on the file name. */
const BACKUP_LIST_QUERY = defineListQuery({
  defaultLimit: 25,
  sortFields: BACKUP_SORT_FIELDS,
  defaultSort: '-month',
  filters: { text: textFilter({ maxLength: 200 }) },
});
type BackupListQuery = ListQueryOf<typeof BACKUP_LIST_QUERY>;

/** Archive names are generated (`backup-2026-03-haus-sonnenschein-3fa9c2.zip`); anything else names no archive. */
const ARCHIVE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** The monthly backup archives of the caller's home or practice (administrators: all). */
@Controller('backup')
export class BackupController {
  constructor(private readonly backups: BackupService) {}

  @Get()
  @RequirePermission('backup_list_view')
  list(@CurrentAuth() auth: AuthContext, @Query(new ListQueryPipe(BACKUP_LIST_QUERY)) query: BackupListQuery): Promise<{ data: BackupEntry[]; count: number }> {
    return this.backups.list(auth, query);
  }

  @Get('download/:name')
  @RequirePermission('backup_list_view')
  @RecordRoute({ subject: 'Backup', params: ['name'], action: 'read' })
  @Header('Cache-Control', 'private, no-store')
  @Header('X-Content-Type-Options', 'nosniff')
  async download(@CurrentAuth() auth: AuthContext, @Param('name') name: string): Promise<StreamableFile> {
    if (!ARCHIVE_NAME.test(name) || name.includes('..')) throw AppError.notFound();
    const file = await this.backups.download(auth, name);
    return new StreamableFile(file.stream, { type: 'application/zip', disposition: contentDisposition(file.fileName), length: file.size });
  }
}
