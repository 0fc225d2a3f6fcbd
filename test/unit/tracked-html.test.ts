import { describe, expect, it } from 'vitest';
import { trackableLinks, withTracking } from '../../src/tracking/index.ts';

const urls = { openUrl: 'https://mg.example/t/o/eml_1/k', clickUrl: (n: number) => `https://mg.example/t/c/eml_1/${n}/k` };

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

  it('gives the source span of the href value, quotes included', () => {
    const html = `<a class="c" href="https://a.example/">A</a><a href='https://b.example/'>B</a><a href=https://c.example/>C</a>`;
    expect(trackableLinks(html).map((l) => html.slice(l.start, l.end))).toEqual([
      '"https://a.example/"',
      "'https://b.example/'",
      'https://c.example/',
    ]);
  });
});

describe('the body as it goes out when tracked', () => {
  it('points link n at the click URL for n, keeps everything else, and puts the pixel before </body>', () => {
    const html = '<html><body><a href="https://a.example/">A</a> <a href="mailto:x@y.example">m</a> <a id=b href=https://b.example/>B</a></BODY></html>';
    expect(withTracking(html, urls)).toBe(
      '<html><body><a href="https://mg.example/t/c/eml_1/0/k">A</a> <a href="mailto:x@y.example">m</a> ' +
        '<a id=b href="https://mg.example/t/c/eml_1/1/k">B</a>' +
        '<img src="https://mg.example/t/o/eml_1/k" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />' +
        '</BODY></html>',
    );
  });

  it('puts the pixel at the end of a fragment without </body>', () => {
    expect(withTracking('<p>no links</p>', urls)).toBe(
      '<p>no links</p><img src="https://mg.example/t/o/eml_1/k" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />',
    );
  });

  it('numbers links as trackableLinks does, so a click finds its link again in the stored body', () => {
    const html = '<a href="#x">skip</a><a href="https://one.example/">1</a><!-- <a href="https://no.example/"> --><a href="https://two.example/">2</a>';
    const out = withTracking(html, urls);
    expect(out).toContain('href="https://mg.example/t/c/eml_1/0/k">1</a>');
    expect(out).toContain('href="https://mg.example/t/c/eml_1/1/k">2</a>');
    expect(trackableLinks(html).map((l) => l.url)).toEqual(['https://one.example/', 'https://two.example/']);
  });
});
