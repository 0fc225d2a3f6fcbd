import { type FormEvent, useRef, useState } from 'react';
import { Form } from 'react-aria-components';
import { errorOf } from '../../api.ts';
import { Button, ErrorMessage, fieldErrors, Select, TextAreaField, TextField } from '../../components/index.ts';
import type { Step, Trigger, Workflow } from './describe.ts';

/** What create_workflow and update_workflow take from the form. */
export interface WorkflowFields {
  name: string;
  trigger: Trigger;
  steps: Step[];
}

type StepType = 'send_email' | 'wait' | 'add_tag' | 'remove_tag';
type Unit = 'minutes' | 'hours' | 'days';
type Format = 'markdown' | 'html';

/** One step as the form holds it: every kind's fields, the ones of its own type used. */
interface StepDraft {
  key: number;
  type: StepType;
  from: string;
  subject: string;
  replyTo: string;
  format: Format;
  content: string;
  /** A send step's other fields (text, tags, headers, a tiptap document…), kept as they were. */
  rest: Record<string, unknown>;
  tag: string;
  amount: string;
  unit: Unit;
}

const STEP_LABELS: Record<StepType, string> = {
  send_email: 'Send an email',
  wait: 'Wait',
  add_tag: 'Add a tag',
  remove_tag: 'Remove a tag',
};
const UNIT_SECONDS: Record<Unit, number> = { minutes: 60, hours: 3_600, days: 86_400 };
const UNIT_OPTIONS = [
  { id: 'minutes', label: 'minutes' },
  { id: 'hours', label: 'hours' },
  { id: 'days', label: 'days' },
];
const TRIGGER_OPTIONS = [
  { id: 'subscriber_created', label: 'A subscriber is created' },
  { id: 'tag_added', label: 'A tag is added to a subscriber' },
  { id: 'event', label: 'An event is recorded (track_event)' },
];
const FORMAT_OPTIONS = [
  { id: 'markdown', label: 'Markdown' },
  { id: 'html', label: 'HTML' },
];

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function draftOf(step: Step, key: number): StepDraft {
  const draft: StepDraft = {
    key,
    type: 'wait',
    from: '',
    subject: '',
    replyTo: '',
    format: 'markdown',
    content: '',
    rest: {},
    tag: '',
    amount: '1',
    unit: 'days',
  };
  if (step.type === 'send_email') {
    const { type: _type, from, subject, reply_to, markdown, html, ...rest } = step;
    const format: Format = typeof html === 'string' ? 'html' : 'markdown';
    return {
      ...draft,
      type: 'send_email',
      from: str(from),
      subject: str(subject),
      replyTo: str(reply_to),
      format,
      content: str(format === 'html' ? html : markdown),
      rest,
    };
  }
  if (step.type === 'wait') {
    const seconds = Number(step.seconds);
    const unit = (['days', 'hours', 'minutes'] as const).find((u) => seconds % UNIT_SECONDS[u] === 0) ?? 'minutes';
    return { ...draft, type: 'wait', unit, amount: String(seconds / UNIT_SECONDS[unit]) };
  }
  return { ...draft, type: step.type as StepType, tag: str(step.tag) };
}

function stepOf(draft: StepDraft): Step {
  switch (draft.type) {
    case 'send_email': {
      const step: Step = { type: 'send_email', ...draft.rest, from: draft.from.trim(), subject: draft.subject };
      if (draft.replyTo.trim()) step.reply_to = draft.replyTo.trim();
      // A tiptap document kept from before stays the content until Markdown or HTML is written.
      if (draft.content.trim() || !('tiptap' in draft.rest)) step[draft.format] = draft.content;
      if (draft.content.trim()) delete step.tiptap;
      return step;
    }
    case 'wait':
      // Not a number goes as null: the API says what is wrong, under the field.
      return { type: 'wait', seconds: draft.amount.trim() === '' ? Number.NaN : Number(draft.amount) * UNIT_SECONDS[draft.unit] };
    default:
      return { type: draft.type, tag: draft.tag.trim() };
  }
}

export interface WorkflowFormProps {
  initial: Pick<Workflow, 'name' | 'trigger' | 'steps'> | null;
  submitLabel: string;
  isPending: boolean;
  /** The mutation's failure: a validation_error's messages go under their fields. */
  error: unknown;
  onSubmit: (fields: WorkflowFields) => void;
  onCancel: () => void;
}

/**
 * A workflow's name, trigger (its kind and that kind's field) and steps, each
 * with its kind's fields: added, removed and moved. The API checks it all; what
 * it refuses is shown at the field it names (steps.2.subject under step 3's subject).
 */
