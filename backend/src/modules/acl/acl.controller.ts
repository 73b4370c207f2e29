import { Body, Controller, Get, Param, Patch, Put, Res, StreamableFile } from '@nestjs/common';
import type { Response } from 'express';
import type { AclResponse } from '@mediport/contracts';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { CurrentAuth } from '../../core/auth/current-auth.decorator.js';
import { NotARecord, RequirePermission } from '../../core/permissions/access.decorators.js';
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

  /**
   * Documentation image of a permission: a server-rendered SVG card. Served with a CSP that
   * forbids scripts and external loads and with nosniff, so it stays an inert image.
   */
  @NotARecord('The name of a permission whose documentation image is drawn; no record behind it.')
  @Get('doku/:name')
  @RequirePermission('acl_list_view')
  async doku(@Param('name') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const svg = Buffer.from(await this.acl.doku(name), 'utf8');
    res.set({
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-cache',
    });
    return new StreamableFile(svg, { type: 'image/svg+xml; charset=utf-8', length: svg.length });
  }
}
