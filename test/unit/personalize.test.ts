import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  hasPlaceholders,
  personalize,
  placeholderProblems,
  renderEmailContent,
  templateProblems,
  type EmailContent,
  type PersonalValues,
  type Template,
  type TemplatePiece,
  type TiptapDocument,
} from '../../src/render/index.ts';
import { preheaderHtml } from '../../src/render/render-email.ts';
import { expectRefusal } from '../helpers/errors.ts';

const DOC_HEAD = '<!doctype html><html><head><meta charset="utf-8">' + '<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>';
const DOC_TAIL = '</body></html>';

const text = (value: string, marks?: unknown[]) => (marks ? { type: 'text', text: value, marks } : { type: 'text', text: value });
const paragraph = (...content: unknown[]) => ({ type: 'paragraph', content });

const ada: PersonalValues = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@x.example',
  attributes: { plan: 'pro', 'company-name': 'Engines & Co', seats: 3, trial: false, tags: ['a', 'b'], address: { city: 'London' } },
  unsubscribe_url: 'https://u.example/unsub?t=1&s=2',
};
const nobody: PersonalValues = { first_name: null, last_name: '', email: 'n@x.example', attributes: {} };

const template = (content: EmailContent, subject = 'Subject', preview: string | null = null): Template => ({ subject, preview, content });

/** Compile and fill for one recipient. */
function personalized(t: Template, values: PersonalValues, allowUnsubscribeUrl = false) {
  return personalize(compileTemplate(t, { allowUnsubscribeUrl }), values);
}

describe('personalize: subject', () => {
  it('fills names, email and attributes raw, with defaults for missing values', () => {
    const subject = 'Hi {{first_name | "there"}} {{last_name|\'X\'}} <{{email}}> {{ attributes.company-name }} {{attributes.plan}}';
    expect(personalized(template({ kind: 'html', html: 'x' }, subject), ada).subject).toBe('Hi Ada Lovelace <ada@x.example> Engines & Co pro');
    expect(personalized(template({ kind: 'html', html: 'x' }, subject), nobody).subject).toBe('Hi there X <n@x.example>  ');
  });

  it('writes numbers and booleans as text, arrays and objects as JSON', () => {
    const subject = '{{attributes.seats}}|{{attributes.trial}}|{{attributes.tags}}|{{attributes.address}}';
    expect(personalized(template({ kind: 'html', html: 'x' }, subject), ada).subject).toBe('3|false|["a","b"]|{"city":"London"}');
  });

  it('reads a dotted key as the field of that name, else as a path into nested fields', () => {
    const values = { ...nobody, attributes: { 'address.city': 'Flat', address: { city: 'Nested' }, a: { b: { c: 7 } } } };
    const subject = '{{attributes.address.city}} {{attributes.a.b.c}} {{attributes.a.x | "none"}}';
    expect(personalized(template({ kind: 'html', html: 'x' }, subject), values).subject).toBe('Flat 7 none');
  });

  it('treats null, undefined and empty attributes as missing, and never reads inherited properties', () => {
    const values = { ...nobody, attributes: { a: null, b: '', c: 0 } };
    const subject =
      '{{attributes.a|"d"}} {{attributes.b|"d"}} {{attributes.c|"d"}} {{attributes.zz|"d"}} [{{attributes.constructor}}] [{{attributes.__proto__}}] [{{attributes.a.toString}}]';
    expect(personalized(template({ kind: 'html', html: 'x' }, subject), values).subject).toBe('d d 0 d [] [] []');
  });

  it('inserts values once: placeholders, sentinel-like words and $ patterns in a value stay literal', () => {
    const compiled = compileTemplate(template({ kind: 'markdown', markdown: '{{first_name}} and {{last_name}}' }, '{{first_name}} {{last_name}}'));
    const values = { ...nobody, first_name: '{{last_name}} $& $1 $$ $`', last_name: '0mgph0z 0MGPHA1Z mgph1z' };
    const out = personalize(compiled, values);
    expect(out.subject).toBe('{{last_name}} $& $1 $$ $` 0mgph0z 0MGPHA1Z mgph1z');
    expect(out.text).toBe('{{last_name}} $& $1 $$ $` and 0mgph0z 0MGPHA1Z mgph1z');
    expect(out.html).toBe(`${DOC_HEAD}<p>{{last_name}} $&amp; $1 $$ $\` and 0mgph0z 0MGPHA1Z mgph1z</p>\n${DOC_TAIL}`);
  });

  it('fills {{unsubscribe_url}} where it is allowed', () => {
    const t = template({ kind: 'html', html: '<a href="{{unsubscribe_url}}">unsubscribe</a>' }, 'S {{unsubscribe_url}}');
    const out = personalized(t, ada, true);
    expect(out.subject).toBe('S https://u.example/unsub?t=1&s=2');
    expect(out.html).toBe('<a href="https://u.example/unsub?t=1&amp;s=2">unsubscribe</a>');
    expect(out.text).toBe('unsubscribe [https://u.example/unsub?t=1&s=2]');
  });
});

