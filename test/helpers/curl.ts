/**
 * The curl commands of a Markdown document's shell code blocks, read the way a
 * shell reads them (quotes, escapes, backslash-newline, variables), so that a
 * test can send each as the request it is.
 */
export interface CurlCommand {
  /** The command as written, for messages. */
  text: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const SHELL_FENCES = new Set(['sh', 'bash', 'shell', 'console']);

/** The shell code blocks of a Markdown text, in order. */
export function shellBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  for (const match of markdown.matchAll(/^```(\w*)[^\n]*\n([\s\S]*?)^```/gm)) {
    if (SHELL_FENCES.has(match[1]!)) blocks.push(match[2]!);
  }
  return blocks;
}

/**
 * A shell script's commands, each as its words: `variable` expands `$NAME` and
 * `${NAME}` outside single quotes (it throws for a name it does not know).
 * Comments and backslash-newlines are dropped, as a shell drops them; a pipe
 * or `&&` ends a command as a newline does.
 */
export function shellCommands(script: string, variable: (name: string) => string): { text: string; words: string[] }[] {
  const commands: { text: string; words: string[] }[] = [];
  let words: string[] = [];
  let word: string | null = null;
  let start = 0;
  const add = (text: string) => (word = (word ?? '') + text);
  const endWord = () => {
    if (word !== null) words.push(word);
    word = null;
  };
  const endCommand = (at: number) => {
    endWord();
    if (words.length > 0) commands.push({ text: script.slice(start, at).trim(), words });
    words = [];
    start = at + 1;
  };
  const expand = (from: number): [string, number] => {
    const braced = /^\{(\w+)\}/.exec(script.slice(from));
    const bare = /^\w+/.exec(script.slice(from));
    if (braced) return [variable(braced[1]!), from + braced[0].length];
    if (bare) return [variable(bare[0]), from + bare[0].length];
    return ['$', from];
  };
  let i = 0;
  while (i < script.length) {
    const c = script[i]!;
    if (c === '\\' && script[i + 1] === '\n') i += 2;
    else if (c === '\\') add(script[i + 1] ?? ''), (i += 2);
    else if (c === '\n' || c === ';' || c === '|' || c === '&') endCommand(i), i++;
    else if (c === ' ' || c === '\t') endWord(), i++;
    else if (c === '#' && word === null) {
      while (i < script.length && script[i] !== '\n') i++;
    } else if (c === "'") {
      const close = script.indexOf("'", i + 1);
      if (close < 0) throw new Error(`unclosed ' in: ${script.slice(start)}`);
      add(script.slice(i + 1, close));
      i = close + 1;
    } else if (c === '"') {
      add('');
      i++;
      while (script[i] !== '"') {
        if (i >= script.length) throw new Error(`unclosed " in: ${script.slice(start)}`);
        if (script[i] === '\\' && '"\\$`'.includes(script[i + 1]!)) add(script[i + 1]!), (i += 2);
        else if (script[i] === '$') {
          const [value, next] = expand(i + 1);
          add(value);
          i = next;
        } else add(script[i]!), i++;
      }
      i++;
    } else if (c === '$') {
      const [value, next] = expand(i + 1);
      add(value);
      i = next;
    } else add(c), i++;
  }
  endCommand(script.length);
  return commands;
}

/** The curl commands among a script's commands: method, URL, headers (-H) and body (-d, --data, --data-raw). */
export function curlCommands(script: string, variable: (name: string) => string): CurlCommand[] {
  return shellCommands(script, variable)
    .filter((c) => c.words[0] === 'curl')
    .map(({ text, words }) => {
      let method: string | undefined;
      let url: string | undefined;
      let body: string | undefined;
      const headers: Record<string, string> = {};
      for (let i = 1; i < words.length; i++) {
        const w = words[i]!;
        if (w === '-X' || w === '--request') method = words[++i];
        else if (w === '-H' || w === '--header') {
          const [name, ...value] = words[++i]!.split(':');
          headers[name!.trim().toLowerCase()] = value.join(':').trim();
        } else if (w === '-d' || w === '--data' || w === '--data-raw') body = words[++i];
        else if (/^-[sSfLiv]+$/.test(w) || w === '--silent' || w === '--fail') continue;
        else if (w.startsWith('-')) throw new Error(`curl option ${w} is not understood here: ${text}`);
        else url = w;
      }
      if (!url) throw new Error(`curl without a URL: ${text}`);
      return { text, method: method ?? (body !== undefined ? 'POST' : 'GET'), url, headers, body };
    });
}
