import { Injectable } from '@nestjs/common';
import type { ApiErrorEntry, ProfileUpdateResponse, UserDto } from '@mediport/contracts';
import { checkPassword, checkPasswordConfirm, PASSWORD_MESSAGES, STRICT_POLICY } from '@mediport/validation';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { UnitOfWork } from '../../core/db/unit-of-work.js';
import { AppError } from '../../core/errors/app-error.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from '../../core/files/file-types.js';
import { FilesService } from '../../core/files/files.service.js';
import { userPolicy, userSubject } from '../../core/permissions/policies/index.js';
import { AuthService } from '../auth/auth.service.js';
import type { UserPatch, UserRow } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import type { ProfileUpdateDto } from './dto/profile-update.dto.js';

export interface UploadedBlob {
  buffer: Buffer;
  mimetype: string;
  size: number;
  originalname?: string;
}

export interface AvatarContent {
  data: Buffer;
  mimeType: string;
}

@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly authService: AuthService,
    private readonly audit: AuditService,
    private readonly files: FilesService,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * The profile's user under the user policy: one's own always; another user's exactly as the
   * users route would allow editing them (404 when not visible, 403 when visible but not editable).
   */
  private async target(auth: AuthContext, id: string): Promise<UserRow> {
    if (id !== auth.userId && auth.user.oncePassword) throw AppError.passwordChangeRequired();
    const user = await this.users.findById(id);
    userPolicy.assert(auth, 'profile', user ? userSubject(user) : null);
    return user!;
  }

  async get(auth: AuthContext, id: string): Promise<UserDto> {
    await this.target(auth, id);
    return this.users.getDto(id);
  }

  /** The avatar bytes of a user the caller may see (user policy `read`); anything else is 404. */
  async avatar(auth: AuthContext, id: string): Promise<AvatarContent> {
    const user = await this.users.findById(id);
    userPolicy.assert(auth, 'read', user ? userSubject(user) : null);
    if (!user?.avatar) throw AppError.notFound();
    const stored = await this.files.read(user.avatar);
    if (!stored) throw AppError.notFound();
    return { data: stored.data, mimeType: stored.row.mimeType };
  }

  async update(auth: AuthContext, id: string, dto: ProfileUpdateDto, avatar?: UploadedBlob): Promise<ProfileUpdateResponse> {
    const user = await this.target(auth, id);
    const own = id === auth.userId;
    const patch: UserPatch = {};
    for (const key of ['salutation', 'title', 'firstname', 'lastname', 'street', 'postalCode', 'city', 'country'] as const) {
      if (dto[key] !== undefined) patch[key] = dto[key];
    }
    if (dto.avatar === '_delete') patch.avatar = null;
    if (dto.snippets !== undefined) patch.snippets = dto.snippets.map(({ name, subject, content }) => ({ name, subject, content }));

    const changesPassword = [dto.password, dto.password_confirm, dto.password_current].some((v) => v !== undefined && v !== '');
    if (changesPassword) {
      // Own password with the current one; another user's under the policy's setPassword (an administrator's only by one).
      userPolicy.assert(auth, 'profilePassword', userSubject(user));
      await this.checkPasswordChange(user, dto, own);
      patch.passwordHash = await this.passwords.hash(dto.password!);
      patch.oncePassword = false;
    }
    // The new image is stored only after every check passed; the old one goes once the row points elsewhere.
    if (avatar) {
      const saved = await this.files.save(avatar.buffer, {
        accept: IMAGE_TYPES,
        message: UPLOAD_MESSAGES.image,
        maxBytes: MAX_IMAGE_BYTES,
        originalName: avatar.originalname,
        createdBy: auth.userId,
        path: 'avatar',
      });
      patch.avatar = saved.id;
    }
    // One unit of work: the profile, and for a new password the revocation of every session, the
    // audit row and (own profile) the fresh session commit together or not at all.
    let issued: { token: string } | null;
    try {
      issued = await this.unitOfWork.run(async () => {
        await this.users.update(id, patch, auth.userId);
        if (!changesPassword) return null;
        await this.sessions.revokeAllForUser(id);
        await this.audit.recordBy(auth, { action: AUDIT_ACTIONS.passwordChange, target: id });
        return own ? this.sessions.issue(id) : null;
      });
    } catch (error) {
      if (avatar && patch.avatar) await this.files.remove(patch.avatar);
      throw error;
    }
    if (patch.avatar !== undefined && user.avatar && user.avatar !== patch.avatar) await this.files.remove(user.avatar);
    if (!issued) return { user: await this.users.getDto(id) };
    const record = await this.authService.recordFor(issued.token);
    return { user: record.user, auth: record };
  }

  private async checkPasswordChange(user: UserRow, dto: ProfileUpdateDto, own: boolean): Promise<void> {
    const errors: ApiErrorEntry[] = [];
    const password = dto.password ?? '';
    const confirm = dto.password_confirm ?? '';
    if (own) {
      if (!dto.password_current) errors.push({ path: 'password_current', message: PASSWORD_MESSAGES.currentRequired, code: 'invalid' });
      else if (!(await this.passwords.verify(user.passwordHash, dto.password_current))) {
        errors.push({ path: 'password_current', message: PASSWORD_MESSAGES.currentWrong, code: 'invalid' });
      }
    }
    if (!password) errors.push({ path: 'password', message: PASSWORD_MESSAGES.required, code: 'invalid' });
    else for (const message of checkPassword(password, STRICT_POLICY)) errors.push({ path: 'password', message, code: 'invalid' });
    const mismatch = checkPasswordConfirm(password, confirm, true);
    if (mismatch) errors.push({ path: 'password_confirm', message: mismatch, code: 'invalid' });
    if (errors.length) throw AppError.badRequest(errors);
  }
}