describe('personalize: html content', () => {
  const html =
    '<html><head><title>{{first_name}}</title></head><body>' +
    '<h1>Hello {{first_name | "friend"}}</h1><p>Your plan: <b>{{attributes.plan}}</b>.</p>' +
    '<a href="https://x.example/p?e={{email}}">profile</a></body></html>';

  it('fills HTML escaped and text raw, uppercasing values in headings as html-to-text does', () => {
    const values = { ...ada, first_name: `<b>&"'`, attributes: { plan: 'a<b>' } };
    const out = personalized(template({ kind: 'html', html }), values);
    expect(out.html).toBe(
      '<html><head><title>&lt;b&gt;&amp;&quot;&#39;</title></head><body>' +
        '<h1>Hello &lt;b&gt;&amp;&quot;&#39;</h1><p>Your plan: <b>a&lt;b&gt;</b>.</p>' +
        '<a href="https://x.example/p?e=ada@x.example">profile</a></body></html>',
    );
    expect(out.text).toBe(`HELLO <B>&"'\n\nYour plan: a<b>.\n\nprofile [https://x.example/p?e=ada@x.example]`);
  });

  it('uses defaults, escaped in HTML too', () => {
    const out = personalized(template({ kind: 'html', html: '<p>{{first_name | "<friend> & co"}}</p>' }), nobody);
    expect(out.html).toBe('<p>&lt;friend&gt; &amp; co</p>');
    expect(out.text).toBe('<friend> & co');
  });

  it('finds placeholders side by side in table cells html-to-text joins', () => {
    const out = personalized(template({ kind: 'html', html: '<table><tr><td>{{first_name}}</td><td>{{last_name}}</td></tr></table>' }), ada);
    expect(out.text).toBe('AdaLovelace');
  });
});

describe('personalize: markdown content', () => {
  const markdown =
    '# Hi {{first_name | "there"}}\n\n' +
    '*{{first_name}}* and **{{last_name}}** and _{{attributes.plan}}_ and `{{email}}`.\n\n' +
    "[{{first_name}}'s page](https://x.example/u/{{attributes.plan}}?e={{email}}) " +
    '[unsubscribe]({{unsubscribe_url}})\n\n' +
    '- {{first_name}}\n- {{attributes.company-name}}\n\n' +
    '{{first_name}}_{{last_name}} <{{first_name}}>';

  // The text part is wrapped at 78 columns with the sentinels in place, so its
  // lines break where they would for a value of a sentinel's width.
  it('fills headings, emphasis, code, link texts and URLs, and lists', () => {
    const values = { ...ada, first_name: `<b>&"'` };
    const out = personalized(template({ kind: 'markdown', markdown }), values, true);
    const name = '&lt;b&gt;&amp;&quot;&#39;';
    expect(out.html).toBe(
      DOC_HEAD +
        `<h1>Hi ${name}</h1>\n` +
        `<p><em>${name}</em> and <strong>Lovelace</strong> and <em>pro</em> and <code>ada@x.example</code>.</p>\n` +
        `<p><a href="https://x.example/u/pro?e=ada@x.example">${name}&#39;s page</a> ` +
        '<a href="https://u.example/unsub?t=1&amp;s=2">unsubscribe</a></p>\n' +
        `<ul>\n<li>${name}</li>\n<li>Engines &amp; Co</li>\n</ul>\n` +
        `<p>${name}_Lovelace &lt;${name}&gt;</p>\n` +
        DOC_TAIL,
    );
    expect(out.text).toBe(
      `HI <B>&"'\n\n` +
        `<b>&"' and Lovelace and pro and\nada@x.example.\n\n` +
        `<b>&"''s page\n[https://x.example/u/pro?e=ada@x.example] unsubscribe\n[https://u.example/unsub?t=1&s=2]\n\n` +
        ` * <b>&"'\n * Engines & Co\n\n` +
        `<b>&"'_Lovelace <<b>&"'>`,
    );
  });

  it('uses defaults and leaves missing values empty', () => {
    const out = personalized(template({ kind: 'markdown', markdown: '# Hi {{first_name | "there"}}\n\n[{{attributes.plan}}]' }), nobody);
    expect(out.html).toBe(`${DOC_HEAD}<h1>Hi there</h1>\n<p>[]</p>\n${DOC_TAIL}`);
    expect(out.text).toBe('HI THERE\n\n[]');
  });
});

