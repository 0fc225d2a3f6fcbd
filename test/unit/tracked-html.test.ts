import { describe, expect, it } from 'vitest';
import { linkByTag, linkTag, trackableLinks, withTracking } from '../../src/emails/tracking/index.ts';

const PIXEL = '<img src="https://mg.example/o" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />';
const urls = { openUrl: 'https://mg.example/o', clickUrl: (url: string) => `https://mg.example/c/${encodeURIComponent(url)}` };

describe('trackable links', () => {
  it('finds every http(s) <a href> in document order, entities decoded and the URL normalised', () => {
    const html = `<p><a HREF = 'https://a.example/x?a=1&amp;b=2'>A</a> <a href=https://b.example>B</a> <A href="http://c.example/ü">C</A></p>`;
    expect(trackableLinks(html).map((l) => l.url)).toEqual(['https://a.example/x?a=1&b=2', 'https://b.example/', 'http://c.example/%C3%BC']);
  });

  it('leaves out mailto:, tel:, anchors, relative and malformed links, and <a> without href', () => {
    const html = '<a href="mailto:a@b.example">m</a><a href="tel:+1">t</a><a href="#top">#</a><a href="/docs">r</a><a href="https://">bad</a><a name="x">n</a>';
    expect(trackableLinks(html)).toEqual([]);
  });

  it('does not count what only looks like a link: comments, scripts, other attributes', () => {
    const html =
      '<!-- <a href="https://no.example/1">x</a> --><script>var a = \'<a href="https://no.example/2">\'</script>' +
      '<a title=\'href="https://no.example/3"\' data-href="https://no.example/4" href="https://yes.example/">y</a>';
    expect(trackableLinks(html).map((l) => l.url)).toEqual(['https://yes.example/']);
  });

  it('gives the source span of the href value, quotes included; an unquoted value runs to whitespace or >', () => {
    const html =
      `<a class="c" href="https://a.example/">A</a><a href='https://b.example/'>B</a><a href=https://c.example/>C</a>` +
      "<a href=https://d.example/?a=1&b=2 id=d>D</a><a href=https://e.example/it's>E</a><a href=https://f.example/a`b>F</a>";
    expect(trackableLinks(html).map((l) => html.slice(l.start, l.end))).toEqual([
      '"https://a.example/"',
      "'https://b.example/'",
      'https://c.example/',
      'https://d.example/?a=1&b=2',
      "https://e.example/it's",
      'https://f.example/a`b',
    ]);
  });
});

describe('link tags', () => {
  it('are a fixed digest of the target, so links in mail already sent keep their meaning', () => {
    expect(linkTag('https://acme.example/docs?a=1&b=2')).toBe('KROF9ZpJPEvARFwyy-492w');
  });

  it('find a link by its target, wherever it is in the body, and nothing for a tag of no link there', () => {
    const html = '<a href="https://one.example/">1</a><a href="https://two.example/">2</a>';
    expect(linkByTag(html, linkTag('https://two.example/'))).toBe('https://two.example/');
    expect(linkByTag(`<p>new first</p><a href="https://zero.example/">0</a>${html}`, linkTag('https://two.example/'))).toBe('https://two.example/');
    expect(linkByTag(html, linkTag('https://evil.example/'))).toBeNull();
  });
});

describe('the body as it goes out when tracked', () => {
  it('points each tracked link at its click URL, keeps everything else, and puts the pixel before </body>', () => {
    const html =
      '<html><body><a href="https://a.example/">A</a> <a href="mailto:x@y.example">m</a> <a id=b href=https://b.example/?x=1&y=2>B</a></BODY></html>';
    expect(withTracking(html, urls)).toBe(
      '<html><body><a href="https://mg.example/c/https%3A%2F%2Fa.example%2F">A</a> <a href="mailto:x@y.example">m</a> ' +
        '<a id=b href="https://mg.example/c/https%3A%2F%2Fb.example%2F%3Fx%3D1%26y%3D2">B</a>' +
        PIXEL +
        '</BODY></html>',
    );
  });

  it('puts the pixel at the end of a fragment without </body>', () => {
    expect(withTracking('<p>no links</p>', urls)).toBe(`<p>no links</p>${PIXEL}`);
  });

  it('finds </body> as the parser does: not inside a comment, and in the right place after characters that change length when lower-cased', () => {
    expect(withTracking('<body><p>İyi günler, İstanbul!</p></body><!-- </body> --></html>', urls)).toBe(
      `<body><p>İyi günler, İstanbul!</p>${PIXEL}</body><!-- </body> --></html>`,
    );
  });

  it('changes nothing but the href values and the pixel', () => {
    const html = '<body><a href="https://one.example/" class="btn">1</a>\n<table><tr><td><a href=\'https://two.example/\'>2</a></td></tr></table></body>';
    const out = withTracking(html, { openUrl: 'O', clickUrl: () => 'C' });
    expect(out).toBe(
      '<body><a href="C" class="btn">1</a>\n<table><tr><td><a href="C">2</a></td></tr></table>' + PIXEL.replace('https://mg.example/o', 'O') + '</body>',
    );
  });
});
