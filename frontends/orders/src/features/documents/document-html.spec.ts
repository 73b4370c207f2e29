import { DOCUMENT_MESSAGES } from '@mediport/contracts/documents';
import { toEditorHtml } from './document-html';

describe('toEditorHtml', () => {
  it('turns the standard text into paragraphs', () => {
    expect(toEditorHtml(DOCUMENT_MESSAGES.defaultContent)).toBe(
      '<p>Sehr geehrte Damen und Herren,</p><p>bitte stellen Sie für die folgenden Patienten ein Rezept aus.</p><p>Mit freundlichen Grüßen</p>',
    );
  });

  it('keeps single line breaks and escapes markup characters of plain text', () => {
    expect(toEditorHtml('Hallo,\r\nA < B & C')).toBe('<p>Hallo,<br>A &lt; B &amp; C</p>');
  });

  it('takes HTML as it is and an empty text as empty', () => {
    expect(toEditorHtml('<p>Liebe <strong>Praxis</strong></p>')).toBe('<p>Liebe <strong>Praxis</strong></p>');
    expect(toEditorHtml('  ')).toBe('');
  });
});
