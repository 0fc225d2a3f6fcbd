// libmime (mailparser's own MIME word codec) ships no types: the two functions the inbound reader uses.
declare module 'libmime' {
  const libmime: {
    /** Decode the RFC 2047 encoded words of a header value (`=?ISO-8859-1?Q?caf=E9?=`) to text. */
    decodeWords(value: string): string;
    /** Fold a header line at whitespace into lines of about `lineLength` characters (CRLF, then the whitespace). */
    foldLines(line: string, lineLength?: number, afterSpace?: boolean): string;
  };
  export default libmime;
}
