import { useEffect, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Check, Copy, KeyRound, Pencil, Plus, Printer, Trash2 } from 'lucide-react';
import type { PrintersPage as PrintersPageData, PrinterView, PrintJobView } from '@resto/contract/printers';
import * as printerRoutes from '@resto/contract/printers.routes';
import { describeBoardTime } from '@resto/domain/board-time';
import { connectionLabels, printerSetup, printersPage as t, stationLabels } from '@resto/copy/staff/printers';
import { api } from '../../lib/api.ts';
import { useAction } from '../../lib/use-action.ts';
import { FormAlert } from '../../components/ui/alert.tsx';
import { ConfirmInline } from '../../components/ui/confirm-inline.tsx';
import { PrinterForm } from './printer-form.tsx';
import { StationsSection } from './stations-section.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
const smallButton = 'flex items-center gap-1.5 rounded-full border border-black/15 px-3 py-1.5 text-sm font-semibold hover:bg-black/5 disabled:opacity-60';

/** The page's live states are read again this often (ms): « hors ligne depuis 12:31 » appears without a reload. */
const refreshMs = 10_000;
/** A test page's job is read this often (ms) until it printed or failed. */
const jobPollMs = 1_000;

/** The badge of a printer's state: green when ready, grey when off, red otherwise. */
function stateClass(state: PrinterView['health']['state']): string {
  if (state === 'ok') return 'bg-emerald-100 text-emerald-800';
  if (state === 'off') return 'bg-stone-200 text-ink/80';
  return 'bg-red-100 text-red-800';
}

/**
 * The printers page (/restaurant/imprimantes, docs/decisions/033): each printer with its settings
 * and live state (read again every 10 s), the URL or command to give it, « Page de test » followed
 * until it came out, « Nouveau secret »; the add/edit form; each category's station. A staff
 * member sees the same page, read-only and without the secrets.
 */
export function PrintersPage({ data }: { data: PrintersPageData }) {
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<PrinterView | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { error, setError } = useAction();
  const formRef = useRef<HTMLDivElement>(null);
  const now = new Date(data.server_time);

  useEffect(() => {
    if (editing) formRef.current?.scrollIntoView({ block: 'start' });
  }, [editing]);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void revalidator.revalidate();
    }, refreshMs);
    return () => clearInterval(timer);
  }, [revalidator]);

  const after = async (message: string) => {
    setNotice(message);
    await revalidator.revalidate();
  };

  return (
    <div className="space-y-6" data-testid="printers-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold">{t.title}</h1>
          <p className="mt-1 text-sm text-ink/70">{t.intro}</p>
        </div>
        {data.can_edit ? (
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              setError(null);
              setEditing('new');
            }}
            className="flex items-center gap-2 rounded-full bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700"
          >
            <Plus size={18} aria-hidden />
            {t.add}
          </button>
        ) : null}
      </div>
      {data.can_edit ? null : (
        <p className="rounded-xl bg-stone-200/70 px-3 py-2.5 text-sm" data-testid="printers-read-only">
          {t.readOnly}
        </p>
      )}
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      <div className={editing ? 'grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]' : ''}>
        {editing ? (
          <div ref={formRef} className={`${card} scroll-mt-4 self-start lg:order-2`}>
            <PrinterForm
              key={editing === 'new' ? 'new' : `${editing.id}-${editing.version}`}
              printer={editing === 'new' ? null : editing}
              others={data.printers.filter((p) => editing === 'new' || p.id !== editing.id)}
              onClose={() => setEditing(null)}
              onSaved={(saved) => {
                setEditing(null);
                void after(t.saved(saved.name));
              }}
            />
          </div>
        ) : null}
        <section className={`${card} min-w-0 lg:order-1`} aria-labelledby="printers-list">
          <h2 id="printers-list" className="text-lg font-bold">
            {t.listLabel} <span className="text-ink/65">({data.printers.length})</span>
          </h2>
          {data.printers.length === 0 ? <p className="mt-3 text-sm text-ink/70">{t.empty}</p> : null}
          <ul className="mt-3 divide-y divide-black/5">
            {data.printers.map((printer) => (
              <PrinterRow
                key={printer.id}
                printer={printer}
                printers={data.printers}
                now={now}
                canEdit={data.can_edit}
                onEdit={() => {
                  setNotice(null);
                  setEditing(printer);
                }}
                onChanged={after}
              />
            ))}
          </ul>
        </section>
      </div>
      <StationsSection categories={data.categories} canEdit={data.can_edit} />
    </div>
  );
}

