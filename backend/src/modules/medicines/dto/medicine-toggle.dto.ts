import { IsBoolean, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';
import { MEDICINE_MESSAGES } from '@mediport/contracts/medicines';

/** PUT /api/medicine: the medicine by `_id`, or by `name` when no id is given, and its new flag. */
export class MedicineToggleDto {
  @ValidateIf((o: MedicineToggleDto) => o.name === undefined || o._id !== undefined)
  @IsUUID('all', { message: MEDICINE_MESSAGES.idOrName })
  _id?: string;

  @ValidateIf((o: MedicineToggleDto) => o._id === undefined && o.name !== undefined)
  @IsString({ message: MEDICINE_MESSAGES.idOrName })
  @IsNotEmpty({ message: MEDICINE_MESSAGES.idOrName })
  @MaxLength(200, { message: MEDICINE_MESSAGES.idOrName })
  name?: string;

  @IsBoolean({ message: MEDICINE_MESSAGES.disabledFlag })
  disabled!: boolean;
}