describe('personalize: tiptap content', () => {
  const doc: TiptapDocument = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [text('Hi {{first_name | "there"}}')] },
      paragraph(
        text('Dear {{first_name}} ', [{ type: 'bold' }]),
        text('your page', [{ type: 'link', attrs: { href: 'https://x.example/{{attributes.plan}}?e={{email}}' } }]),
        text(' or '),
        text('leave', [{ type: 'link', attrs: { href: '{{unsubscribe_url}}' } }]),
      ),
      { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('{{attributes.company-name}}'))] }] },
    ],
  };
  const link = (href: string, label: string) => `<a target="_blank" rel="noopener noreferrer nofollow" href="${href}">${label}</a>`;

  it('fills text nodes and link hrefs, escaped in HTML', () => {
    const values = { ...ada, first_name: `<b>&"'` };
    const out = personalized(template({ kind: 'tiptap', tiptap: doc }), values, true);
    const name = '&lt;b&gt;&amp;&quot;&#39;';
    expect(out.html).toBe(
      DOC_HEAD +
        `<h2>Hi ${name}</h2>` +
        `<p><strong>Dear ${name} </strong>${link('https://x.example/pro?e=ada@x.example', 'your page')} or ` +
        `${link('https://u.example/unsub?t=1&amp;s=2', 'leave')}</p>` +
        '<ul><li><p>Engines &amp; Co</p></li></ul>' +
        DOC_TAIL,
    );
    expect(out.text).toBe(
      `HI <B>&"'\n\nDear <b>&"' your page\n[https://x.example/pro?e=ada@x.example] or leave\n[https://u.example/unsub?t=1&s=2]\n\n * Engines & Co`,
    );
  });

  it('uses defaults in a heading, uppercased in the text part', () => {
    const out = personalized(template({ kind: 'tiptap', tiptap: doc }), nobody, true);
    expect(out.html).toContain('<h2>Hi there</h2>');
    expect(out.text.startsWith('HI THERE\n\n')).toBe(true);
  });

  it('leaves the document it was given unchanged', () => {
    const before = structuredClone(doc);
    compileTemplate(template({ kind: 'tiptap', tiptap: doc }), { allowUnsubscribeUrl: true });
    expect(doc).toEqual(before);
  });
});

