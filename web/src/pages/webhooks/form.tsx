import { type FormEvent, useState } from 'react';
import { Checkbox, Form } from 'react-aria-components';
import { errorOf } from '../../api.ts';
import { Button, ErrorMessage, fieldErrors, TextField } from '../../components/index.ts';
import { EventsField, type WebhookEvent } from './events.tsx';

export interface WebhookFields {
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
}

export interface WebhookFormProps {
  initial: WebhookFields;
  /** Edit shows "Enabled"; a new webhook starts enabled. */
  showEnabled: boolean;
  submitLabel: string;
  isPending: boolean;
  /** The mutation's failure: a validation_error's messages go under their fields. */
  error: unknown;
  onSubmit: (fields: WebhookFields) => void;
  onCancel: () => void;
}

/** A webhook's URL, its event types and (when editing) whether it is enabled. */
export function WebhookForm({ initial, showEnabled, submitLabel, isPending, error, onSubmit, onCancel }: WebhookFormProps) {
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<WebhookEvent[]>(initial.events);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [noEvents, setNoEvents] = useState(false);
  const e = errorOf(error);
  const errors = fieldErrors(e);
  const eventsError = noEvents ? 'Choose at least one event.' : (Object.entries(errors).find(([path]) => path.startsWith('events'))?.[1] ?? null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (events.length === 0) {
      setNoEvents(true);
      return;
    }
    onSubmit({ url: url.trim(), events, enabled });
  }
  return (
    <Form onSubmit={submit} className="form webhook-form" validationErrors={errors}>
      {e && e.name !== 'validation_error' && <ErrorMessage error={e} />}
      <TextField
        label="URL"
        name="url"
        type="url"
        description="An http or https address that answers 2xx to each event."
        value={url}
        onChange={setUrl}
        isRequired
        autoFocus
      />
      <EventsField
        value={events}
        onChange={(list) => {
          setEvents(list);
          setNoEvents(false);
        }}
        errorMessage={eventsError}
      />
      {showEnabled && (
        <Checkbox isSelected={enabled} onChange={setEnabled} className="checkbox">
          {({ isSelected }) => (
            <>
              <span className="checkbox-box" aria-hidden="true">
                {isSelected ? '✓' : ''}
              </span>
              <span>Enabled (off: no events are recorded for it)</span>
            </>
          )}
        </Checkbox>
      )}
      <div className="dialog-actions">
        <Button onPress={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" isPending={isPending}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
