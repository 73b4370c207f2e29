import { Body, Controller, Get, Patch, Put } from '@nestjs/common';
import type { AclResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { RequirePermission } from '../../core/permissions/access.decorators.js';
import { AclService } from './acl.service.js';
import { AclPatchDto } from './dto/acl-patch.dto.js';

@Controller('acl')
export class AclController {
  constructor(private readonly acl: AclService) {}

  @Get()
  @RequirePermission('acl_list_view')
  read(): Promise<AclResponse> {
    return this.acl.read();
  }

  @Patch()
  @RequirePermission('acl_edit_view')
  patch(@CurrentAuth() auth: AuthContext, @Body() dto: AclPatchDto): Promise<AclResponse> {
    return this.acl.update(auth, dto.acl);
  }

  /** One reading of the spec uses PUT for the same change. */
  @Put()
  @RequirePermission('acl_edit_view')
  put(@CurrentAuth() auth: AuthContext, @Body() dto: AclPatchDto): Promise<AclResponse> {
    return this.acl.update(auth, dto.acl);
  }
}
