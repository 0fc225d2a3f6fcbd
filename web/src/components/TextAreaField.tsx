import { FieldError, Label, Text, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';

export interface TextAreaFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  /** Help shown under the field, tied to it by aria-describedby. */
  description?: string;
  /** The server's (or the page's) word on this field; makes the field invalid while set. */
  errorMessage?: string | null;
  /** Visible lines. */
  rows?: number;
}

/** A labelled multi-line text input (a message body, Markdown, HTML) with its description and error. */
export function TextAreaField({ label, description, errorMessage, rows = 6, className, ...props }: TextAreaFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid || Boolean(errorMessage)} className={`field${typeof className === 'string' ? ` ${className}` : ''}`}>
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input field-textarea" rows={rows} />
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{errorMessage ?? undefined}</FieldError>
    </AriaTextField>
  );
}
