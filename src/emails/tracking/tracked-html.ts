// Open and click tracking in an HTML body: which links are tracked, and the body
// as it goes out, with those links pointing at Mailgate and an open pixel at the
// end. Pure functions: the stored body stays as the sender gave it, and a click
// finds its link again in that same body by the link's tag.
import { Parser } from 'htmlparser2';
import { linkTag } from './links.ts';

/** A link that is tracked: where its `href` value is in the source, and where it leads. */
export interface TrackableLink {
  /** The `href` attribute's value in the source, quotes included: [start, end). */
  start: number;
  end: number;
  /** The target, entities decoded and normalised (`new URL(...).href`). */
  url: string;
}

interface ReadBody {
  links: TrackableLink[];
  /** Where the last `</body>` tag starts; null when the body is not closed by one. */
  bodyEnd: number | null;
}

// One attribute of a start tag: its name, then an optional value. As in HTML,
// an unquoted value runs to whitespace or the end of the tag.
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;

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

/** Where the first `href` value of the start tag at source[tagStart..tagEnd) is. */
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

/** One pass of a real HTML parser: comments, scripts and attribute values that merely look like tags do not count. */
function readBody(html: string): ReadBody {
  const found: ReadBody = { links: [], bodyEnd: null };
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'a' || attributes.href === undefined) return;
        const url = trackableUrl(attributes.href);
        if (url === null) return;
        const value = hrefValueAt(html, parser.startIndex, parser.endIndex + 1);
        if (value) found.links.push({ ...value, url });
      },
      onclosetag(name, isImplied) {
        if (name === 'body' && !isImplied) found.bodyEnd = parser.startIndex;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
  return found;
}

/** The body's tracked links in document order: every `<a href>` that leads to an http or https URL. */
export function trackableLinks(html: string): TrackableLink[] {
  return readBody(html).links;
}

/** The target of the body's link with this tag (see `linkTag`), or null. */
export function linkByTag(html: string, tag: string): string | null {
  return trackableLinks(html).find((link) => linkTag(link.url) === tag)?.url ?? null;
}

/** The 1×1 image whose loading records an open. */
function openPixel(openUrl: string): string {
  return `<img src="${openUrl}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
}

/**
 * The body as it goes out when tracked: with `clickUrl`, each tracked link
 * points at `clickUrl(its target)` (except those `keep` names: an unsubscribe
 * link stays as it is); with `openUrl`, the open pixel comes just before the
 * closing `</body>` (or at the end). The URLs must need no escaping in an
 * attribute (Mailgate's own are plain).
 */
export function withTracking(
  html: string,
  urls: { openUrl: string | null; clickUrl: ((url: string) => string) | null; keep?: (url: string) => boolean },
): string {
  const { links, bodyEnd } = readBody(html);
  const pixelAt = bodyEnd ?? html.length;
  let out = '';
  let at = 0;
  let placed = urls.openUrl === null;
  // Copy the source up to `end`, placing the pixel on the way if it is due there.
  const copyTo = (end: number) => {
    if (!placed && at <= pixelAt && pixelAt <= end) {
      out += html.slice(at, pixelAt) + openPixel(urls.openUrl!);
      at = pixelAt;
      placed = true;
    }
    out += html.slice(at, end);
    at = end;
  };
  if (urls.clickUrl) {
    for (const link of links) {
      if (urls.keep?.(link.url)) continue;
      copyTo(link.start);
      out += `"${urls.clickUrl(link.url)}"`;
      at = link.end;
    }
  }
  copyTo(html.length);
  return out;
}
