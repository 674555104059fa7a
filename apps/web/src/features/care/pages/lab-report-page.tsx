import { staffCan } from '@portal/domain/care/staff-roles';
import {
  CARE_LAB_FILE_MAX_BYTES,
  type CareLabFileKind,
  type CareLabMarker,
  type CareLabReport,
  CareLabResultsBody,
  type CareLabTextBody,
} from '@portal/domain/contracts/care-labs';
import { UNIT_LABELS } from '@portal/domain/labs/biomarkers';
import { rangeCategory, rangeLabel } from '@portal/domain/labs/ranges';
import { useQuery } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  careLabReportQueryOptions,
  fetchLabFile,
  useAdvanceLabReport,
  useImportLabResults,
  usePublishLabReport,
  useSaveLabResults,
  useSaveLabText,
  useUploadLabFile,
} from '../../../api/care/labs';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { useSessionUser } from '../../../lib/session';
import { Badge } from '../components/badge';
import { LAB_STATUS_LABELS, LABS_PATH } from '../lib/lab-labels';
import { formatDateTime, personName, type Tone } from '../lib/labels';
import { chartPath } from '../lib/paths';
import '../care.css';
import '../labs.css';

const RANGE_TONES: Record<string, Tone> = { optimal: 'success', borderline: 'warning', 'high-low': 'danger' };

const unitLabel = (unit: string) => (UNIT_LABELS as Record<string, string>)[unit] ?? unit;

/**
 * A lab report in the workspace (issue 14 §8): move it on, attach the laboratory's PDFs, enter or import the
 * results (the server converts and classifies them), write the clinical team's message and publish it.
 */
