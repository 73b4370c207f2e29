import { IsIn, IsString, MaxLength } from 'class-validator';
import { PROFILE_MESSAGES } from '@mediport/contracts/profile-messages';
import { Optional } from '../../../core/validation/optional.js';

/** Body of PUT /api/users/{id}/profile/documents/{name}: `{accepted}<name>` or `{reject}<name>`. */
export class DocumentDecisionDto {
  @IsString({ message: PROFILE_MESSAGES.decisionInvalid })
  @MaxLength(300, { message: PROFILE_MESSAGES.decisionInvalid })
  name!: string;
}

/** Multipart fields of POST /api/users/{id}/profile/documents (the PDF travels as "file"). */
export class DocumentUploadDto {
  @Optional()
  @IsString({ message: PROFILE_MESSAGES.documentNameInvalid })
  @MaxLength(200, { message: PROFILE_MESSAGES.documentNameInvalid })
  name?: string;
}

/** Query of GET /api/users/{id}/profile/documents/{name}. */
export class DocumentReadQuery {
  @Optional()
  @IsIn(['0', '1', 'true', 'false'], { message: 'Ungültiger Wert für noBase64.' })
  noBase64?: string;
}
