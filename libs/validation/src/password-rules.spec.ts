import { checkPassword, checkPasswordConfirm, generatePassword, ONE_TIME_POLICY, PASSWORD_MESSAGES } from './password-rules';

describe('checkPassword (strict)', () => {
  it.each([
    { title: 'accepts a valid password', value: 'abCD12!?efGH', errors: [] },
    { title: 'accepts umlauts as letters', value: 'äöÄÖ12!?abCD', errors: [] },
    { title: 'rejects quotes', value: "abCD12!?efGH'", errors: ['Unerlaubte Zeichen gefunden!'] },
    { title: 'too short', value: 'aB1!aB1!', errors: ['Weniger als 12 Zeichen!'] },
    { title: 'missing classes', value: 'abcdefghijklmn', errors: ['Weniger als 2 große Buchstaben!', 'Weniger als 2 Zahlen!', 'Weniger als 2 Sonderzeichen!'] },
    { title: 'one lowercase', value: 'ABCDEF12!?GHa', errors: ['Weniger als 2 kleine Buchstaben!'] },
  ])('$title', ({ value, errors }) => {
    expect(checkPassword(value)).toEqual(errors);
  });

  it('rejects more than 4096 characters', () => {
    expect(checkPassword('aB1!'.repeat(1025))).toContain('Mehr als 4096 Zeichen!');
  });

  it('one-time mode only needs 5 characters', () => {
    expect(checkPassword('abcde', ONE_TIME_POLICY)).toEqual([]);
    expect(checkPassword('abcd', ONE_TIME_POLICY)).toEqual(['Weniger als 5 Zeichen!']);
  });
});

describe('checkPasswordConfirm', () => {
  it('reports a mismatch both ways', () => {
    expect(checkPasswordConfirm('a', 'b')).toBe(PASSWORD_MESSAGES.mismatch);
    expect(checkPasswordConfirm('a', 'b', true)).toBe(PASSWORD_MESSAGES.mismatchReverse);
    expect(checkPasswordConfirm('a', 'a')).toBeNull();
  });
  it("keeps the spec's meaning in correct German (spec: 'mit den bestätigungs Passwort')", () => {
    expect(PASSWORD_MESSAGES.mismatch).toBe('Das Passwort ist nicht identisch mit dem Bestätigungspasswort');
    expect(PASSWORD_MESSAGES.mismatchReverse).toBe('Das Bestätigungspasswort ist nicht identisch mit dem Passwort');
  });
});

describe('generatePassword', () => {
  it('always satisfies the strict rules', () => {
    for (let i = 0; i < 200; i++) {
      const pw = generatePassword();
      expect(pw).toHaveLength(12);
      expect(checkPassword(pw)).toEqual([]);
    }
  });
});
