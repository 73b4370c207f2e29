import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG } from '../../core/config/config.module.js';
import type { AppConfig } from '../../core/config/app-config.js';

const VERSION = 'v1';
/** Bound into every ciphertext: a value moved to another column or purpose fails to decrypt. */
const PURPOSE = Buffer.from('mediport:payment-data');

/**
 * AES-256-GCM for payment data at rest (PAYMENT_DATA_KEY). A stored value reads
 * `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 96-bit IV per value and the 128-bit tag, so a
 * changed byte is detected instead of decrypting to a wrong IBAN.
 */
@Injectable()
export class PaymentCipher {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'paymentDataKey'>) {
    this.key = config.paymentDataKey;
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(PURPOSE);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** The plain text; throws when the value was not made with this key or was altered. */
  decrypt(stored: string): string {
    const [version, iv, tag, data] = stored.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Unknown payment data format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(PURPOSE);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
