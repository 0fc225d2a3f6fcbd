/**
 * How long rendering what a request sent may take before it is refused. The
 * same thread serves everyone's sends, and some inputs make the renderers slow
 * (marked's emphasis parsing is quadratic in unmatched delimiters: 120 KB of
 * `_a` took 18 s). Ordinary content renders in milliseconds; a 5 MB body in
 * well under a second. The default of RENDER_TIME_LIMIT_SECONDS.
 */
export const RENDER_TIME_LIMIT_MS = 5_000;
