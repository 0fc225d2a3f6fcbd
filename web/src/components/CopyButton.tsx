import { useEffect, useState } from 'react';
import { Button } from './Button.tsx';

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  value: string;
  /** What is copied, for the button's accessible name ("Copy token"). */
  label?: string;
}

/** Copies a value (a secret, an id) and says so in a live region, for a screen reader as for the eye. */
export function CopyButton({ value, label = 'Copy' }: CopyButtonProps) {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (status === 'idle') return;
    const timer = setTimeout(() => setStatus('idle'), 2000);
    return () => clearTimeout(timer);
  }, [status]);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setStatus('copied');
    } catch {
      // Clipboard access refused (an insecure origin, a denied permission): the value stays selectable.
      setStatus('failed');
    }
  }
  return (
    <span className="copy">
      <Button variant="quiet" onPress={copy} aria-label={label}>
        {status === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className="visually-hidden">
        {status === 'copied' ? 'Copied to the clipboard' : status === 'failed' ? 'Could not copy: select the text and copy it' : ''}
      </span>
    </span>
  );
}
