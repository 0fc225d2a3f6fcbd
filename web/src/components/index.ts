// The app's accessible building blocks, over React Aria Components: every page
// builds its forms, tables, dialogs and messages from these, so that keyboard use,
// labels, focus and announcements are right once for all.
export { Badge, type BadgeLook, type BadgeTone } from './Badge.tsx';
export { Button, type ButtonProps } from './Button.tsx';
export { CopyButton } from './CopyButton.tsx';
export { ConfirmDialog, Dialog, FormActions } from './Dialog.tsx';
export { DateTime } from './DateTime.tsx';
export { EmptyState } from './EmptyState.tsx';
export { ErrorMessage } from './ErrorMessage.tsx';
export { PageHeader, usePageTitle } from './PageHeader.tsx';
export { OneTimeSecret } from './OneTimeSecret.tsx';
export { type ListPage, PagedTable } from './PagedTable.tsx';
export { PagesOf, Pagination, useCursorPages, type CursorPages } from './Pagination.tsx';
export { Select, type SelectOption } from './Select.tsx';
export { Table, type TableColumn } from './Table.tsx';
export { TextField } from './TextField.tsx';
export { TextAreaField } from './TextAreaField.tsx';
export { fieldErrors } from './form-errors.ts';
export { PASSWORD_MIN, PasswordFields, type PasswordPair, usePasswordPair } from './PasswordFields.tsx';