export default function LabReportPage() {
  const { reportId = '' } = useParams();
  const report = useQuery(careLabReportQueryOptions(reportId));

  if (report.isPending) {
    return (
      <div className="care-loading">
        <Spinner label="Loading the lab report" />
      </div>
    );
  }
  if (report.isError) {
    return (
      <div className="care-page">
        <Link className="care-back" to={LABS_PATH}>
          Back to labs
        </Link>
        <h1 className="care-page__title">Lab report</h1>
        <div className="care-labs__error">
          <Alert tone="error">{report.error.message}</Alert>
          <Button variant="secondary" onClick={() => void report.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  return <ReportView report={report.data} />;
}

function ReportView({ report }: { report: CareLabReport }) {
  const user = useSessionUser();
  const role = user?.role ?? '';
  const name = personName(report.patient);
  return (
    <div className="care-page care-lab">
      <Link className="care-back" to={LABS_PATH}>
        Back to labs
      </Link>
      <header className="care-lab__head">
        <h1 className="care-page__title">{report.panel.name}</h1>
        <p className="care-lab__summary">
          <Link to={chartPath(report.patient._id)}>{name}</Link>
          <Badge tone={report.status === 'reviewed' ? 'success' : 'info'}>
            {LAB_STATUS_LABELS[report.status]}
          </Badge>
          <span className="care-muted">since {formatDateTime(report.status_changed_at)}</span>
        </p>
      </header>
      <StatusSection report={report} />
      <FilesSection report={report} />
      <ResultsSection report={report} />
      {report.status === 'reviewed' ? null : <ImportSection report={report} />}
      <TextSection report={report} />
      {staffCan(role, 'publish_labs') ? <PublishSection report={report} /> : null}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="care-section" aria-labelledby={id}>
      <h2 className="care-section__title" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function StatusSection({ report }: { report: CareLabReport }) {
  const next = report.next_status;
  const advance = useAdvanceLabReport(report._id);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const confirmation = <div aria-live="polite">{done ? <Alert tone="success">{done}</Alert> : null}</div>;
  if (!next) {
    // the last move by hand is to received: its confirmation stays, with what comes next
    if (report.status !== 'received') return null;
    return (
      <Section title="Status">
        {confirmation}
        <p>Received now; next: enter the results and the message, then publish them to the patient.</p>
      </Section>
    );
  }
  const label = `Mark ${LAB_STATUS_LABELS[next].toLowerCase()}`;
  return (
    <Section title="Status">
      {confirmation}
      {advance.error && !confirming ? <Alert tone="error">{advance.error.message}</Alert> : null}
      <p>
        {LAB_STATUS_LABELS[report.status]} now; next: {LAB_STATUS_LABELS[next]}.
      </p>
      <Button
        onClick={() => {
          advance.reset();
          setDone(null);
          setConfirming(true);
        }}
      >
        {label}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={`${label}?`}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={advance.isPending}
              onClick={() =>
                advance.mutate(next, {
                  onSuccess: (moved) => {
                    setConfirming(false);
                    setDone(`The report is now ${LAB_STATUS_LABELS[moved.status].toLowerCase()}.`);
                  },
                })
              }
            >
              {label}
            </Button>
          </>
        }
      >
        <p>
          {personName(report.patient)}’s {report.panel.name} moves from {LAB_STATUS_LABELS[report.status]} to{' '}
          {LAB_STATUS_LABELS[next]}.
        </p>
        {advance.error ? <Alert tone="error">{advance.error.message}</Alert> : null}
      </Modal>
    </Section>
  );
}

const FILE_LABELS: Record<CareLabFileKind, string> = {
  requisition: 'Requisition PDF',
  results: 'Results PDF',
};

function FilesSection({ report }: { report: CareLabReport }) {
  return (
    <Section title="Files">
      <div className="care-lab__files">
        <FileInput report={report} kind="requisition" />
        <FileInput report={report} kind="results" />
      </div>
    </Section>
  );
}

function FileInput({ report, kind }: { report: CareLabReport; kind: CareLabFileKind }) {
  const id = useId();
  const upload = useUploadLabFile(report._id);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [opening, setOpening] = useState(false);
  const attached = kind === 'requisition' ? report.has_requisition : report.has_results_pdf;

  // the file is served only with the staff's token: fetched, then shown from memory in a new tab
  async function open() {
    const tab = window.open('', '_blank');
    setOpening(true);
    setError(null);
    try {
      const url = URL.createObjectURL(await fetchLabFile(report._id, kind));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (caught) {
      tab?.close();
      setError(caught instanceof Error ? caught.message : 'The PDF could not be opened.');
    } finally {
      setOpening(false);
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    event.target.value = '';
    setDone(false);
    upload.reset();
    if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) {
      setError('Choose a PDF file.');
      return;
    }
    if (file.size > CARE_LAB_FILE_MAX_BYTES) {
      setError('Choose a PDF of at most 10 MB.');
      return;
    }
    setError(null);
    upload.mutate({ kind, file }, { onSuccess: () => setDone(true) });
  }
  const message = error ?? upload.error?.message ?? null;
  return (
    <div className="care-lab__file">
      <label htmlFor={id} className="care-lab__label">
        {FILE_LABELS[kind]}
      </label>
      <p className="care-muted">{attached ? 'Attached; choosing a file replaces it.' : 'None yet.'}</p>
      {attached ? (
        <div>
          <Button variant="ghost" size="sm" loading={opening} onClick={() => void open()}>
            {`Open the ${kind === 'requisition' ? 'requisition' : 'results'} PDF`}
          </Button>
        </div>
      ) : null}
      <input
        id={id}
        type="file"
        accept="application/pdf,.pdf"
        onChange={choose}
        disabled={upload.isPending || report.status === 'reviewed'}
        aria-describedby={message ? `${id}-error` : undefined}
      />
      {upload.isPending ? <Spinner label="Uploading" /> : null}
      <div aria-live="polite">
        {done ? <Alert tone="success">{FILE_LABELS[kind]} attached.</Alert> : null}
      </div>
      {message ? (
        <div id={`${id}-error`}>
          <Alert tone="error">{message}</Alert>
        </div>
      ) : null}
    </div>
  );
}

type Draft = Record<string, { value: string; unit: string }>;

/** The entered results, so the form starts again from the server's answer after each change. */
function resultsKey(report: CareLabReport): string {
  return report.markers.map((m) => `${m.key}:${m.value}:${m.unit}`).join('|');
}

function initialDraft(report: CareLabReport): Draft {
  return Object.fromEntries(
    report.panel_biomarkers.map((b) => {
      const entered = report.markers.find((m) => m.key === b.key);
      return [
        b.key,
        {
          value: entered ? String(entered.value) : '',
          unit: entered && b.allowed_units.includes(entered.unit) ? entered.unit : (b.allowed_units[0] ?? ''),
        },
      ];
    }),
  );
}

const CLASSIFICATION_WORDS: Record<NonNullable<CareLabMarker['classification']>, string> = {
  optimal: 'Optimal',
  normal: 'Normal',
  borderline: 'Borderline',
  low: 'Low',
  high: 'High',
};

/** What the server judged an entered value: its own word, and the patient's filter label beside it. */
function Classification({ marker }: { marker: CareLabMarker | undefined }) {
  if (!marker) return <span className="care-muted">Not entered</span>;
  const stored = `${marker.value} ${unitLabel(marker.unit)}`;
  if (!marker.classification) {
    return (
      <span className="care-lab__classified">
        <span>{stored}</span>
        <span className="care-muted">No range</span>
      </span>
    );
  }
  return (
    <span className="care-lab__classified">
      <span>{stored}</span>
      <Badge tone={RANGE_TONES[rangeCategory(marker.classification)] ?? 'neutral'}>
        {`${CLASSIFICATION_WORDS[marker.classification]} · ${rangeLabel(marker.classification)}`}
      </Badge>
    </span>
  );
}

function ResultsSection({ report }: { report: CareLabReport }) {
  const save = useSaveLabResults(report._id);
  const [draft, setDraft] = useState<Draft>(() => initialDraft(report));
  // the results changed on the server (saved, imported): the form starts again from them
  const [synced, setSynced] = useState(() => resultsKey(report));
  if (synced !== resultsKey(report)) {
    setSynced(resultsKey(report));
    setDraft(initialDraft(report));
  }
  const locked = report.status === 'reviewed';
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  function set(key: string, field: 'value' | 'unit', text: string) {
    setDraft((d) => ({
      ...d,
      [key]: { value: d[key]?.value ?? '', unit: d[key]?.unit ?? '', [field]: text },
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const results: { key: string; value: number; unit: string }[] = [];
    for (const marker of report.panel_biomarkers) {
      const entry = draft[marker.key];
      if (!entry || entry.value.trim() === '') continue;
      const value = Number(entry.value.replace(',', '.'));
      if (!Number.isFinite(value)) {
        setInvalid(`${marker.name}: enter a number.`);
        return;
      }
      results.push({ key: marker.key, value, unit: entry.unit });
    }
    // the server's own schema, so the messages are the ones it would answer
    const checked = CareLabResultsBody.safeParse({ results });
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const at = typeof issue?.path[1] === 'number' ? results[issue.path[1]] : undefined;
      const name = report.panel_biomarkers.find((m) => m.key === at?.key)?.name;
      setInvalid(`${name ? `${name}: ` : ''}${issue?.message ?? 'Check the values.'}`);
      return;
    }
    setInvalid(null);
    save.mutate(checked.data, { onSuccess: () => setDone(true) });
  }

  return (
    <Section title="Results">
      <form onSubmit={submit} noValidate className="care-lab__results">
        <div className="care-lab__scroll">
          <table className="care-table care-lab__table">
            <caption className="ui-visually-hidden">Results of the panel’s biomarkers</caption>
            <thead>
              <tr>
                <th scope="col">Biomarker</th>
                <th scope="col">Value</th>
                <th scope="col">Unit</th>
                <th scope="col">Classification</th>
              </tr>
            </thead>
            <tbody>
              {report.panel_biomarkers.map((marker) => (
                <tr key={marker.key}>
                  <th scope="row" data-label="Biomarker">
                    {marker.name}
                  </th>
                  <td data-label="Value">
                    <input
                      className="ui-input care-lab__value"
                      inputMode="decimal"
                      aria-label={`${marker.name} value`}
                      disabled={locked}
                      value={draft[marker.key]?.value ?? ''}
                      onChange={(e) => set(marker.key, 'value', e.target.value)}
                    />
                  </td>
                  <td data-label="Unit">
                    <select
                      className="ui-select"
                      aria-label={`${marker.name} unit`}
                      disabled={locked}
                      value={draft[marker.key]?.unit ?? ''}
                      onChange={(e) => set(marker.key, 'unit', e.target.value)}
                    >
                      {marker.allowed_units.map((unit) => (
                        <option key={unit} value={unit}>
                          {unitLabel(unit)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label="Classification">
                    <Classification marker={report.markers.find((m) => m.key === marker.key)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {invalid ? <Alert tone="error">{invalid}</Alert> : null}
        {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
        <div aria-live="polite">{done ? <Alert tone="success">Results saved.</Alert> : null}</div>
        <div>
          <Button type="submit" loading={save.isPending} disabled={locked}>
            Save results
          </Button>
        </div>
      </form>
    </Section>
  );
}

function ImportSection({ report }: { report: CareLabReport }) {
  const csvId = useId();
  const fhirId = useId();
  const importer = useImportLabResults(report._id);
  const [csv, setCsv] = useState('');
  const [local, setLocal] = useState<string | null>(null);

  function importCsv(event: FormEvent) {
    event.preventDefault();
    if (csv.trim() === '') {
      setLocal('Paste the CSV text first.');
      return;
    }
    setLocal(null);
    importer.mutate({ format: 'csv', csv });
  }

  async function importFhir(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let bundle: unknown;
    try {
      bundle = JSON.parse(await file.text());
    } catch {
      setLocal(`${file.name} is not JSON: choose a FHIR R4 Bundle.`);
      return;
    }
    if (
      typeof bundle !== 'object' ||
      bundle === null ||
      (bundle as { resourceType?: unknown }).resourceType !== 'Bundle'
    ) {
      setLocal(`${file.name} is not a FHIR Bundle (resourceType Bundle).`);
      return;
    }
    setLocal(null);
    importer.mutate({ format: 'fhir', bundle: bundle as { resourceType: 'Bundle' } });
  }

  const answer = importer.data;
  return (
    <Section title="Import results">
      <form onSubmit={importCsv} noValidate className="care-lab__import">
        <TextArea
          id={csvId}
          label="CSV text"
          hint="One result a line: biomarker (name, key or LOINC code), value, unit."
          rows={5}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
        />
        <div>
          <Button
            type="submit"
            variant="secondary"
            loading={importer.isPending && importer.variables?.format === 'csv'}
          >
            Import CSV
          </Button>
        </div>
      </form>
      <div className="care-lab__file">
        <label htmlFor={fhirId} className="care-lab__label">
          FHIR R4 Bundle (JSON file)
        </label>
        <input
          id={fhirId}
          type="file"
          accept="application/json,application/fhir+json,.json"
          onChange={(e) => void importFhir(e)}
          disabled={importer.isPending}
        />
      </div>
      {local ? <Alert tone="error">{local}</Alert> : null}
      {importer.error ? <Alert tone="error">{importer.error.message}</Alert> : null}
      <div aria-live="polite">
        {answer ? (
          <Alert tone={answer.rejected.length > 0 ? 'warning' : 'success'}>
            {`${answer.imported.length} ${answer.imported.length === 1 ? 'result' : 'results'} imported.`}
            {answer.rejected.length > 0 ? ` ${answer.rejected.length} not recognized:` : ''}
          </Alert>
        ) : null}
        {answer && answer.rejected.length > 0 ? (
          <ul className="care-lab__rejected">
            {answer.rejected.map((row) => (
              <li key={`${row.at}-${row.code}`}>
                {importer.variables?.format === 'fhir' ? `Entry ${row.at}` : `Row ${row.at}`}
                {row.code ? ` (${row.code})` : ''}: {row.message}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Section>
  );
}

function TextSection({ report }: { report: CareLabReport }) {
  const locked = report.status === 'reviewed';
  const save = useSaveLabText(report._id);
  const [text, setText] = useState<CareLabTextBody>(report.text ?? { intro: '', main: '', conclusion: '' });
  const [done, setDone] = useState(false);
  const edit = (field: keyof CareLabTextBody) => (e: ChangeEvent<HTMLTextAreaElement>) => {
    setDone(false);
    setText((t) => ({ ...t, [field]: e.target.value }));
  };
  return (
    <Section title="The clinical team’s message">
      <form
        className="care-lab__text"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setDone(false);
          save.mutate(text, { onSuccess: () => setDone(true) });
        }}
      >
        <p className="care-muted">
          {locked
            ? 'Published: the report is not changed any more.'
            : 'Markdown. The patient reads it above their results.'}
        </p>
        <TextArea label="Intro" rows={3} value={text.intro} onChange={edit('intro')} readOnly={locked} />
        <TextArea label="Main" rows={8} value={text.main} onChange={edit('main')} readOnly={locked} />
        <TextArea
          label="Conclusion"
          rows={3}
          value={text.conclusion}
          onChange={edit('conclusion')}
          readOnly={locked}
        />
        {save.error ? <Alert tone="error">{save.error.message}</Alert> : null}
        <div aria-live="polite">{done ? <Alert tone="success">Message saved.</Alert> : null}</div>
        <div>
          <Button type="submit" loading={save.isPending} disabled={locked}>
            Save message
          </Button>
        </div>
      </form>
    </Section>
  );
}

function PublishSection({ report }: { report: CareLabReport }) {
  const publish = usePublishLabReport(report._id);
  const [confirming, setConfirming] = useState(false);
  const noResults = report.markers.length === 0;
  const notReceived = report.status !== 'received';
  return (
    <Section title="Publish">
      {report.status === 'reviewed' ? (
        <Alert tone="success">
          {`Published${report.reviewed_at ? ` ${formatDateTime(report.reviewed_at)}` : ''}${
            report.reviewer ? ` by ${personName(report.reviewer)}` : ''
          }.`}
        </Alert>
      ) : (
        <>
          <p className="care-muted">
            {notReceived
              ? 'Mark the report received before publishing.'
              : noResults
                ? 'Enter or import results before publishing.'
                : 'The patient sees the results and the message once published.'}
          </p>
          {publish.error && !confirming ? <Alert tone="error">{publish.error.message}</Alert> : null}
          <div>
            <Button
              disabled={noResults || notReceived}
              onClick={() => {
                publish.reset();
                setConfirming(true);
              }}
            >
              Publish results
            </Button>
          </div>
        </>
      )}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Publish the results?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              loading={publish.isPending}
              onClick={() => publish.mutate(undefined, { onSuccess: () => setConfirming(false) })}
            >
              Publish
            </Button>
          </>
        }
      >
        <p>
          {personName(report.patient)} will be notified that their Lab Results are now ready, and will see the
          results and the clinical team’s message.
        </p>
        {publish.error ? <Alert tone="error">{publish.error.message}</Alert> : null}
      </Modal>
    </Section>
  );
}
