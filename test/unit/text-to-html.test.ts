import { describe, expect, it } from 'vitest';
import { renderEmailContent } from '../../src/render/index.ts';
import { preheaderHtml } from '../../src/render/render-email.ts';
import { escapeHtml, textToHtml } from '../../src/render/text-to-html.ts';

const DOC_HEAD = '<!doctype html><html><head><meta charset="utf-8">' + '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>';
const DOC_TAIL = '</body></html>';

describe('escapeHtml', () => {
  it('escapes & < > " and \'', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('escapes an ampersand that already starts an entity', () => {
    expect(escapeHtml('&amp; &#39;')).toBe('&amp;amp; &amp;#39;');
  });

  it('leaves other text alone', () => {
    expect(escapeHtml('plain text, ünïcode — 100%')).toBe('plain text, ünïcode — 100%');
    expect(escapeHtml('')).toBe('');
  });
});

describe('textToHtml', () => {
  it('gives empty text as the empty string', () => {
    expect(textToHtml('')).toBe('');
  });

  it('gives text of line breaks only as the empty string', () => {
    expect(textToHtml('\n\n\r\n')).toBe('');
  });

  it('treats lines of spaces as blank lines, and makes no empty paragraphs of them', () => {
    expect(textToHtml('a\n\n \n\nb')).toBe('<p>a</p>\n<p>b</p>');
    expect(textToHtml('a\n\n  ')).toBe('<p>a</p>');
    expect(textToHtml('a\n \nb')).toBe('<p>a</p>\n<p>b</p>');
  });

  it('wraps one line in a paragraph', () => {
    expect(textToHtml('Hello')).toBe('<p>Hello</p>');
  });

  it('starts a paragraph at each blank line', () => {
    expect(textToHtml('one\n\ntwo\n\nthree')).toBe('<p>one</p>\n<p>two</p>\n<p>three</p>');
  });

  it('keeps a single newline as <br>', () => {
    expect(textToHtml('line one\nline two')).toBe('<p>line one<br>\nline two</p>');
  });

  it('takes several blank lines as one paragraph break', () => {
    expect(textToHtml('one\n\n\n\ntwo')).toBe('<p>one</p>\n<p>two</p>');
  });

  it('takes a line of spaces or tabs as blank', () => {
    expect(textToHtml('one\n \t \ntwo')).toBe('<p>one</p>\n<p>two</p>');
  });

  it('handles CRLF like LF', () => {
    expect(textToHtml('a\r\nb\r\n\r\nc')).toBe('<p>a<br>\nb</p>\n<p>c</p>');
  });

  it('handles a lone CR like LF', () => {
    expect(textToHtml('a\rb\r\rc')).toBe('<p>a<br>\nb</p>\n<p>c</p>');
  });

  it('drops leading and trailing newlines', () => {
    expect(textToHtml('\n\nHello\nthere\n\n\n')).toBe('<p>Hello<br>\nthere</p>');
    expect(textToHtml('\nHello\n')).toBe('<p>Hello</p>');
  });

  it('keeps the indentation of a line', () => {
    expect(textToHtml('  indented\n\tand tabbed')).toBe('<p>  indented<br>\n\tand tabbed</p>');
  });

  it('escapes the text', () => {
    expect(textToHtml(`<b>"Tom" & 'Jerry'</b>\n\n<script>`)).toBe('<p>&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;</p>\n<p>&lt;script&gt;</p>');
  });
});

describe('renderEmailContent: parts', () => {
  it('keeps both parts as given', () => {
    const html = '<p>Hi <b>there</b></p>';
    const text = 'A text part that says something else';
    expect(renderEmailContent({ kind: 'parts', html, text })).toEqual({ html, text });
  });

  it('derives the text from the HTML when only HTML is given', () => {
    const html = '<p>Hello <b>world</b> &amp; you</p><p>Second <a href="https://x.example/p">link</a></p>';
    expect(renderEmailContent({ kind: 'parts', html, text: null })).toEqual({
      html,
      text: 'Hello world & you\n\nSecond link [https://x.example/p]',
    });
  });

  it('renders the text as a full HTML document when only text is given', () => {
    const text = 'Hi <you>,\n\nline one\nline two';
    expect(renderEmailContent({ kind: 'parts', html: null, text })).toEqual({
      html: DOC_HEAD + textToHtml(text) + DOC_TAIL,
      text,
    });
    expect(textToHtml(text)).toBe('<p>Hi &lt;you&gt;,</p>\n<p>line one<br>\nline two</p>');
  });

  it('gives empty parts when neither is given', () => {
    expect(renderEmailContent({ kind: 'parts', html: null, text: null })).toEqual({ html: '', text: '' });
  });

  it('gives empty HTML for an empty text part', () => {
    expect(renderEmailContent({ kind: 'parts', html: null, text: '' })).toEqual({ html: '', text: '' });
  });

  it('keeps an empty HTML part as given rather than rendering the text', () => {
    expect(renderEmailContent({ kind: 'parts', html: '', text: 'Hi' })).toEqual({ html: '', text: 'Hi' });
  });

  it('puts a preview right after <body>', () => {
    const { html } = renderEmailContent({ kind: 'parts', html: null, text: 'Hi' }, 'Soon');
    expect(html).toBe(DOC_HEAD + preheaderHtml('Soon') + '<p>Hi</p>' + DOC_TAIL);
  });

  it('adds no preview to empty parts', () => {
    expect(renderEmailContent({ kind: 'parts', html: null, text: null }, 'Soon')).toEqual({ html: '', text: '' });
  });
});
