import { Injectable } from '@nestjs/common';
import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm). */
@Injectable()
export class PasswordService {
  private dummyHash: Promise<string> | null = null;

  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  /** Spends the same time as a real check, so an unknown user cannot be told from a wrong password. */
  async verifyNobody(password: string): Promise<false> {
    this.dummyHash ??= hash('no-such-user-password');
    await this.verify(await this.dummyHash, password);
    return false;
  }
}
