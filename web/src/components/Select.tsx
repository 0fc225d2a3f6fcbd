import {
  Button,
  FieldError,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type SelectProps as AriaSelectProps,
  Text,
} from 'react-aria-components';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectProps
  extends Omit<AriaSelectProps<SelectOption>, 'children' | 'items' | 'selectedKey' | 'onSelectionChange' | 'value' | 'defaultValue' | 'onChange'> {
  label: string;
  options: readonly SelectOption[];
  value: string | null;
  onChange: (id: string) => void;
  description?: string;
  errorMessage?: string | null;
}

/** Choose one of a few options: a labelled button opening a list box (arrow keys, type-ahead, Escape). */
export function Select({ label, options, value, onChange, description, errorMessage, className, ...props }: SelectProps) {
  return (
    <AriaSelect
      {...props}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key))}
      isInvalid={props.isInvalid || Boolean(errorMessage)}
      className={`field${typeof className === 'string' ? ` ${className}` : ''}`}
    >
      <Label className="field-label">{label}</Label>
      <Button className="field-input select-button">
        <SelectValue />
        <span aria-hidden="true" className="select-arrow">
          ▾
        </span>
      </Button>
      {description && (
        <Text slot="description" className="field-description">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{errorMessage ?? undefined}</FieldError>
      <Popover className="popover">
        <ListBox className="listbox" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="listbox-item">
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
