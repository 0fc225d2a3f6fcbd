import { describe, expect, it } from 'vitest';
import { renderEmailContent, type EmailContent, type TiptapDocument } from '../../src/render/index.ts';
import { preheaderHtml } from '../../src/render/render-email.ts';
import { expectRefusal } from '../helpers/errors.ts';

const DOC_HEAD = '<!doctype html><html><head><meta charset="utf-8">' + '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>';
const DOC_TAIL = '</body></html>';

const text = (value: string) => ({ type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

describe('renderEmailContent: markdown', () => {
  const markdown = '# Title\n\nSome *em* and **strong** and [a link](https://x.example/p).\n\n- one\n- two';

  it('wraps the rendered fragment in a full HTML document', () => {
    const { html } = renderEmailContent({ kind: 'markdown', markdown });
    expect(html).toBe(
      DOC_HEAD +
        '<h1>Title</h1>\n' +
        '<p>Some <em>em</em> and <strong>strong</strong> and <a href="https://x.example/p">a link</a>.</p>\n' +
        '<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n' +
        DOC_TAIL,
    );
  });

  it('derives a text part without tags, keeping the link URL', () => {
    const { text: plain } = renderEmailContent({ kind: 'markdown', markdown });
    expect(plain).toBe('TITLE\n\nSome em and strong and a link [https://x.example/p].\n\n * one\n * two');
    expect(plain).not.toMatch(/[<>]/);
  });

  it('keeps raw HTML in markdown (the author is the organization)', () => {
    expect(renderEmailContent({ kind: 'markdown', markdown: 'a <b>b</b>' }).html).toBe(`${DOC_HEAD}<p>a <b>b</b></p>\n${DOC_TAIL}`);
  });
});

describe('renderEmailContent: tiptap', () => {
  const doc: TiptapDocument = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [text('Head')] },
      paragraph(text('Hi '), { type: 'text', text: 'bold', marks: [{ type: 'bold' }] }),
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('one'))] }] },
    ],
  };

  it('renders headings, marks and lists into a full document', () => {
    expect(renderEmailContent({ kind: 'tiptap', tiptap: doc })).toEqual({
      html: `${DOC_HEAD}<h2>Head</h2><p>Hi <strong>bold</strong></p><ul><li><p>one</p></li></ul>${DOC_TAIL}`,
      text: 'HEAD\n\nHi bold\n\n * one',
    });
  });

  it('escapes markup inside text nodes', () => {
    const { html } = renderEmailContent({ kind: 'tiptap', tiptap: { type: 'doc', content: [paragraph(text('<script>x</script> & co'))] } });
    expect(html).toBe(`${DOC_HEAD}<p>&lt;script&gt;x&lt;/script&gt; &amp; co</p>${DOC_TAIL}`);
  });

  it('refuses an unknown node type as a validation_error on tiptap', () => {
    expectRefusal(() => renderEmailContent({ kind: 'tiptap', tiptap: { type: 'doc', content: [{ type: 'fancyWidget' }] } }), {
      kind: 'validation_error',
      message: 'tiptap: document cannot be rendered (Unknown node type: fancyWidget)',
      details: [{ path: 'tiptap', message: 'document cannot be rendered: Unknown node type: fancyWidget' }],
    });
  });

  it('refuses an unknown mark type as a validation_error on tiptap', () => {
    const tiptap: TiptapDocument = { type: 'doc', content: [paragraph({ type: 'text', text: 'x', marks: [{ type: 'sparkle' }] })] };
    expectRefusal(() => renderEmailContent({ kind: 'tiptap', tiptap }), {
      kind: 'validation_error',
      message: 'tiptap: document cannot be rendered (There is no mark type sparkle in this schema)',
      details: [{ path: 'tiptap', message: 'document cannot be rendered: There is no mark type sparkle in this schema' }],
    });
  });
});

