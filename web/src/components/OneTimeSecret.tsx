import { CopyButton } from './CopyButton.tsx';

export interface OneTimeSecretProps {
  /** The secret, as the API gave it this once. */
  value: string;
  /** What it is, for the copy button's name and the warning ("token", "signing secret"). */
  label: string;
  /** The sentence that says it will not be shown again (or where to find it again). */
  warning: string;
}

/** A secret shown once: a warning said first, the value selectable as text, and a copy button. */
export function OneTimeSecret({ value, label, warning }: OneTimeSecretProps) {
  return (
    <div className="one-time-secret">
      <p className="secret-warning">{warning}</p>
      <div className="secret-row">
        <code className="secret-value">{value}</code>
        <CopyButton value={value} label={`Copy ${label}`} />
      </div>
    </div>
  );
}
