import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../core/db/database.js';
import { DB } from '../../core/db/db.module.js';
import { settings, userIdentities } from '../../db/schema/index.js';

@Injectable()
export class OauthRepository {
  constructor(@Inject(DB) private readonly db: Database) {}

  /** The local user linked to a partner identity (issuer + subject), if any. */
  async linkedUserId(issuer: string, subject: string): Promise<string | null> {
    const [row] = await this.db
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)))
      .limit(1);
    return row?.userId ?? null;
  }

  /** Links a partner identity to a local user; a concurrent link of the same identity wins. */
  async link(issuer: string, subject: string, userId: string): Promise<string> {
    await this.db.insert(userIdentities).values({ issuer, subject, userId }).onConflictDoNothing();
    return (await this.linkedUserId(issuer, subject)) ?? userId;
  }

  /** settings.partner_instance of the single settings row. */
  async partnerInstance(): Promise<boolean> {
    const [row] = await this.db.select({ partner: settings.partnerInstance }).from(settings).where(eq(settings.id, 1)).limit(1);
    return row?.partner ?? false;
  }
}
