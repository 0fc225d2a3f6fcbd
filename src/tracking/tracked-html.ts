// Open and click tracking in an HTML body: which links are tracked, and the body
// as it goes out, with those links pointing at Mailgate and an open pixel at the
// end. Pure functions: the stored body stays as the sender gave it, and a click
// finds its link again by position in that same body.
import { Parser } from 'htmlparser2';

/** A link that is tracked: where its `href` value is in the source, and where it leads. */
export interface TrackableLink {
  /** The `href` attribute's value in the source, quotes included: [start, end). */
  start: number;
  end: number;
  /** The target, entities decoded and normalised (`new URL(...).href`). */
  url: string;
}

// One attribute of a start tag: its name, then an optional value (quoted or bare).
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;

/** The http(s) target of an `href`, or null for anything else (mailto:, #anchor, relative, malformed). */
function trackableUrl(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}

/** Where the first `href` value of the start tag at source[tagStart..tagEnd] is. */
function hrefValueAt(html: string, tagStart: number, tagEnd: number): { start: number; end: number } | null {
  const tag = html.slice(tagStart, tagEnd);
  const afterName = /^<[^\s/>]+/.exec(tag);
  if (!afterName) return null;
  ATTRIBUTE.lastIndex = afterName[0].length;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
    if (m[1]!.toLowerCase() !== 'href') continue;
    if (m[2] === undefined) return null;
    const valueStart = tagStart + m.index + m[0].length - m[2].length;
    return { start: valueStart, end: valueStart + m[2].length };
  }
  return null;
}

/**
 * The body's tracked links in document order: every `<a href>` that leads to an
 * http or https URL. The HTML is read by a real parser, so comments, scripts and
 * attribute values that merely look like links are not counted.
 */
export function trackableLinks(html: string): TrackableLink[] {
  const links: TrackableLink[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'a' || attributes.href === undefined) return;
        const url = trackableUrl(attributes.href);
        if (url === null) return;
        const value = hrefValueAt(html, parser.startIndex, parser.endIndex + 1);
        if (value) links.push({ ...value, url });
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return links;
}

/** The 1×1 image whose loading records an open. */
function openPixel(openUrl: string): string {
  return `<img src="${openUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
}

/**
 * The body as it goes out when tracked: link n points at `clickUrl(n)`, and the
 * open pixel comes just before `</body>` (or at the end). The URLs must need no
 * escaping in an attribute (Mailgate's own are plain).
 */
export function withTracking(html: string, urls: { openUrl: string; clickUrl: (n: number) => string }): string {
  const links = trackableLinks(html);
  let out = '';
  let at = 0;
  links.forEach((link, n) => {
    out += html.slice(at, link.start) + `"${urls.clickUrl(n)}"`;
    at = link.end;
  });
  out += html.slice(at);
  const bodyEnd = out.toLowerCase().lastIndexOf('</body');
  const pixel = openPixel(urls.openUrl);
  return bodyEnd < 0 ? out + pixel : out.slice(0, bodyEnd) + pixel + out.slice(bodyEnd);
}
