import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Checkbox, FileTrigger, Form, Label, ProgressBar } from 'react-aria-components';
import { errorOf, mailgate, unwrap } from '../../api.ts';
import { Button, Dialog, EmptyState, ErrorMessage, fieldErrors, FormActions, Select, Table, type TableColumn, TextField } from '../../components/index.ts';
import { base64Of, ENCODINGS, type Encoding, guessTargets, mappingOf, readHeader, type Target, TARGETS } from './csv-header.ts';
import { formatNumber } from '../../intl.ts';

type SubscriberImport = Awaited<ReturnType<typeof getImport>>;
type ImportError = SubscriberImport['errors'][number] & { id: string };

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

const getImport = (id: string) => unwrap(mailgate.subscribers.imports.get(id));
const isRunning = (i: SubscriberImport | undefined) => i === undefined || i.status === 'queued' || i.status === 'running';

interface Chosen {
  file: File;
  headers: string[];
}

/**
 * "Import CSV": a file chosen, its header row read here to offer each column's
 * place (email, names, status, tags, an attribute, or skipped), a tag for every
 * row and the file's encoding; then the import runs on the server while a
 * progress bar follows it, and ends with its counts and the rows it refused.
 */
export function ImportSubscribers() {
  const [open, setOpen] = useState(false);
  const [importId, setImportId] = useState<string | null>(null);
  // A new dialog each time it opens: nothing of the last file stays.
  const [round, setRound] = useState(0);
  return (
    <Dialog
      title={importId ? 'Importing subscribers' : 'Import subscribers'}
      isOpen={open}
      onOpenChange={(isOpen) => {
        setOpen(isOpen);
        if (!isOpen) {
          setImportId(null);
          setRound((r) => r + 1);
        }
      }}
      trigger={<Button variant="primary">Import CSV</Button>}
    >
      {(close) =>
        importId ? <ImportProgress id={importId} onClose={close} /> : <ImportForm key={round} onStarted={(id) => setImportId(id)} onCancel={close} />
      }
    </Dialog>
  );
}

