import { useEffect, useRef } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import Box from '@mui/material/Box';
import FormLabel from '@mui/material/FormLabel';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { DOCUMENT_TEXTS as T } from '../messages';

// Only what the server keeps of a request's text: paragraphs, line breaks, bold, italic, underline, lists.
const EXTENSIONS = [
  StarterKit.configure({ blockquote: false, code: false, codeBlock: false, heading: false, horizontalRule: false, link: false, strike: false }),
];

type Mark = 'bold' | 'italic' | 'underline' | 'bulletList' | 'orderedList';

const BUTTONS: { mark: Mark; label: string; glyph: string; glyphSx?: object; run: (e: Editor) => void }[] = [
  { mark: 'bold', label: T.bold, glyph: 'F', glyphSx: { fontWeight: 700 }, run: (e) => e.chain().focus().toggleBold().run() },
  { mark: 'italic', label: T.italic, glyph: 'K', glyphSx: { fontStyle: 'italic', fontFamily: 'serif' }, run: (e) => e.chain().focus().toggleItalic().run() },
  { mark: 'underline', label: T.underline, glyph: 'U', glyphSx: { textDecoration: 'underline' }, run: (e) => e.chain().focus().toggleUnderline().run() },
  { mark: 'bulletList', label: T.bulletList, glyph: '• —', run: (e) => e.chain().focus().toggleBulletList().run() },
  { mark: 'orderedList', label: T.orderedList, glyph: '1. —', run: (e) => e.chain().focus().toggleOrderedList().run() },
];

export interface RichTextEditorProps {
  /** The text as HTML; a new value from outside (a snippet) replaces the editor's content. */
  value: string;
  onChange: (html: string) => void;
  label?: string;
}

/** The body of a request: a small rich-text editor (tiptap) with a keyboard-reachable formatting toolbar. */
export function RichTextEditor({ value, onChange, label = T.text }: RichTextEditorProps) {
  // The last HTML this editor reported, so that only outside changes are written back into it.
  const reported = useRef(value);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      reported.current = html;
      onChange(html);
    },
  });
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(BUTTONS.map((b) => [b.mark, e?.isActive(b.mark) ?? false])) as Record<Mark, boolean>,
  });

  return (
    <Box sx={{ minWidth: 0 }}>
      <FormLabel component="div" sx={{ fontSize: '0.75rem', mb: 0.5 }} aria-hidden>
        {label}
      </FormLabel>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (t) => `0 0 0 1px ${t.palette.primary.main}` },
        }}
      >
        <Box role="toolbar" aria-label={T.toolbar} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          {BUTTONS.map((b) => (
            <Tooltip key={b.mark} title={b.label}>
              <ToggleButton
                value={b.mark}
                size="small"
                selected={active?.[b.mark] ?? false}
                aria-label={b.label}
                disabled={!editor}
                // Keeps the editor's selection while the button is pressed with the mouse.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => editor && b.run(editor)}
                sx={{ minWidth: 44, minHeight: 40, px: 1, border: 0, textTransform: 'none' }}
              >
                <Box component="span" aria-hidden sx={{ fontSize: '0.95rem', lineHeight: 1, ...b.glyphSx }}>
                  {b.glyph}
                </Box>
              </ToggleButton>
            </Tooltip>
          ))}
        </Box>
        <Box
          sx={{
            px: 1.5,
            '& .ProseMirror': { minHeight: 140, py: 1, outline: 'none', overflowWrap: 'anywhere' },
            '& .ProseMirror p': { my: 0.75 },
            '& .ProseMirror ul, & .ProseMirror ol': { pl: 3, my: 0.75 },
          }}
        >
          <EditorContent editor={editor} />
        </Box>
      </Box>
    </Box>
  );
}
