import { checkPassword, checkPasswordConfirm, PASSWORD_MESSAGES } from '@mediport/validation';

export interface PasswordValues {
  current: string;
  password: string;
  confirm: string;
}

export interface PasswordErrors {
  current: string[];
  password: string[];
  confirm: string[];
}

/** Live rule errors of the password tab (libs/validation password rules), empty fields are not judged yet. */
export function passwordErrors(v: PasswordValues): PasswordErrors {
  const password = v.password ? checkPassword(v.password) : [];
  const bothFilled = v.password !== '' && v.confirm !== '';
  const mismatch = bothFilled ? checkPasswordConfirm(v.password, v.confirm) : null;
  const mismatchReverse = bothFilled ? checkPasswordConfirm(v.password, v.confirm, true) : null;
  if (mismatch) password.push(mismatch);
  return {
    current: v.password && !v.current ? [PASSWORD_MESSAGES.currentRequired] : [],
    password,
    confirm: mismatchReverse ? [mismatchReverse] : [],
  };
}

/** Submit is allowed only with all three fields filled and no error. */
export function canSubmit(v: PasswordValues, e: PasswordErrors): boolean {
  return !!v.current && !!v.password && !!v.confirm && e.current.length + e.password.length + e.confirm.length === 0;
}