export function WorkflowForm({ initial, submitLabel, isPending, error, onSubmit, onCancel }: WorkflowFormProps) {
  const nextKey = useRef(0);
  const newKey = () => nextKey.current++;
  const [name, setName] = useState(initial?.name ?? '');
  const [triggerType, setTriggerType] = useState<Trigger['type']>(initial?.trigger.type ?? 'subscriber_created');
  const [eventName, setEventName] = useState(initial?.trigger.type === 'event' ? initial.trigger.name : '');
  const [triggerTag, setTriggerTag] = useState(initial?.trigger.type === 'tag_added' ? initial.trigger.tag : '');
  const [steps, setSteps] = useState<StepDraft[]>(() => (initial?.steps ?? []).map((s) => draftOf(s as Step, newKey())));

  const e = errorOf(error);
  const errors = fieldErrors(e);
  const shown = new Set<string>();
  const at = (path: string): string | null => {
    if (!(path in errors)) return null;
    shown.add(path);
    return errors[path]!;
  };

  const change = (key: number, patch: Partial<StepDraft>) => setSteps((list) => list.map((s) => (s.key === key ? { ...s, ...patch } : s)));
  const move = (index: number, by: -1 | 1) =>
    setSteps((list) => {
      const copy = [...list];
      const [step] = copy.splice(index, 1);
      copy.splice(index + by, 0, step!);
      return copy;
    });
  const add = (type: StepType) => setSteps((list) => [...list, { ...draftOf({ type: 'wait', seconds: 86_400 }, newKey()), type }]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trigger: Trigger =
      triggerType === 'event'
        ? { type: 'event', name: eventName }
        : triggerType === 'tag_added'
          ? { type: 'tag_added', tag: triggerTag.trim() }
          : { type: 'subscriber_created' };
    onSubmit({ name, trigger, steps: steps.map(stepOf) });
  }

  const triggerErrors: TriggerErrors = {
    type: at('trigger.type') ?? at('trigger'),
    name: triggerType === 'event' ? at('trigger.name') : null,
    tag: triggerType === 'tag_added' ? at('trigger.tag') : null,
  };
  const stepErrors = steps.map((step, i) => stepErrorsOf(step, `steps.${i}`, at));

  const fields = (
    <>
      <TextField label="Name" name="name" value={name} onChange={setName} isRequired errorMessage={at('name')} autoFocus />
      <TriggerFields
        type={triggerType}
        onType={setTriggerType}
        eventName={eventName}
        onEventName={setEventName}
        tag={triggerTag}
        onTag={setTriggerTag}
        errors={triggerErrors}
      />
      <fieldset className="workflow-fieldset">
        <legend>Steps</legend>
        <p className="field-description">Run in order for the subscriber the workflow started for.</p>
        {at('steps') && (
          <p className="field-error" role="alert">
            {errors.steps}
          </p>
        )}
        <ol className="workflow-steps">
          {steps.map((step, i) => (
            <li key={step.key}>
              <StepFieldset
                step={step}
                index={i}
                count={steps.length}
                errors={stepErrors[i]!}
                onChange={(patch) => change(step.key, patch)}
                onMove={(by) => move(i, by)}
                onRemove={() => setSteps((list) => list.filter((s) => s.key !== step.key))}
              />
            </li>
          ))}
        </ol>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form of its own */}
        <div className="workflow-add" role="group" aria-label="Add a step">
          {(Object.keys(STEP_LABELS) as StepType[]).map((type) => (
            <Button key={type} onPress={() => add(type)}>
              + {STEP_LABELS[type]}
            </Button>
          ))}
        </div>
      </fieldset>
    </>
  );
  // What the API refused that no field above shows (a field this form does not have).
  const elsewhere = Object.entries(errors).filter(([path]) => !shown.has(path));
  return (
    <Form onSubmit={submit} className="form workflow-form" validationErrors={errors}>
      {e && e.name !== 'validation_error' && <ErrorMessage error={e} title="The workflow could not be saved." />}
      {e?.name === 'validation_error' && (
        <div role="alert" className="error-message">
          <p className="error-title">The workflow could not be saved: {shown.size + elsewhere.length === 1 ? 'a field needs' : 'some fields need'} changing.</p>
          {elsewhere.length > 0 && (
            <ul>
              {elsewhere.map(([path, message]) => (
                <li key={path}>
                  <code>{path}</code> {message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {fields}
      <div className="form-actions">
        <Button type="submit" variant="primary" isPending={isPending}>
          {submitLabel}
        </Button>
        <Button onPress={onCancel}>Cancel</Button>
      </div>
    </Form>
  );
}

/** What the API said of the trigger's fields (null: nothing). */
interface TriggerErrors {
  type: string | null;
  name: string | null;
  tag: string | null;
}

/** The trigger: its kind, and that kind's field (the event's name, the tag). */
function TriggerFields({
  type,
  onType,
  eventName,
  onEventName,
  tag,
  onTag,
  errors,
}: {
  type: Trigger['type'];
  onType: (type: Trigger['type']) => void;
  eventName: string;
  onEventName: (name: string) => void;
  tag: string;
  onTag: (tag: string) => void;
  errors: TriggerErrors;
}) {
  return (
    <fieldset className="workflow-fieldset">
      <legend>Trigger</legend>
      <Select label="Starts when" options={TRIGGER_OPTIONS} value={type} onChange={(id) => onType(id as Trigger['type'])} errorMessage={errors.type} />
      {type === 'event' && (
        <TextField
          label="Event name"
          description="As your application records it with track_event (purchased, trial_ended…)."
          value={eventName}
          onChange={onEventName}
          errorMessage={errors.name}
        />
      )}
      {type === 'tag_added' && <TextField label="Tag" value={tag} onChange={onTag} errorMessage={errors.tag} />}
    </fieldset>
  );
}

/** What the API said of one step's fields (null: nothing). */
interface StepErrors {
  type: string | null;
  from: string | null;
  subject: string | null;
  replyTo: string | null;
  content: string | null;
  seconds: string | null;
  tag: string | null;
}

/**
 * The API's messages for the fields a step of this kind shows, read through `at`
 * (which notes each path as shown, so that the form lists the others above).
 */
function stepErrorsOf(step: StepDraft, path: string, at: (path: string) => string | null): StepErrors {
  const send = step.type === 'send_email';
  const tags = step.type === 'add_tag' || step.type === 'remove_tag';
  return {
    type: at(`${path}.type`),
    from: send ? at(`${path}.from`) : null,
    subject: send ? at(`${path}.subject`) : null,
    replyTo: send ? at(`${path}.reply_to`) : null,
    content: send ? (at(`${path}.${step.format}`) ?? at(`${path}.text`) ?? at(path)) : null,
    seconds: step.type === 'wait' ? at(`${path}.seconds`) : null,
    tag: tags ? at(`${path}.tag`) : null,
  };
}

/** One step: its kind's fields, and Up, Down and Remove. */
function StepFieldset({
  step,
  index,
  count,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  count: number;
  errors: StepErrors;
  onChange: (patch: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <fieldset className="workflow-step">
      <legend>{`Step ${n}: ${STEP_LABELS[step.type]}`}</legend>
      {errors.type && <p className="field-error">{errors.type}</p>}
      {step.type === 'send_email' && (
        <>
          <TextField
            label="From"
            description="An address at one of your verified domains, with a name if you like: Acme <hello@acme.example>."
            value={step.from}
            onChange={(from) => onChange({ from })}
            errorMessage={errors.from}
          />
          <TextField
            label="Subject"
            description='Placeholders are filled from the subscriber: {{first_name | "there"}}, {{email}}, {{attributes.KEY}}.'
            value={step.subject}
            onChange={(subject) => onChange({ subject })}
            errorMessage={errors.subject}
          />
          <TextField label="Reply to (optional)" value={step.replyTo} onChange={(replyTo) => onChange({ replyTo })} errorMessage={errors.replyTo} />
          <Select label="Written in" options={FORMAT_OPTIONS} value={step.format} onChange={(format) => onChange({ format: format as Format })} />
          <TextAreaField
            label="Content"
            description={
              'tiptap' in step.rest && !step.content.trim()
                ? 'This step holds a rich-text document; it is kept unless you write Markdown or HTML here.'
                : undefined
            }
            value={step.content}
            onChange={(content) => onChange({ content })}
            errorMessage={errors.content}
          />
        </>
      )}
      {step.type === 'wait' && (
        <div className="workflow-wait">
          <TextField label="Wait for" inputMode="numeric" value={step.amount} onChange={(amount) => onChange({ amount })} errorMessage={errors.seconds} />
          <Select label="Unit" options={UNIT_OPTIONS} value={step.unit} onChange={(unit) => onChange({ unit: unit as Unit })} />
        </div>
      )}
      {(step.type === 'add_tag' || step.type === 'remove_tag') && (
        <TextField label="Tag" value={step.tag} onChange={(tag) => onChange({ tag })} errorMessage={errors.tag} />
      )}
      <div className="workflow-step-actions">
        <Button variant="quiet" aria-label={`Move step ${n} up`} isDisabled={index === 0} onPress={() => onMove(-1)}>
          ↑ Up
        </Button>
        <Button variant="quiet" aria-label={`Move step ${n} down`} isDisabled={index === count - 1} onPress={() => onMove(1)}>
          ↓ Down
        </Button>
        <Button variant="quiet" aria-label={`Remove step ${n}`} onPress={onRemove}>
          Remove
        </Button>
      </div>
    </fieldset>
  );
}
