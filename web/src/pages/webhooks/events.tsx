import type { BodyOf } from '@mailgate/sdk';
import { Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';

export type WebhookEvent = BodyOf<'create_webhook'>['events'][number];

/** Every event type a webhook may receive, with what it means: a Record, so that a type the API adds does not compile until it is named here. */
const EVENTS: Record<WebhookEvent, string> = {
  'email.sent': 'handed to the receiving server',
  'email.delivered': 'accepted by the receiving server',
  'email.delivery_delayed': 'delayed, tried again later',
  'email.bounced': 'bounced',
  'email.complained': 'reported as spam',
  'email.failed': 'could not be sent',
  'email.opened': 'opened',
  'email.clicked': 'a link clicked',
  'email.received': 'mail received at a domain',
  'subscriber.created': 'a subscriber added',
  'subscriber.updated': 'a subscriber changed',
  'subscriber.unsubscribed': 'a subscriber unsubscribed',
  'campaign.sent': 'a campaign sent',
  'suppression.added': 'an address suppressed',
  'suppression.removed': 'a suppression removed',
};
export const EVENT_TYPES = Object.keys(EVENTS) as WebhookEvent[];

/** The event types to receive: a group of checkboxes (a fieldset for a screen reader), one required. */
export function EventsField({
  value,
  onChange,
  errorMessage,
}: {
  value: WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  errorMessage?: string | null;
}) {
  return (
    <CheckboxGroup
      value={value}
      onChange={(events) => onChange(events as WebhookEvent[])}
      isInvalid={Boolean(errorMessage)}
      className="checkbox-group field"
      name="events"
    >
      <Label className="field-label">Events</Label>
      <Text slot="description" className="field-description">
        At least one. Each is POSTed to the URL as it happens, signed.
      </Text>
      <div className="checkbox-list">
        {EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} className="checkbox">
            {({ isSelected }) => (
              <>
                <span className="checkbox-box" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
                <span>
                  <code>{type}</code> <span className="field-description">{EVENTS[type]}</span>
                </span>
              </>
            )}
          </Checkbox>
        ))}
      </div>
      <FieldError className="field-error">{errorMessage ?? undefined}</FieldError>
    </CheckboxGroup>
  );
}
