import { IsString, MaxLength } from 'class-validator';
import { API_MESSAGES } from '@mediport/contracts';

export class SwitchBackDto {
  @IsString({ message: API_MESSAGES.switchBackInvalid })
  @MaxLength(2000, { message: API_MESSAGES.switchBackInvalid })
  switchBackToken!: string;
}
