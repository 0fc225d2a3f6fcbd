import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'children'> {
  label: string;
  /** Help shown under the field, tied to it by aria-describedby. */
  description?: string;
  /** The server's (or the page's) word on this field; makes the field invalid while set. */
  errorMessage?: string | null;
  placeholder?: string;
}

/** A labelled text input with its description and error, each announced with the field. */
export function TextField({ label, description, errorMessage, placeholder, className, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={props.isInvalid || Boolean(errorMessage)} className={`field${typeof className === 'string' ? ` ${className}` : ''}`}>
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={placeholder} />
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{errorMessage ?? undefined}</FieldError>
    </AriaTextField>
  );
}
