import { IsISO8601, IsString, IsUUID, Matches } from 'class-validator';
import { FAX_CALLBACK_MESSAGES, type FaxReportBody } from '@mediport/contracts/fax';

/**
 * Body of POST /api/fax/callback, a delivery report of the fax gateway. Checked after its
 * signature (FaxSignatureGuard); further fields of the gateway are ignored.
 */
export class FaxReportDto implements FaxReportBody {
  @IsString({ message: FAX_CALLBACK_MESSAGES.jobId })
  @Matches(/^[\x21-\x7e]{1,200}$/, { message: FAX_CALLBACK_MESSAGES.jobId })
  jobId!: string;

  @IsUUID('all', { message: FAX_CALLBACK_MESSAGES.reference })
  reference!: string;

  /** 'SENT' or an error code: letters, digits, '_', '-', '.', at most 50. */
  @IsString({ message: FAX_CALLBACK_MESSAGES.status })
  @Matches(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$/, { message: FAX_CALLBACK_MESSAGES.status })
  status!: string;

  @IsString({ message: FAX_CALLBACK_MESSAGES.timestamp })
  @IsISO8601({ strict: true }, { message: FAX_CALLBACK_MESSAGES.timestamp })
  timestamp!: string;
}
