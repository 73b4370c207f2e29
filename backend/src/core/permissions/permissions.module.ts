import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard.js';
import { AclMatrixRepository } from './acl-matrix.repository.js';
import { MatrixService } from './matrix.service.js';

@Global()
@Module({
  providers: [AclMatrixRepository, MatrixService, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [AclMatrixRepository, MatrixService],
})
export class PermissionsModule {}