describe('personalize: preview', () => {
  it('fills the hidden preheader, escaped, and keeps it out of the text part', () => {
    const values = { ...ada, first_name: `<b>&"'` };
    const out = personalized(template({ kind: 'markdown', markdown: 'Body' }, 'S', 'For {{first_name}}, {{attributes.x | "soon"}}'), values);
    expect(out.html).toBe(`${DOC_HEAD}${preheaderHtml(`For <b>&"', soon`)}<p>Body</p>\n${DOC_TAIL}`);
    expect(out.text).toBe('Body');
  });

  it('fills the preheader of HTML content', () => {
    const out = personalized(template({ kind: 'html', html: '<body><p>x</p></body>' }, 'S', 'Hi {{first_name}}'), ada);
    expect(out.html).toBe(`<body>${preheaderHtml('Hi Ada')}<p>x</p></body>`);
  });
});

describe('compileTemplate', () => {
  it.each<EmailContent>([
    { kind: 'html', html: '<html><body class="x"><h2>Plain</h2><p>Hello <b>World</b> { braces }</p></body></html>' },
    { kind: 'markdown', markdown: '# Plain\n\nHello **World** [link](https://x.example)' },
    { kind: 'tiptap', tiptap: { type: 'doc', content: [{ type: 'heading', attrs: { level: 1 }, content: [text('Plain')] }, paragraph(text('Hello'))] } },
    { kind: 'parts', html: '<p>Hello</p>', text: 'Hello' },
  ])('gives exactly the rendering of $kind content without placeholders', (content) => {
    const t = template(content, 'Plain subject', 'Plain preview');
    expect(personalized(t, ada)).toEqual({ subject: 'Plain subject', ...renderEmailContent(content, t.preview) });
  });

  it('gives plain data that survives structured cloning (postMessage to a worker)', () => {
    const compiled = compileTemplate(template({ kind: 'markdown', markdown: '# {{first_name}}\n\n{{email}}' }, 'Hi {{first_name | "x"}}', 'P {{last_name}}'));
    const copy = structuredClone(compiled);
    expect(copy).toEqual(compiled);
    expect(personalize(copy, ada)).toEqual(personalize(compiled, ada));
    const named = (pieces: TemplatePiece[]) =>
      pieces.map((piece) => (typeof piece === 'string' ? piece : { ...compiled.placeholders[piece.slot], ...(piece.upper && { upper: true }) }));
    expect(named(compiled.subject)).toEqual(['Hi ', { name: 'first_name', default: 'x' }]);
    expect(named(compiled.text)).toEqual([{ name: 'first_name', default: '', upper: true }, '\n\n', { name: 'email', default: '' }]);
    expect(compiled.placeholders).toHaveLength(4); // each distinct (name, default) once
  });

  it('uses a fresh sentinel per compile, so one template cannot carry another’s', () => {
    const t = template({ kind: 'html', html: '{{first_name}}' });
    const a = compileTemplate(t);
    const b = compileTemplate(t);
    expect(a).toEqual(b); // the sentinels never reach the result
    const leaked = [...a.html, ...a.text].filter((piece) => typeof piece === 'string');
    expect(leaked).toEqual([]);
  });

  it('refuses a template with problems, giving every one', () => {
    expectRefusal(() => compileTemplate(template({ kind: 'markdown', markdown: '{{foo}}' }, 'Hi {{first_name | there}}')), {
      kind: 'validation_error',
      message: 'subject has a malformed placeholder "{{first_name | there}}": a default must be quoted, like {{first_name | "there"}} (and 1 more problem)',
      details: [
        { path: 'subject', message: 'has a malformed placeholder "{{first_name | there}}": a default must be quoted, like {{first_name | "there"}}' },
        { path: 'markdown', message: 'uses an unknown placeholder {{foo}}; known: first_name, last_name, email, attributes.KEY' },
      ],
    });
  });

  it('passes on the renderer’s own refusals', () => {
    expectRefusal(() => compileTemplate(template({ kind: 'tiptap', tiptap: { type: 'doc', content: [{ type: 'fancyWidget' }] } })), {
      kind: 'validation_error',
      details: [{ path: 'tiptap', message: 'document cannot be rendered: Unknown node type: fancyWidget' }],
    });
  });

  it('refuses a tiptap document nested too deeply to walk as a validation_error on tiptap', () => {
    let node: Record<string, unknown> = text('{{first_name}}');
    for (let i = 0; i < 50_000; i += 1) node = { type: 'blockquote', content: [node] };
    expectRefusal(() => compileTemplate(template({ kind: 'tiptap', tiptap: { type: 'doc', content: [node] } })), {
      kind: 'validation_error',
      details: [{ path: 'tiptap', message: expect.stringContaining('cannot be rendered') }],
    });
  });

  it('fills a 20 KB template by joining its pieces', () => {
    const block = '<tr><td style="padding:8px;font-family:Arial">Hello {{first_name | "there"}}, your plan is {{attributes.plan}}.</td></tr>\n';
    const html = `<html><body><table>${block.repeat(Math.ceil(20_000 / block.length))}</table></body></html>`;
    expect(html.length).toBeGreaterThan(20_000);
    const compiled = compileTemplate(template({ kind: 'html', html }, 'Hi {{first_name}}'));
    // Three distinct placeholders, however often they appear: each recipient's values are looked up and escaped once.
    expect(compiled.placeholders).toHaveLength(3);
    let out = personalize(compiled, ada);
    for (let i = 1; i < 1000; i += 1) out = personalize(compiled, { ...ada, first_name: `Ada ${i}` });
    expect(out.html).toContain('Hello Ada 999, your plan is pro.');
    expect(out.html).not.toContain('{{');
  });
});

describe('placeholderProblems', () => {
  const problem = (text: string, allowUnsubscribeUrl = false) => placeholderProblems(text, 'subject', { allowUnsubscribeUrl }).map((p) => p.message);
  const KNOWN = 'known: first_name, last_name, email, attributes.KEY';

  it('accepts well-formed placeholders, with either quote and spaces anywhere', () => {
    const ok = [
      'no placeholders',
      'a { b } c }}',
      '{{first_name}}{{last_name}}{{email}}',
      '{{ first_name|"x" }} {{first_name | \'it"s\'}} {{ last_name |  "it\'s" }} {{email|""}}',
      '{{attributes.plan}} {{attributes.company-name}} {{attributes.a.b_c.d-e}} {{attributes.1}}',
      '{{first_name | "{{ }} |"}}',
    ];
    for (const text of ok) expect(problem(text), text).toEqual([]);
  });

  it.each([
    ['{{first_name | there}}', 'has a malformed placeholder "{{first_name | there}}": a default must be quoted, like {{first_name | "there"}}'],
    ['{{first_name |}}', 'has a malformed placeholder "{{first_name |}}": a default must be quoted, like {{first_name | "there"}}'],
    ['{{first_name | "there}}', 'has a malformed placeholder "{{first_name | "there}}": its default lacks the closing "'],
    [
      '{{first_name | "a" "b"}}',
      'has a malformed placeholder "{{first_name | "a" "b"}}": a default is one quoted text and nothing after it, like {{first_name | "there"}}',
    ],
    ['{{first_name | "a\'}}', 'has a malformed placeholder "{{first_name | "a\'}}": its default lacks the closing "'],
    ['{{}}', 'has an empty placeholder "{{}}": put a name inside, like {{first_name}}'],
    ['{{  }}', 'has an empty placeholder "{{  }}": put a name inside, like {{first_name}}'],
    ['{{ | "x"}}', 'has a malformed placeholder "{{ | "x"}}": it has no name before |, like {{first_name | "there"}}'],
    ['{{first name}}', 'has a malformed placeholder "{{first name}}": a name is letters, digits and _, like {{first_name}} or {{attributes.plan}}'],
    ['{{{first_name}}}', 'has a malformed placeholder "{{{first_name}}}": a name is letters, digits and _, like {{first_name}} or {{attributes.plan}}'],
    ['Hi {{first_name', 'has an unterminated placeholder "{{first_name": close it with }} on the same line'],
    ['Hi {{first_name\n}}', 'has an unterminated placeholder "{{first_name": close it with }} on the same line'],
    ['{{first_name | "a\nb"}}', 'has an unterminated placeholder "{{first_name | "a": close it with }} on the same line'],
    ['{{first_name}', 'has an unterminated placeholder "{{first_name}": close it with }} on the same line'],
    ['{{foo}}', `uses an unknown placeholder {{foo}}; ${KNOWN}`],
    ['{{ foo | "x" }}', `uses an unknown placeholder {{foo}}; ${KNOWN}`],
    ['{{First_Name}}', `uses an unknown placeholder {{First_Name}}; ${KNOWN} (names are lowercase: {{first_name}})`],
    ['{{unsubscribe_url}}', `uses {{unsubscribe_url}}, which is not available here; ${KNOWN}`],
    [
      '{{attributes.}}',
      'has a malformed placeholder "{{attributes.}}": a custom field is attributes.KEY, like {{attributes.plan}} (KEY: letters, digits, _ and -, dots only inside)',
    ],
    [
      '{{attributes}}',
      'has a malformed placeholder "{{attributes}}": a custom field is attributes.KEY, like {{attributes.plan}} (KEY: letters, digits, _ and -, dots only inside)',
    ],
    [
      '{{attributes.a..b}}',
      'has a malformed placeholder "{{attributes.a..b}}": a custom field is attributes.KEY, like {{attributes.plan}} (KEY: letters, digits, _ and -, dots only inside)',
    ],
    [
      '{{attributes.plan.}}',
      'has a malformed placeholder "{{attributes.plan.}}": a custom field is attributes.KEY, like {{attributes.plan}} (KEY: letters, digits, _ and -, dots only inside)',
    ],
  ])('reports %j', (text, message) => {
    expect(problem(text)).toEqual([message]);
  });

  it('allows {{unsubscribe_url}} only with the option, and then lists it among the known names', () => {
    expect(problem('{{unsubscribe_url}} {{ unsubscribe_url | "#" }}', true)).toEqual([]);
    expect(problem('{{nope}}', true)).toEqual(['uses an unknown placeholder {{nope}}; known: first_name, last_name, email, unsubscribe_url, attributes.KEY']);
  });

  it('caps the quoted text at 40 characters', () => {
    const [message] = problem(`{{first_name | ${'x'.repeat(100)}}}`);
    expect(message).toBe(`has a malformed placeholder "{{first_name | ${'x'.repeat(24)}…": a default must be quoted, like {{first_name | "there"}}`);
    expect(problem(`{{${'y'.repeat(60)}}}`)).toEqual([`uses an unknown placeholder {{${'y'.repeat(37)}…; ${KNOWN}`]);
  });

  it('reports each problem once, the good placeholders around it left alone', () => {
    expect(problem('{{foo}} {{first_name}} {{foo}} {{first_name {{email}} {{bar}}')).toEqual([
      `uses an unknown placeholder {{foo}}; ${KNOWN}`,
      'has an unterminated placeholder "{{first_name": close it with }} on the same line',
      `uses an unknown placeholder {{bar}}; ${KNOWN}`,
    ]);
  });

  it('names the path it is given, and stops listing after 20', () => {
    const many = Array.from({ length: 25 }, (_, i) => `{{x${i}}}`).join(' ');
    const details = placeholderProblems(many, 'content.subject');
    expect(details).toHaveLength(21);
    expect(details.every((d) => d.path === 'content.subject')).toBe(true);
    expect(details[20]).toEqual({ path: 'content.subject', message: 'has 5 more placeholder problems' });
  });

  it('stays quick on a text of nothing but braces', () => {
    const started = performance.now();
    const details = placeholderProblems('{{'.repeat(200_000), 'html');
    expect(details).toEqual([{ path: 'html', message: 'has an unterminated placeholder "{{": close it with }} on the same line' }]);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('templateProblems', () => {
  it('checks subject, preview and content under their own paths', () => {
    const t = template({ kind: 'html', html: '<p>{{a}}</p>' }, '{{b}}', '{{c}}');
    expect(templateProblems(t).map((p) => p.path)).toEqual(['subject', 'preview', 'html']);
    expect(templateProblems(template({ kind: 'markdown', markdown: '{{d}}' })).map((p) => p.path)).toEqual(['markdown']);
    expect(templateProblems(template({ kind: 'parts', html: '{{e}}', text: '{{f}}' })).map((p) => p.path)).toEqual(['html', 'text']);
    expect(templateProblems(template({ kind: 'html', html: '{{first_name}}' }, 'S {{email}}', 'P {{last_name}}'))).toEqual([]);
  });

  it('checks every string of a tiptap document, text nodes and attrs alike, under tiptap', () => {
    const tiptap: TiptapDocument = {
      type: 'doc',
      content: [
        paragraph(text('{{first_name | there}}'), text('x', [{ type: 'link', attrs: { href: 'https://x.example/{{foo}}' } }])),
        paragraph(text('{{first_name'), text('}}')),
        paragraph(text('again {{foo}}')),
      ],
    };
    expect(templateProblems(template({ kind: 'tiptap', tiptap }))).toEqual([
      { path: 'tiptap', message: 'has a malformed placeholder "{{first_name | there}}": a default must be quoted, like {{first_name | "there"}}' },
      { path: 'tiptap', message: 'uses an unknown placeholder {{foo}}; known: first_name, last_name, email, attributes.KEY' },
      { path: 'tiptap', message: 'has an unterminated placeholder "{{first_name": close it with }} on the same line' },
    ]);
  });

  it('allows {{unsubscribe_url}} in the content only with the option', () => {
    const t = template({
      kind: 'tiptap',
      tiptap: { type: 'doc', content: [paragraph(text('x', [{ type: 'link', attrs: { href: '{{unsubscribe_url}}' } }]))] },
    });
    expect(templateProblems(t)).toEqual([
      { path: 'tiptap', message: 'uses {{unsubscribe_url}}, which is not available here; known: first_name, last_name, email, attributes.KEY' },
    ]);
    expect(templateProblems(t, { allowUnsubscribeUrl: true })).toEqual([]);
  });
});

describe('hasPlaceholders', () => {
  it('says whether a text has any {{', () => {
    expect(hasPlaceholders('Hi {{first_name}}')).toBe(true);
    expect(hasPlaceholders('Hi {{oops')).toBe(true);
    expect(hasPlaceholders('Hi { there }')).toBe(false);
  });
});
