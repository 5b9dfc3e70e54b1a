import { useRef, useState } from 'react';
import { Download, FileUp } from 'lucide-react';
import { ImportPreviewSchema, ImportResultSchema, type ImportPreview } from '@resto/contract/backoffice-audit';
import { exportRestaurantFile, importRestaurantFile, previewRestaurantImport } from '@resto/contract/audit.routes';
import type { FieldError } from '@resto/contract/errors';
import { requestErrors } from '@resto/copy/errors/request';
import { restaurantImport as t } from '@resto/copy/staff/audit';
import { api, ApiCallError, routeUrl } from '../../lib/api.ts';
import { ChangeList } from './change-list.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';

const card = 'rounded-2xl bg-white p-4 shadow-sm sm:p-6';
/** As the API's import routes (apps/api/src/modules/audit/routes.ts, importBodyLimit). */
const maxFileBytes = 5 * 1024 * 1024;

type Stage =
  | { kind: 'idle' }
  | { kind: 'busy'; label: string }
  | { kind: 'invalid'; message: string; errors: FieldError[] }
  | { kind: 'preview'; file: unknown; preview: ImportPreview; stale: boolean };

/**
 * Export and import (/restaurant/import-export, the owner's; docs/decisions/023): the restaurant
 * file downloaded (GET /v2/restaurant/export), a file chosen → its preview (what would be added,
 * removed, changed, prices old → new) → the import confirmed, made on the preview's catalogue
 * version (changed meanwhile: the fresh preview is shown instead, nothing written). A refused
 * file lists its errors by path; nothing is changed.
 */
export function ImportExportPage() {
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const failed = (e: unknown) => {
    if (e instanceof ApiCallError && e.code === 'restaurant_file_invalid') setStage({ kind: 'invalid', message: e.message, errors: e.errors });
    else {
      setStage({ kind: 'idle' });
      setError(e instanceof ApiCallError ? e.message : requestErrors.genericError);
    }
  };

  const previewOf = async (file: unknown, stale = false) => {
    setStage({ kind: 'busy', label: t.reading });
    try {
      // The import routes document their body by reference (the API reads and checks the file itself,
      // audit.routes.ts): no body type to take from them, so the call names the route's URL and its answer's schema.
      const preview = await api.call({ method: 'POST', path: routeUrl(previewRestaurantImport), body: file, response: ImportPreviewSchema });
      setStage({ kind: 'preview', file, preview, stale });
    } catch (e) {
      failed(e);
    }
  };

  const onFile = async (chosen: File | undefined) => {
    setNotice(null);
    setError(null);
    if (!chosen) return;
    if (chosen.size > maxFileBytes) {
      setStage({ kind: 'idle' });
      setError(t.tooLarge);
      return;
    }
    let file: unknown;
    try {
      file = JSON.parse(await chosen.text());
    } catch {
      setStage({ kind: 'idle' });
      setError(t.notJson);
      return;
    }
    await previewOf(file);
  };

  const confirm = async (file: unknown, preview: ImportPreview) => {
    setStage({ kind: 'busy', label: t.importing });
    try {
      const path = routeUrl(importRestaurantFile, { query: { expected_catalog_version: preview.catalog_version } });
      const done = await api.call({ method: 'POST', path, body: file, response: ImportResultSchema });
      setStage({ kind: 'idle' });
      setNotice(t.imported(done.summary));
      if (input.current) input.current.value = '';
    } catch (e) {
      if (e instanceof ApiCallError && e.code === 'stale_edit') await previewOf(file, true);
      else failed(e);
    }
  };

  const cancel = () => {
    setStage({ kind: 'idle' });
    if (input.current) input.current.value = '';
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-extrabold">{t.title}</h1>
      <div aria-live="polite" className="space-y-2">
        <FormAlert message={notice} tone="success" />
        <FormAlert message={error} />
      </div>
      <section className={card} aria-labelledby="export-title">
        <h2 id="export-title" className="text-lg font-bold">
          {t.exportTitle}
        </h2>
        <p className="mt-1 text-sm text-ink/70">{t.exportHint}</p>
        <a
          href={routeUrl(exportRestaurantFile)}
          download
          className="mt-3 inline-flex items-center gap-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
        >
          <Download size={18} aria-hidden />
          {t.exportButton}
        </a>
      </section>
      <section className={card} aria-labelledby="import-title">
        <h2 id="import-title" className="text-lg font-bold">
          {t.importTitle}
        </h2>
        <p className="mt-1 text-sm text-ink/70">{t.importHint}</p>
        <label htmlFor="restaurant-file" className="mt-3 block text-sm font-semibold">
          {t.fileLabel}
        </label>
        <div className="mt-1 flex items-center gap-2">
          <FileUp size={18} aria-hidden className="shrink-0 text-ink/70" />
          <input
            ref={input}
            id="restaurant-file"
            type="file"
            accept=".json,application/json"
            disabled={stage.kind === 'busy'}
            onChange={(e) => void onFile(e.target.files?.[0])}
            className="block w-full min-w-0 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-stone-100 file:px-4 file:py-2 file:font-semibold"
          />
        </div>
        {stage.kind === 'busy' ? (
          <p role="status" className="mt-3 text-sm text-ink/70">
            {stage.label}
          </p>
        ) : null}
        {stage.kind === 'invalid' ? (
          <div role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-red-900" data-testid="import-errors">
            <p className="font-semibold">{t.invalidTitle}</p>
            <p className="text-sm">{stage.message}</p>
            <ul className="mt-2 space-y-1 text-sm">
              {stage.errors.map((e, i) => (
                <li key={i} className="break-words">
                  <code className="rounded bg-white/70 px-1 text-xs">{e.path}</code> {e.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {stage.kind === 'preview' ? (
          <PreviewView preview={stage.preview} stale={stage.stale} onConfirm={() => void confirm(stage.file, stage.preview)} onCancel={cancel} />
        ) : null}
      </section>
    </div>
  );
}

function PreviewView({ preview, stale, onConfirm, onCancel }: { preview: ImportPreview; stale: boolean; onConfirm: () => void; onCancel: () => void }) {
  const nothing = preview.changes.length === 0 && preview.settings.length === 0;
  return (
    <div className="mt-4 space-y-4" data-testid="import-preview">
      {stale ? <FormAlert message={t.stale} /> : null}
      <div>
        <h3 className="text-base font-bold">{t.previewTitle}</h3>
        <p className="mt-1 font-medium" data-testid="import-summary">
          {nothing ? t.noChange : preview.summary}
        </p>
      </div>
      <ChangeList changes={preview.changes} settings={preview.settings} />
      <div className="flex flex-wrap gap-2">
        {!nothing ? (
          <button type="button" onClick={onConfirm} className="rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            {t.confirm}
          </button>
        ) : null}
        <button type="button" onClick={onCancel} className="rounded-full border border-black/15 bg-white px-5 py-2.5 font-semibold">
          {t.cancel}
        </button>
      </div>
    </div>
  );
}
