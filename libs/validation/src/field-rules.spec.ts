import { checkEmail, checkPostalCode, checkRequired, isTextInput } from './field-rules';

describe('field rules', () => {
  it.each([
    ['12345', true],
    ['1234', true],
    ['123456', false],
    ['12a45', false],
  ])('postal code %s valid=%s', (value, ok) => {
    expect(checkPostalCode(value) === null).toBe(ok);
  });
  it('checks e-mail addresses', () => {
    expect(checkEmail('praxis@berger.de')).toBeNull();
    expect(checkEmail('praxis@berger')).toMatch(/gültige E-Mail/);
  });
  it('required uses the label or its own message', () => {
    expect(checkRequired('', 'Firma')).toBe('Firma muss ausgefüllt werden');
    expect(checkRequired(' ', 'Firma', 'Eigene')).toBe('Eigene');
    expect(checkRequired('x', 'Firma')).toBeNull();
  });
  it('text input allows umlauts and dots only among specials', () => {
    expect(isTextInput('Haus Sonnenschein-Süd 2.0_a')).toBe(true);
    expect(isTextInput('a<b')).toBe(false);
  });
});
