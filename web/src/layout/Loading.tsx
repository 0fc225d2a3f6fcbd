/** While a page or the session loads: said to a screen reader, shown after a moment to the eye (CSS delays it). */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="loading" role="status">
      {label}
    </div>
  );
}