describe('renderEmailContent: html', () => {
  const page = '<html><head><style>p{color:red}</style><title>T</title></head><body class="x"><p>Hello <b>World</b></p></body></html>';

  it('sends HTML byte-identical when there is no preview', () => {
    expect(renderEmailContent({ kind: 'html', html: page }).html).toBe(page);
    expect(renderEmailContent({ kind: 'html', html: page }, null).html).toBe(page);
    expect(renderEmailContent({ kind: 'html', html: page }, '').html).toBe(page);
  });

  it('derives the text part from the HTML', () => {
    expect(renderEmailContent({ kind: 'html', html: '<p>Hello <b>World</b></p>' }).text).toBe('Hello World');
    expect(renderEmailContent({ kind: 'html', html: page }).text).toBe('Hello World');
  });

  it('uppercases headings, shows link targets once, and skips images, styles and scripts', () => {
    const html =
      '<h1>Title</h1><p><a href="https://x.example/p">link</a> <a href="https://y.example">https://y.example</a></p>' +
      '<script>alert(1)</script><p>pic: <img src="x.png" alt="alt text"></p>';
    expect(renderEmailContent({ kind: 'html', html }).text).toBe('TITLE\n\nlink [https://x.example/p] https://y.example\n\npic:');
  });
});

describe('renderEmailContent: preview', () => {
  it('builds a hidden, HTML-escaped preheader', () => {
    const block = preheaderHtml('<script>alert("x")</script> & \'q\'');
    expect(block.startsWith('<div style="display:none;')).toBe(true);
    expect(block).toContain('aria-hidden="true"');
    expect(block).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;');
    expect(block).not.toContain('<script>');
    expect(block.endsWith('</div>')).toBe(true);
  });

  it('inserts the preheader right after the body tag, attributes and case included', () => {
    const html = '<html><HEAD></HEAD><BODY class="x" style="margin:0"><p>Hi</p></BODY></html>';
    expect(renderEmailContent({ kind: 'html', html }, 'Soon').html).toBe(
      `<html><HEAD></HEAD><BODY class="x" style="margin:0">${preheaderHtml('Soon')}<p>Hi</p></BODY></html>`,
    );
  });

  it('puts the preheader first when there is no body tag', () => {
    expect(renderEmailContent({ kind: 'html', html: '<p>Hi</p>' }, 'Soon').html).toBe(`${preheaderHtml('Soon')}<p>Hi</p>`);
  });

  it('does not mistake <tbody> for the body tag', () => {
    const html = '<table><tbody><tr><td>x</td></tr></tbody></table>';
    expect(renderEmailContent({ kind: 'html', html }, 'Soon').html).toBe(`${preheaderHtml('Soon')}${html}`);
  });

  it('escapes a preview holding markup', () => {
    const { html } = renderEmailContent({ kind: 'markdown', markdown: 'Body' }, '<script>alert(1)</script>');
    expect(html).toBe(`${DOC_HEAD}${preheaderHtml('<script>alert(1)</script>')}<p>Body</p>\n${DOC_TAIL}`);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('keeps the preview out of the text part', () => {
    const preview = 'Unique preheader words';
    const contents: EmailContent[] = [
      { kind: 'html', html: '<body><p>Body text</p></body>' },
      { kind: 'markdown', markdown: 'Body text' },
      { kind: 'tiptap', tiptap: { type: 'doc', content: [paragraph(text('Body text'))] } },
    ];
    for (const content of contents) {
      const rendered = renderEmailContent(content, preview);
      expect(rendered.html).toContain(preview);
      expect(rendered.text).toBe('Body text');
    }
  });
});

describe('renderEmailContent: a message’s own parts (SMTP)', () => {
  const html = `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;
  it.each([{ kind: 'parts', html, text: null } as const, { kind: 'html', html } as const])(
    'refuses $kind content with HTML too deeply nested to derive its text part as a validation_error on html, as for an HTML send',
    (content) => {
      expectRefusal(() => renderEmailContent(content), {
        kind: 'validation_error',
        message: 'html cannot be rendered: it is nested too deeply',
        details: [{ path: 'html', message: 'cannot be rendered: it is nested too deeply' }],
      });
    },
  );
});
