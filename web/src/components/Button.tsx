import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export interface ButtonProps extends AriaButtonProps {
  /** primary: the page's main action; danger: one that removes or ends something; quiet: a minor one. */
  variant?: 'primary' | 'secondary' | 'danger' | 'quiet';
}

/** A button (React Aria: keyboard, press and focus-visible handled alike on every input). isPending shows a busy state and keeps focus. */
export function Button({ variant = 'secondary', className, ...props }: ButtonProps) {
  return <AriaButton {...props} className={`button button-${variant}${typeof className === 'string' ? ` ${className}` : ''}`} />;
}
