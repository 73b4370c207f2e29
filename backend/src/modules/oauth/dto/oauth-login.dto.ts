import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { OAUTH_MESSAGES } from '@mediport/contracts';
import { Optional } from '../../../core/validation/optional.js';

/**
 * POST /api/oauth. `code` is what the spec sends; the /oauth page also passes on `state` and
 * `iss` of the callback address when present, so the server can check them too.
 */
export class OauthLoginDto {
  @IsString({ message: OAUTH_MESSAGES.failed })
  @IsNotEmpty({ message: OAUTH_MESSAGES.failed })
  @MaxLength(2048, { message: OAUTH_MESSAGES.failed })
  code!: string;

  @Optional()
  @IsString({ message: OAUTH_MESSAGES.failed })
  @MaxLength(512, { message: OAUTH_MESSAGES.failed })
  state?: string;

  @Optional()
  @IsString({ message: OAUTH_MESSAGES.failed })
  @MaxLength(2048, { message: OAUTH_MESSAGES.failed })
  iss?: string;
}
