import { Injectable } from '@nestjs/common';
import { ROLES, type AclMatrix, type AclResponse, type Role } from '@mediport/contracts';
import { CATALOGUE, mergeMatrix, parsePermission, validateMatrix } from '@mediport/permissions';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { SessionEvents } from '../../core/auth/session-events.js';
import { AppError } from '../../core/errors/app-error.js';
import { AclMatrixRepository } from '../../core/permissions/acl-matrix.repository.js';
import { MatrixService } from '../../core/permissions/matrix.service.js';
import { findDokuEntry, renderDokuSvg } from './acl-doku.js';

const MAX_ATTEMPTS = 3;

@Injectable()
export class AclService {
  constructor(
    private readonly matrices: MatrixService,
    private readonly repo: AclMatrixRepository,
    private readonly audit: AuditService,
    private readonly sessionEvents: SessionEvents,
  ) {}

  async read(): Promise<AclResponse> {
    const { version, matrix } = await this.matrices.current();
    return { rules: CATALOGUE, acl: matrix, version };
  }

  /** Saves a new matrix version; every instance picks it up on its next request. */
  async update(auth: AuthContext, patch: Partial<AclMatrix>): Promise<AclResponse> {
    const problems = validateMatrix(patch as Record<string, unknown>);
    if (problems.length) throw AppError.badRequest(problems.map((p) => ({ ...p, code: 'invalid' })));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const { version, matrix } = await this.matrices.current();
      const next = mergeMatrix(matrix, patch);
      if (await this.repo.insertVersion(version + 1, next, auth.userId)) {
        this.sessionEvents.matrixChanged();
        await this.audit.recordBy(auth, { action: AUDIT_ACTIONS.aclUpdate, target: String(version + 1), meta: { roles: Object.keys(patch) } });
        return this.read();
      }
    }
    throw new AppError(409, [{ code: 'conflict', message: 'Die Rechte wurden gleichzeitig geändert. Bitte laden Sie die Seite neu.' }]);
  }

  /** The documentation image of a permission as SVG; 404 for names outside the catalogue. */
  async doku(name: string): Promise<string> {
    const entry = findDokuEntry(name);
    if (!entry) throw AppError.notFound();
    const { matrix } = await this.matrices.current();
    // Roles holding it in the current matrix (the hidden manager column left out).
    const holders = ROLES.filter((role): role is Role => role !== 'ROLE_MANAGER').filter((role) =>
      [...matrix[role].permissions, ...matrix[role].manager].some((e) => parsePermission(e).name === name),
    );
    return renderDokuSvg(entry, holders);
  }
}