function PrinterRow({
  printer,
  printers,
  now,
  canEdit,
  onEdit,
  onChanged,
}: {
  printer: PrinterView;
  printers: PrinterView[];
  now: Date;
  canEdit: boolean;
  onEdit: () => void;
  onChanged: (message: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState<'delete' | 'rotate' | null>(null);
  const { loading, error, run } = useAction();
  const backup = printers.find((p) => p.id === printer.backup_printer_id);
  const details = [
    stationLabels[printer.station],
    t.paperWidth(printer.paper_width),
    printer.connection === 'tcp' && printer.host ? `${connectionLabels.tcp} · ${printer.host}:${printer.port ?? 9100}` : connectionLabels[printer.connection],
    t.copies(printer.copies),
    t.printOn[printer.print_on],
    printer.qr_code ? t.qrCode.on : t.qrCode.off,
    backup ? t.backup(backup.name, printer.fallback_seconds) : t.noBackup,
  ];
  const remove = async () => {
    const done = await run(() =>
      api.call(printerRoutes.deletePrinter, { params: { printer_id: String(printer.id) }, query: { expected_version: printer.version } }),
    );
    setConfirming(null);
    if (done) await onChanged(t.deleted(printer.name));
  };
  const rotate = async () => {
    const done = await run(() =>
      api.call(printerRoutes.rotatePrinterSecret, { params: { printer_id: String(printer.id) }, body: { expected_version: printer.version } }),
    );
    setConfirming(null);
    if (done) await onChanged(printerSetup.rotated);
  };
  return (
    <li className="py-4" data-testid="printer-row" data-printer-id={printer.id} data-state={printer.health.state}>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-semibold">
            <Printer size={18} aria-hidden />
            {printer.name}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${stateClass(printer.health.state)}`} data-testid="printer-state">
          {printer.health.label}
        </span>
      </div>
      <ul className="mt-2 flex flex-wrap gap-1.5 text-xs">
        {details.map((line) => (
          <li key={line} className="rounded-full bg-stone-100 px-2.5 py-1 text-ink/80">
            {line}
          </li>
        ))}
      </ul>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 text-sm">
        <dt className="text-ink/70">{t.lastPoll}</dt>
        <dd data-testid="printer-last-poll">{printer.last_poll_at ? describeBoardTime(new Date(printer.last_poll_at), now) : t.neverPolled}</dd>
        <dt className="text-ink/70">{t.tickets}</dt>
        <dd data-testid="printer-waiting">{t.waiting(printer.waiting)}</dd>
      </dl>
      {canEdit ? <PrinterSetup printer={printer} /> : null}
      <FormAlert message={error} />
      {canEdit ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {printer.enabled && printer.connection !== 'browser' ? <TestPageButton printer={printer} now={now} /> : null}
          <button type="button" onClick={onEdit} className={smallButton} aria-label={`${t.edit} : ${printer.name}`}>
            <Pencil size={15} aria-hidden />
            {t.edit}
          </button>
          {printer.connection !== 'browser' && (printer.connection !== 'tcp' || printer.via_agent) ? (
            <button type="button" onClick={() => setConfirming('rotate')} className={smallButton} aria-label={`${printerSetup.rotate} : ${printer.name}`}>
              <KeyRound size={15} aria-hidden />
              {printerSetup.rotate}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => setConfirming('delete')}
            className={`${smallButton} text-red-700 hover:bg-red-50`}
            aria-label={`${t.delete} : ${printer.name}`}
          >
            <Trash2 size={15} aria-hidden />
            {t.delete}
          </button>
        </div>
      ) : null}
      {confirming === 'delete' ? (
        <ConfirmInline
          text={t.deleteConfirm(printer.name)}
          confirmLabel={t.confirmDelete}
          cancelLabel={t.cancel}
          busy={loading}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {confirming === 'rotate' ? (
        <ConfirmInline
          text={printerSetup.rotateConfirm}
          confirmLabel={t.confirmRotate}
          cancelLabel={t.cancel}
          busy={loading}
          onConfirm={() => void rotate()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </li>
  );
}

/** What to give the printer: its polling URL or the agent's command, with a copy button and where it goes. */
function PrinterSetup({ printer }: { printer: PrinterView }) {
  const value = printer.setup_url ?? printer.agent_command;
  const howTo =
    printer.connection === 'cloudprnt'
      ? printerSetup.cloudprnt
      : printer.connection === 'epson_sdp'
        ? printerSetup.epson_sdp
        : printer.connection === 'browser'
          ? printerSetup.browser
          : printer.via_agent
            ? printerSetup.agent
            : printerSetup.direct;
  return (
    <div className="mt-3 rounded-xl bg-stone-50 p-3 text-sm ring-1 ring-black/5" data-testid="printer-setup">
      {value ? (
        <>
          <p className="font-semibold">{printer.setup_url ? printerSetup.urlTitle : printerSetup.agentTitle}</p>
          <div className="mt-1 flex items-start gap-2">
            <code className="min-w-0 flex-1 rounded-lg bg-white px-2 py-1.5 font-mono text-xs break-all ring-1 ring-black/10" data-testid="printer-setup-value">
              {value}
            </code>
            <CopyButton value={value} />
          </div>
        </>
      ) : null}
      <p className="mt-2 text-ink/75">{howTo}</p>
    </div>
  );
}

function CopyButton({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={smallButton}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(value)
          .then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 2000);
          })
          .catch(() => undefined);
      }}
    >
      {copied ? <Check size={15} aria-hidden /> : <Copy size={15} aria-hidden />}
      {copied ? printerSetup.copied : printerSetup.copy}
    </button>
  );
}

/** « Page de test »: queues it, then reads its job every second until it printed or failed. */
function TestPageButton({ printer, now }: { printer: PrinterView; now: Date }) {
  const [job, setJob] = useState<PrintJobView | null>(null);
  const { loading, error, run } = useAction();
  const done = job?.status === 'printed' || job?.status === 'failed';
  useEffect(() => {
    if (!job || done) return;
    const timer = setTimeout(() => {
      api
        .call(printerRoutes.getPrintJob, { params: { job_id: String(job.job_id) } })
        .then(setJob)
        .catch(() => setJob({ ...job }));
    }, jobPollMs);
    return () => clearTimeout(timer);
  }, [job, done]);
  const status = !job
    ? null
    : job.status === 'printed' && job.printed_at
      ? t.test.printed(describeBoardTime(new Date(job.printed_at), now))
      : job.status === 'failed'
        ? t.test.failed(job.last_error)
        : job.status === 'sent'
          ? t.test.sent
          : t.test.queued;
  return (
    <>
      <button
        type="button"
        disabled={loading || (job !== null && !done)}
        className={smallButton}
        onClick={() =>
          void run(() => api.call(printerRoutes.printTestPage, { params: { printer_id: String(printer.id) } })).then((queued) => queued && setJob(queued))
        }
        aria-label={`${t.testPage} : ${printer.name}`}
      >
        <Printer size={15} aria-hidden />
        {t.testPage}
      </button>
      {status ? (
        <p
          role="status"
          className={`order-last w-full text-sm font-semibold ${job?.status === 'failed' ? 'text-red-700' : job?.status === 'printed' ? 'text-emerald-700' : 'text-ink/75'}`}
          data-testid="test-page-status"
          data-status={job?.status}
        >
          {status}
        </p>
      ) : null}
      <FormAlert message={error} />
    </>
  );
}
