import { EditorContent, type JSONContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type RefObject, useEffect, useState } from 'react';
import { Form, ToggleButton } from 'react-aria-components';
import { Button, Dialog, FormActions, TextField } from '../../components/index.ts';

// The rich-text body of a campaign: tiptap (ProseMirror) with StarterKit, the
// document kept as tiptap JSON, which is what create_campaign's `tiptap` field
// takes and the server renders. Only this file imports tiptap, and only the
// editor page imports this file: the editor's code loads with that page alone.

/** A tiptap document as the API takes it. */
export type TiptapJson = { type: 'doc'; content?: unknown[] } & Record<string, unknown>;

export interface RichTextProps {
  /** The starting document (an empty one for a new campaign). */
  initial: TiptapJson | null;
  onChange: (doc: TiptapJson) => void;
  /** Set to a function that inserts text at the caret, for "Insert field". */
  inserter: RefObject<((text: string) => void) | null>;
}

export default function RichText({ initial, onChange, inserter }: RichTextProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true } })],
    content: (initial as JSONContent | null) ?? '',
    editorProps: { attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Content', class: 'tiptap' } },
    onUpdate: ({ editor: e }) => onChange(e.getJSON() as TiptapJson),
  });
  useEffect(() => {
    inserter.current = (text) => editor.chain().focus().insertContent(text).run();
  }, [editor, inserter]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: (e.getAttributes('link').href as string | undefined) ?? null,
    }),
  });
  const run = (command: (chain: ReturnType<typeof editor.chain>) => ReturnType<typeof editor.chain>) => command(editor.chain().focus()).run();
  const tools = [
    { label: 'Bold', text: 'B', on: state.bold, press: () => run((c) => c.toggleBold()) },
    { label: 'Italic', text: 'I', on: state.italic, press: () => run((c) => c.toggleItalic()) },
    { label: 'Heading', text: 'H2', on: state.h2, press: () => run((c) => c.toggleHeading({ level: 2 })) },
    { label: 'Subheading', text: 'H3', on: state.h3, press: () => run((c) => c.toggleHeading({ level: 3 })) },
    { label: 'Bulleted list', text: '•', on: state.bullets, press: () => run((c) => c.toggleBulletList()) },
    { label: 'Numbered list', text: '1.', on: state.numbers, press: () => run((c) => c.toggleOrderedList()) },
  ];
  return (
    <div>
      <div className="toolbar" role="toolbar" aria-label="Formatting">
        {tools.map((tool) => (
          <ToggleButton key={tool.label} aria-label={tool.label} isSelected={tool.on} onChange={tool.press} className="toolbar-button">
            <span aria-hidden="true">{tool.text}</span>
          </ToggleButton>
        ))}
        <LinkDialog
          href={state.link}
          onSet={(href) => run((c) => (href ? c.extendMarkRange('link').setLink({ href }) : c.extendMarkRange('link').unsetLink()))}
        />
      </div>
      <div className="rich-text">
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

/** A link a campaign may carry: a web or mail address, or a placeholder such as {{unsubscribe_url}}. */
const LINK = /^(https?:\/\/|mailto:|\{\{)/i;

/** "Link": the address of the selected text's link, set, changed or removed. */
function LinkDialog({ href, onSet }: { href: string | null; onSet: (href: string | null) => void }) {
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog
      title={href ? 'Change the link' : 'Add a link'}
      onOpenChange={(open) => {
        if (!open) return;
        setValue(href ?? 'https://');
        setProblem(null);
      }}
      trigger={<Button className="toolbar-button">Link</Button>}
    >
      {(close) => (
        <Form
          className="form"
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            const link = value.trim();
            if (link && !LINK.test(link)) {
              setProblem('Use an address starting with https://, http:// or mailto:, or a placeholder such as {{unsubscribe_url}}.');
              return;
            }
            onSet(link || null);
            close();
          }}
        >
          <TextField
            label="Link address"
            type="url"
            value={value}
            onChange={setValue}
            autoFocus
            description="Select the text first. Empty removes the link."
            errorMessage={problem}
          />
          <FormActions onCancel={close} submit={href ? 'Change link' : 'Add link'} isPending={false} />
        </Form>
      )}
    </Dialog>
  );
}
