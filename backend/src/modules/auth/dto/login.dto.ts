import { IsString, MaxLength } from 'class-validator';

export class LoginDto {
  @IsString({ message: 'Bitte geben Sie Ihren Benutzernamen ein.' })
  @MaxLength(200, { message: 'Mehr als 200 Zeichen!' })
  username!: string;

  @IsString({ message: 'Bitte geben Sie Ihr Passwort ein.' })
  @MaxLength(4096, { message: 'Mehr als 4096 Zeichen!' })
  password!: string;
}
