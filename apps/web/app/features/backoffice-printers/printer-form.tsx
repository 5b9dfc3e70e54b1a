import { useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { X } from 'lucide-react';
import { StaleEditPayloadSchema } from '@resto/contract/backoffice';
import {
  PrinterEditSchema,
  PrinterViewSchema,
  printerConnections,
  printerStations,
  type PrinterEdit,
  type PrinterEditInput,
  type PrinterView,
} from '@resto/contract/printers';
import * as printerRoutes from '@resto/contract/printers.routes';
import { requestErrors } from '@resto/copy/errors/request';
import { connectionLabels, printerForm as t, printersPage, stationLabels } from '@resto/copy/staff/printers';
import { Field } from '../../components/ui/field.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { SubmitButton } from '../../components/ui/submit-button.tsx';
import { api, ApiCallError } from '../../lib/api.ts';

const inputClass = (error?: string) => `w-full rounded-xl border px-3 py-2.5 text-base ${error ? 'border-red-600' : 'border-black/15'}`;
const labelClass = 'mb-1 block text-sm font-semibold';

/** A new printer's starting values: a kitchen CloudPRNT printer on 80 mm paper, one copy on arrival. */
const newPrinterValues: PrinterEditInput = {
  name: '',
  station: 'kitchen',
  paper_width: 80,
  connection: 'cloudprnt',
  host: null,
  port: 9100,
  via_agent: true,
  copies: 1,
  print_on: 'arrival',
  qr_code: true,
  enabled: true,
  backup_printer_id: null,
  fallback_seconds: 120,
};

/** The form's values of a printer the API returned. */
function formValuesOf(printer: PrinterView): PrinterEditInput {
  return {
    name: printer.name,
    station: printer.station,
    paper_width: printer.paper_width,
    connection: printer.connection,
    host: printer.host,
    port: printer.port ?? 9100,
    via_agent: printer.via_agent,
    copies: printer.copies,
    print_on: printer.print_on,
    qr_code: printer.qr_code,
    enabled: printer.enabled,
    backup_printer_id: printer.backup_printer_id,
    fallback_seconds: printer.fallback_seconds,
  };
}

const fieldNames: readonly string[] = Object.keys(newPrinterValues);

/** A number input's value: a number, or NaN for an empty box (zod says it is required, in French). */
const asNumber = (value: unknown) => (value === '' || value === null ? Number.NaN : Number(value));
/** A select whose empty option means none. */
const asId = (value: unknown) => (value === '' || value === null ? null : Number(value));

/**
 * The form of one printer, new or existing (docs/decisions/033): name, station, paper, how it is
 * reached (host and port for a network printer, sent directly or by the print agent), copies, when
 * it prints, QR code, backup printer and its delay, enabled. Validated in the browser by the API's
 * own schema; the server's refusals go under their fields and what was typed stays; a 409
 * stale_edit shows the printer's current values, and saving again replaces them.
 */
export function PrinterForm({
  printer,
  others,
  onSaved,
  onClose,
}: {
  printer: PrinterView | null;
  /** The other printers, for the backup's choice. */
  others: PrinterView[];
  onSaved: (saved: PrinterView) => void;
  onClose: () => void;
}) {
  const form = useForm<PrinterEditInput, unknown, PrinterEdit>({
    resolver: zodResolver(PrinterEditSchema),
    defaultValues: printer ? formValuesOf(printer) : newPrinterValues,
    reValidateMode: 'onChange',
  });
  const { register, formState, control, handleSubmit, setError, reset } = form;
  const errors = formState.errors;
  const connection = useWatch({ control, name: 'connection' });
  const [expectedVersion, setExpectedVersion] = useState(printer?.version ?? 0);
  const [current, setCurrent] = useState<PrinterView | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = printer ? `printer-${printer.id}` : 'printer-new';

  const onSubmit = handleSubmit(async (values) => {
    setSaving(true);
    setAlert(null);
    try {
      const saved = printer
        ? await api.call(printerRoutes.updatePrinter, { params: { printer_id: String(printer.id) }, body: { ...values, expected_version: expectedVersion } })
        : await api.call(printerRoutes.createPrinter, { body: values });
      onSaved(saved);
    } catch (error) {
      if (!(error instanceof ApiCallError)) return setAlert(requestErrors.genericError);
      setAlert(error.message);
      if (error.code === 'stale_edit') {
        const parsed = StaleEditPayloadSchema.safeParse(error.payload);
        const now = parsed.success ? PrinterViewSchema.safeParse(parsed.data.current) : null;
        setCurrent(now?.success ? now.data : null);
        if (now?.success) setExpectedVersion(now.data.version);
        return;
      }
      for (const fieldError of error.errors)
        if (fieldNames.includes(fieldError.path)) setError(fieldError.path as FieldPath<PrinterEditInput>, { type: 'server', message: fieldError.message });
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-4" data-testid="printer-form">
      <div className="flex items-start justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {printer ? t.editTitle(printer.name) : t.createTitle}
        </h2>
        <button type="button" onClick={onClose} className="rounded-full p-2 hover:bg-black/5" aria-label={t.close}>
          <X size={18} aria-hidden />
        </button>
      </div>
      <FormAlert message={alert} />
      {current ? (
        <div className="rounded-xl bg-amber-50 p-3 text-sm" data-testid="printer-current">
          <p className="font-semibold">{t.current}</p>
          <p>
            {current.name} · {stationLabels[current.station]} · {connectionLabels[current.connection]} · {printersPage.copies(current.copies)}
          </p>
          <button
            type="button"
            className="mt-2 rounded-full border border-black/15 px-3 py-1.5 font-semibold hover:bg-black/5"
            onClick={() => {
              reset(formValuesOf(current));
              setCurrent(null);
              setAlert(null);
            }}
          >
            {t.useCurrent}
          </button>
        </div>
      ) : null}

      <Field id={`${id}-name`} label={t.name} placeholder={t.namePlaceholder} error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-station`} className={labelClass}>
            {t.station}
          </label>
          <select id={`${id}-station`} className={inputClass()} {...register('station')}>
            {printerStations.map((station) => (
              <option key={station} value={station}>
                {stationLabels[station]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-paper`} className={labelClass}>
            {t.paperWidth}
          </label>
          <select id={`${id}-paper`} className={inputClass()} {...register('paper_width', { setValueAs: (v) => Number(v) })}>
            <option value={80}>{printersPage.paperWidth(80)}</option>
            <option value={58}>{printersPage.paperWidth(58)}</option>
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-connection`} className={labelClass}>
          {t.connection}
        </label>
        <select id={`${id}-connection`} className={inputClass()} {...register('connection')}>
          {printerConnections.map((value) => (
            <option key={value} value={value}>
              {connectionLabels[value]}
            </option>
          ))}
        </select>
      </div>
      {connection === 'tcp' ? (
        <div className="space-y-3 rounded-xl border border-black/10 p-3">
          <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-3">
            <Field
              id={`${id}-host`}
              label={t.host}
              inputMode="decimal"
              autoComplete="off"
              error={errors.host?.message}
              {...register('host', { setValueAs: (v) => (v === '' ? null : v) })}
            />
            <Field
              id={`${id}-port`}
              label={t.port}
              type="number"
              inputMode="numeric"
              error={errors.port?.message}
              {...register('port', { setValueAs: asNumber })}
            />
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-1 size-4" {...register('via_agent')} />
            {t.viaAgent}
          </label>
        </div>
      ) : null}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[7rem_minmax(0,1fr)] lg:grid-cols-1">
        <Field
          id={`${id}-copies`}
          label={t.copiesShort}
          type="number"
          inputMode="numeric"
          min={1}
          max={5}
          error={errors.copies?.message}
          {...register('copies', { setValueAs: asNumber })}
        />
        <div>
          <label htmlFor={`${id}-print-on`} className={labelClass}>
            {t.printOn}
          </label>
          <select id={`${id}-print-on`} className={inputClass()} {...register('print_on')}>
            <option value="arrival">{printersPage.printOn.arrival}</option>
            <option value="acceptance">{printersPage.printOn.acceptance}</option>
          </select>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-3">
        <div>
          <label htmlFor={`${id}-backup`} className={labelClass}>
            {t.backup}
          </label>
          <select
            id={`${id}-backup`}
            className={inputClass(errors.backup_printer_id?.message)}
            aria-invalid={errors.backup_printer_id ? true : undefined}
            aria-describedby={errors.backup_printer_id ? `${id}-backup-error` : undefined}
            {...register('backup_printer_id', { setValueAs: asId })}
          >
            <option value="">{t.noBackup}</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.name}
              </option>
            ))}
          </select>
          {errors.backup_printer_id?.message ? (
            <p id={`${id}-backup-error`} className="mt-1 text-sm font-medium text-red-700">
              {errors.backup_printer_id.message}
            </p>
          ) : null}
        </div>
        <Field
          id={`${id}-fallback`}
          label={t.fallbackSeconds}
          type="number"
          inputMode="numeric"
          error={errors.fallback_seconds?.message}
          {...register('fallback_seconds', { setValueAs: asNumber })}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4" {...register('qr_code')} />
          {t.qrCode}
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" className="size-4" {...register('enabled')} />
          {t.enabled}
        </label>
      </div>
      <SubmitButton loading={saving}>{t.save}</SubmitButton>
    </form>
  );
}