function ImportForm({ onStarted, onCancel }: { onStarted: (id: string) => void; onCancel: () => void }) {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [targets, setTargets] = useState<Target[]>([]);
  const [encoding, setEncoding] = useState<Encoding>('utf-8');
  const [tag, setTag] = useState('');
  const [updateExisting, setUpdateExisting] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  async function choose(file: File, as: Encoding) {
    setProblem(null);
    try {
      const headers = await readHeader(file, as);
      setChosen({ file, headers });
      setTargets(guessTargets(headers));
    } catch (error) {
      setChosen(null);
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const start = useMutation({
    mutationFn: async () => {
      if (!chosen) throw new Error('Choose a CSV file first.');
      const columns = mappingOf(chosen.headers, targets);
      if (typeof columns === 'string') throw new Error(columns);
      const content = await base64Of(chosen.file);
      return unwrap(
        mailgate.subscribers.import({
          content,
          columns,
          encoding,
          update_existing: updateExisting,
          ...(tag.trim() ? { tags: [tag.trim()] } : {}),
        }),
      );
    },
    onSuccess: (started) => onStarted(started.id),
  });
  const e = errorOf(start.error);
  // A problem with the tag shows at its field; the others (the file, the mapping) above the buttons.
  const errors = Object.fromEntries(Object.entries(fieldErrors(e)).map(([path, message]) => [path.startsWith('tags') ? 'tag' : path, message]));
  const problems = Object.entries(fieldErrors(e)).filter(([path]) => !path.startsWith('tags'));

  function submit(event: FormEvent) {
    event.preventDefault();
    start.mutate();
  }
  return (
    <Form onSubmit={submit} className="form import-form" validationErrors={errors}>
      <div className="field">
        <span className="field-label" id="import-file-label">
          CSV file
        </span>
        <FileTrigger acceptedFileTypes={['text/csv', '.csv', 'text/plain']} onSelect={(files) => files?.[0] && void choose(files[0], encoding)}>
          <Button aria-describedby="import-file-label import-file-name">{chosen ? 'Choose another file' : 'Choose a CSV file'}</Button>
        </FileTrigger>
        <p id="import-file-name" className="field-description">
          {chosen ? `${chosen.file.name}, ${chosen.headers.length} columns` : 'The first row names the columns. Up to 100 000 rows.'}
        </p>
      </div>
      <Select
        label="Encoding"
        options={ENCODINGS}
        value={encoding}
        description="How the file's text is written; most spreadsheets save UTF-8."
        onChange={(id) => {
          setEncoding(id as Encoding);
          if (chosen) void choose(chosen.file, id as Encoding);
        }}
      />
      {problem && <p className="field-error">{problem}</p>}
      {chosen && (
        <fieldset className="import-fieldset">
          <legend>Where each column goes</legend>
          <div className="import-mapping">
            {chosen.headers.map((header, i) => (
              <Select
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns of one file, in their order; two may share a header
                key={i}
                label={header.trim() || `Column ${i + 1}`}
                options={TARGETS}
                value={targets[i] ?? 'skip'}
                onChange={(id) => setTargets((list) => list.map((t, j) => (j === i ? (id as Target) : t)))}
              />
            ))}
          </div>
        </fieldset>
      )}
      <TextField label="Tag every row" name="tag" value={tag} onChange={setTag} description="Optional: a tag added to every subscriber in the file." />
      <Checkbox isSelected={updateExisting} onChange={setUpdateExisting} className="checkbox">
        {({ isSelected }) => (
          <>
            <span className="checkbox-box" aria-hidden="true">
              {isSelected ? '✓' : ''}
            </span>
            <span>Update subscribers who are already in the audience (off: leave them as they are)</span>
          </>
        )}
      </Checkbox>
      {e && (e.name !== 'validation_error' || problems.length > 0) && (
        <ErrorMessage error={e} title="The import could not start.">
          {problems.length > 0 && (
            <ul>
              {problems.map(([path, message]) => (
                <li key={path}>
                  {path === 'content' ? 'The file' : path} {message}
                </li>
              ))}
            </ul>
          )}
        </ErrorMessage>
      )}
      <FormActions onCancel={onCancel} submit="Import" isPending={start.isPending} />
    </Form>
  );
}

/** The import as it runs (polled every half second until it ends), then its counts and the rows it refused. */
function ImportProgress({ id, onClose }: { id: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: ['subscribers', 'imports', id],
    queryFn: async () => {
      const answer = await getImport(id);
      if (!isRunning(answer)) {
        void queryClient.invalidateQueries({ queryKey: ['subscribers', 'list'] });
        void queryClient.invalidateQueries({ queryKey: ['tags'] });
      }
      return answer;
    },
    refetchInterval: (query) => (isRunning(query.state.data) ? POLL_MS : false),
    staleTime: 0,
  });
  const i = progress.data;
  return (
    <div className="dialog-body import-progress">
      <ErrorMessage error={progress.error} title="The import's progress could not be read." />
      {i && (
        <>
          <ProgressBar
            className="progress-bar"
            value={i.processed_rows}
            minValue={0}
            maxValue={i.total_rows ?? 1}
            isIndeterminate={i.total_rows === null}
            valueLabel={i.total_rows === null ? 'Reading the file…' : `${formatNumber(i.processed_rows)} of ${formatNumber(i.total_rows)} rows`}
          >
            {({ percentage, valueText }) => (
              <>
                <Label className="field-label">{isRunning(i) ? 'Importing' : i.status === 'completed' ? 'Imported' : 'Stopped'}</Label>
                <span className="progress-value">{valueText}</span>
                <div className="progress-track">
                  <div className="progress-fill" style={{ width: `${i.total_rows === null ? 0 : (percentage ?? 0)}%` }} />
                </div>
              </>
            )}
          </ProgressBar>
          {!isRunning(i) && <ImportReport report={i} />}
        </>
      )}
      <div className="dialog-actions">
        <Button variant={progress.data && !isRunning(progress.data) ? 'primary' : 'secondary'} onPress={onClose}>
          {progress.data && !isRunning(progress.data) ? 'Done' : 'Close (the import goes on)'}
        </Button>
      </div>
    </div>
  );
}

function ImportReport({ report }: { report: SubscriberImport }) {
  const rows: ImportError[] = report.errors.map((error) => ({ ...error, id: `${error.row}:${error.email ?? ''}:${error.message}` }));
  const columns: TableColumn<ImportError>[] = [
    { id: 'row', title: 'Row', isRowHeader: true, cell: (error) => formatNumber(error.row) },
    { id: 'email', title: 'Email', cell: (error) => error.email ?? '—' },
    { id: 'message', title: 'Problem', cell: (error) => error.message },
  ];
  return (
    <div role="status" className="import-report">
      <p>{report.status === 'completed' ? 'The import is complete.' : 'The import failed.'}</p>
      <dl className="import-counts">
        <dt>Created</dt>
        <dd>{formatNumber(report.created)}</dd>
        <dt>Updated</dt>
        <dd>{formatNumber(report.updated)}</dd>
        <dt>Skipped</dt>
        <dd>{formatNumber(report.skipped)}</dd>
        <dt>Refused</dt>
        <dd>{formatNumber(report.failed)}</dd>
      </dl>
      {report.error_count > 0 && (
        <>
          <h3>Rows not imported</h3>
          {report.error_count > rows.length && (
            <p>
              The first {formatNumber(rows.length)} of {formatNumber(report.error_count)} problems. Row 1 is the first row after the header.
            </p>
          )}
          <Table label="Rows not imported" columns={columns} rows={rows} empty={<EmptyState level={3} title="No row refused" />} />
        </>
      )}
    </div>
  );
}
