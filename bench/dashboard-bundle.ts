// What the dashboard's pages cost to download: the JavaScript a page needs
// before it runs (its chunk and its static imports, transitively), gzipped, from
// the build's manifest (web/dist/.vite/manifest.json, written by Vite).
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The files of a chunk and of everything it imports statically, transitively. */
function loadedWith(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dependency of chunk.imports ?? []) loadedWith(manifest, dependency, seen);
  return seen;
}

export interface PageWeight {
  label: string;
  files: number;
  /** Bytes as served, and gzipped (level 9 would be smaller; the default level, as a server's on-the-fly gzip). */
  raw: number;
  gzipped: number;
}

/** A build's pages weighed: what a first visit loads, and each page's own part beyond it. */
export interface Weights {
  /** The entry (index.html's script) and its static imports. */
  entry: PageWeight;
  /** The entry with the sign-in page: what a first visit loads before it can sign in. */
  firstPage: PageWeight;
  /** Each page's own files (its chunk and static imports the entry does not load). */
  pages: PageWeight[];
  /** Each page's lazy parts (its dynamic imports, with their static imports the page does not already load). */
  lazy: PageWeight[];
}

/** Weigh the built app in `distDir` (web/dist); `pages` are manifest keys such as src/pages/overview.tsx. */
export function weighPages(distDir: string, pages: readonly string[]): Weights {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error(`no entry in ${distDir}/.vite/manifest.json`);
  const sizes = new Map<string, { raw: number; gzipped: number }>();
  const weigh = (label: string, files: Iterable<string>): PageWeight => {
    let raw = 0;
    let gzipped = 0;
    let count = 0;
    for (const file of files) {
      let size = sizes.get(file);
      if (!size) {
        const bytes = fs.readFileSync(path.join(distDir, file));
        size = { raw: bytes.length, gzipped: gzipSync(bytes).length };
        sizes.set(file, size);
      }
      raw += size.raw;
      gzipped += size.gzipped;
      count++;
    }
    return { label, files: count, raw, gzipped };
  };
  const entryFiles = loadedWith(manifest, entryKey);
  const beyond = (files: Set<string>, loaded: Set<string>) => [...files].filter((f) => !loaded.has(f));
  const lazy: PageWeight[] = [];
  const pageWeights = pages.map((key) => {
    if (!manifest[key]) return { label: key, files: 0, raw: 0, gzipped: 0 };
    const pageFiles = loadedWith(manifest, key, new Set(entryFiles));
    for (const dynamic of manifest[key]!.dynamicImports ?? []) {
      lazy.push(weigh(`${key} → ${dynamic}`, beyond(loadedWith(manifest, dynamic, new Set(pageFiles)), pageFiles)));
    }
    return weigh(key, beyond(pageFiles, entryFiles));
  });
  return {
    entry: weigh(`${entryKey} (entry)`, entryFiles),
    firstPage: weigh(`${entryKey} + src/pages/sign-in.tsx`, loadedWith(manifest, 'src/pages/sign-in.tsx', new Set(entryFiles))),
    pages: pageWeights,
    lazy,
  };
}

export function describeWeight(w: PageWeight): string {
  return `${w.label.padEnd(44)} ${(w.gzipped / 1000).toFixed(1).padStart(6)} KB gzipped  (${(w.raw / 1000).toFixed(1)} KB, ${w.files} file${w.files === 1 ? '' : 's'})`;
}
