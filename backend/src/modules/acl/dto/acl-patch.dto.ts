import { IsObject } from 'class-validator';
import type { AclMatrix } from '@mediport/contracts';

export class AclPatchDto {
  /** Changed role columns; contents are checked by validateMatrix() from libs/permissions. */
  @IsObject({ message: 'Bitte übermitteln Sie die geänderten Rechte.' })
  acl!: Partial<AclMatrix>;
}
