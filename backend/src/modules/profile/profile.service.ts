import { Injectable } from '@nestjs/common';
import type { ApiErrorEntry, ProfileUpdateResponse, UserDto } from '@mediport/contracts';
import { checkPassword, checkPasswordConfirm, PASSWORD_MESSAGES, STRICT_POLICY } from '@mediport/validation';
import { AUDIT_ACTIONS, AuditService } from '../../core/audit/audit.service.js';
import type { AuthContext } from '../../core/auth/auth-context.js';
import { PasswordService } from '../../core/auth/password.service.js';
import { SessionService } from '../../core/auth/session.service.js';
import { AppError } from '../../core/errors/app-error.js';
import { ownsRecord } from '../../core/permissions/own-scope.js';
import { AuthService } from '../auth/auth.service.js';
import type { UserPatch, UserRow } from '../users/users.repository.js';
import { UsersService } from '../users/users.service.js';
import type { ProfileUpdateDto } from './dto/profile-update.dto.js';

export interface AvatarFile {
  buffer: Buffer;
  mimetype: string;
  size: number;
}

const AVATAR_TYPES: Record<string, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => b.subarray(0, 4).toString('latin1') === 'GIF8',
  'image/webp': (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionService,
    private readonly authService: AuthService,
    private readonly audit: AuditService,
  ) {}

  /** Own profile always; another user's with user-edit-btn (own home / doctor for `_own`). */
  private async target(auth: AuthContext, id: string): Promise<UserRow> {
    if (id !== auth.userId) {
      if (auth.user.oncePassword) throw AppError.passwordChangeRequired();
      if (!auth.can('user-edit-btn')) throw AppError.forbidden();
    }
    const user = await this.users.findById(id);
    if (!user) throw AppError.notFound();
    if (id !== auth.userId && !ownsRecord(auth, 'user-edit-btn', { home: user.homeId, doctor: user.doctorId })) throw AppError.notFound();
    return user;
  }

  async get(auth: AuthContext, id: string): Promise<UserDto> {
    await this.target(auth, id);
    return this.users.getDto(id);
  }

  async update(auth: AuthContext, id: string, dto: ProfileUpdateDto, avatar?: AvatarFile): Promise<ProfileUpdateResponse> {
    const user = await this.target(auth, id);
    const own = id === auth.userId;
    const patch: UserPatch = {};
    for (const key of ['salutation', 'title', 'firstname', 'lastname', 'street', 'postalCode', 'city', 'country'] as const) {
      if (dto[key] !== undefined) patch[key] = dto[key];
    }
    if (dto.avatar === '_delete') patch.avatar = null;
    if (avatar) patch.avatar = this.avatarDataUrl(avatar);

    const changesPassword = [dto.password, dto.password_confirm, dto.password_current].some((v) => v !== undefined && v !== '');
    if (changesPassword) {
      await this.checkPasswordChange(user, dto, own);
      patch.passwordHash = await this.passwords.hash(dto.password!);
      patch.oncePassword = false;
    }
    await this.users.update(id, patch, auth.userId);
    if (!changesPassword) return { user: await this.users.getDto(id) };

    // A new password ends every session of the user; the caller gets a fresh one if it is their own.
    await this.sessions.revokeAllForUser(id);
    await this.audit.record({ actorId: auth.userId, action: AUDIT_ACTIONS.passwordChange, target: id });
    if (!own) return { user: await this.users.getDto(id) };
    const { token } = await this.sessions.issue(id);
    const record = await this.authService.recordFor(token);
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

  private avatarDataUrl(file: AvatarFile): string {
    const sniff = AVATAR_TYPES[file.mimetype];
    if (!sniff || !sniff(file.buffer)) {
      throw new AppError(415, [{ path: 'avatar', code: 'unsupported_media_type', message: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.' }]);
    }
    return `data:${file.mimetype};base64,${file.buffer.toString('base64')}`;
  }
}
