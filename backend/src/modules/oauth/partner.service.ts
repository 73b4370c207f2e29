import { Injectable, Logger } from '@nestjs/common';
import { OauthRepository } from './oauth.repository.js';

@Injectable()
export class PartnerService {
  private readonly logger = new Logger('Partner');

  constructor(private readonly repo: OauthRepository) {}

  /** Whether this instance belongs to the partner platform; false on any failure. */
  async isPartnerInstance(): Promise<boolean> {
    try {
      return await this.repo.partnerInstance();
    } catch (error) {
      this.logger.warn(`Partner flag unreadable: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }
}
