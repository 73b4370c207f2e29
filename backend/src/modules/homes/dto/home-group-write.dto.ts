import { IsString, MaxLength } from 'class-validator';
import { HOME_MESSAGES } from '@mediport/validation';

/** Body of POST /api/homes/{id}/groups and PUT /api/homes/{id}/groups/{groupId}. */
export class HomeGroupWriteDto {
  @IsString({ message: HOME_MESSAGES.homeGroupNameRequired }) @MaxLength(200, { message: 'Mehr als 200 Zeichen!' }) name!: string;
}
