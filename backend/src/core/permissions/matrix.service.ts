import { Injectable } from '@nestjs/common';
import type { AclMatrix, Role } from '@mediport/contracts';
import { DEFAULT_MATRIX, effectivePermissions } from '@mediport/permissions';
import { AclMatrixRepository } from './acl-matrix.repository.js';

const MAX_CACHED_VERSIONS = 4;

/**
 * The rights matrix in force, cached per version. Each request reads the current version number
 * (cheap, in the same query as the session), so a change saved by any instance applies to the
 * next request everywhere without a restart.
 */
@Injectable()
export class MatrixService {
  private readonly matrices = new Map<number, AclMatrix>();
  private readonly effective = new Map<string, string[]>();

  constructor(private readonly repo: AclMatrixRepository) {}

  async matrix(version: number): Promise<AclMatrix> {
    const cached = this.matrices.get(version);
    if (cached) return cached;
    const loaded = (await this.repo.load(version)) ?? DEFAULT_MATRIX;
    this.matrices.set(version, loaded);
    if (this.matrices.size > MAX_CACHED_VERSIONS) {
      const oldest = Math.min(...this.matrices.keys());
      this.matrices.delete(oldest);
      for (const key of this.effective.keys()) if (key.startsWith(`${oldest}|`)) this.effective.delete(key);
    }
    return loaded;
  }

  async permissionsFor(version: number, roles: readonly Role[], hasContract: boolean): Promise<string[]> {
    const key = `${version}|${[...roles].sort().join(',')}|${hasContract ? 1 : 0}`;
    const cached = this.effective.get(key);
    if (cached) return cached;
    const permissions = effectivePermissions(await this.matrix(version), { roles, hasContract });
    this.effective.set(key, permissions);
    return permissions;
  }

  async current(): Promise<{ version: number; matrix: AclMatrix }> {
    const version = await this.repo.currentVersion();
    return { version, matrix: await this.matrix(version) };
  }
}
