import { useEffect, useState, useSyncExternalStore } from 'react';
import { Form, useNavigation } from 'react-router';
import { Archive, Check, Copy, Download, ShieldCheck } from 'lucide-react';
import type { BooksArchive, BooksVerification } from '@resto/contract/books-archives';
import { downloadBooksArchive } from '@resto/contract/books-archives.routes';
import { booksRegister as t } from '@resto/copy/staff/books-register';
import { Card } from '../../components/ui/card.tsx';
import { FormAlert } from '../../components/ui/alert.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { routeUrl } from '../../lib/api.ts';

/**
 * What the page's action answered (routes/restaurant-register.tsx): the verification's report,
 * or the month archived, or the month refused with the API's French message — `period` is what
 * was typed, kept in the field.
 */
export type RegisterActionData =
  | { intent: 'verify'; verification: BooksVerification }
  | { intent: 'archive'; period: string; archived: BooksArchive; refusal: null }
  | { intent: 'archive'; period: string; archived: null; refusal: string };

/** The page's boxes: tighter than a form's card, as the sales report's. */
const boxPadding = 'p-4';

const inputClass = 'mt-1 block w-full rounded-xl border border-black/15 bg-white px-3 py-2 text-base aria-invalid:border-red-600';

/** An archive's size in ko (1 ko = 1 000 bytes), one decimal, French comma: 12 345 → '12,3'. */
function kilobytes(bytes: number): string {
  return (Math.round(bytes / 100) / 10).toFixed(1).replace('.', ',');
}

/**
 * The owner's register (/restaurant/registre; docs/decisions/031-the-books.md): the law's four
 * conditions, the journal's verification (a form posted to the page's action), the archives of the
 * closed months and fiscal years (chain, size, SHA-256 to copy, the file to download) and
 * « Archiver un mois clos » (a form; a refused month keeps what was typed, the API's French
 * message on the field). Works without JavaScript (forms and links; only « Copier » needs it).
 * One column on a phone.
 */
export function RegisterPage({ archives, actionData }: { archives: BooksArchive[]; actionData: RegisterActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : undefined;
  const verification = actionData?.intent === 'verify' ? actionData.verification : null;
  const archiving = actionData?.intent === 'archive' ? actionData : null;
  return (
    <div className="space-y-4">
      <PageHeader title={t.title} intro={t.intro} />
      <Card padding={boxPadding}>
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="register-conditions">
          {t.conditions.map((condition) => (
            <li key={condition.name} className="text-sm">
              <strong className="block font-bold">{condition.name}</strong>
              <span className="text-ink/70">{condition.text}</span>
            </li>
          ))}
        </ul>
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card padding={boxPadding} aria-labelledby="register-verify-title">
          <h2 id="register-verify-title" className="text-lg font-bold">
            {t.verifyTitle}
          </h2>
          <Form method="post" className="mt-3">
            <button
              type="submit"
              name="intent"
              value="verify"
              className={buttonClass('primary', 'inline-flex items-center gap-2 px-5 py-2.5')}
              disabled={busy === 'verify'}
            >
              <ShieldCheck size={18} aria-hidden />
              {busy === 'verify' ? t.verifying : t.verify}
            </button>
          </Form>
          {verification ? <VerificationReport verification={verification} /> : null}
        </Card>
        <Card padding={boxPadding} aria-labelledby="register-archive-title">
          <h2 id="register-archive-title" className="text-lg font-bold">
            {t.archiveMonthTitle}
          </h2>
          {/* A new key after each answer: the field shows what the answer kept (the month typed), not the previous one. */}
          <Form
            method="post"
            className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
            key={archiving ? `${archiving.period}-${archiving.refusal ?? 'ok'}` : 'none'}
          >
            <label className="block text-sm font-semibold" htmlFor="register-period">
              {t.archiveMonthLabel}
              <input
                id="register-period"
                name="period"
                type="text"
                inputMode="numeric"
                autoComplete="off"
                required
                defaultValue={archiving?.period ?? ''}
                className={inputClass}
                aria-invalid={archiving?.refusal ? true : undefined}
                aria-describedby={archiving?.refusal ? 'register-period-error' : undefined}
              />
            </label>
            <button
              type="submit"
              name="intent"
              value="archive"
              className={buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-5 py-2.5')}
              disabled={busy === 'archive'}
            >
              <Archive size={18} aria-hidden />
              {busy === 'archive' ? t.archiving : t.archiveMonthSubmit}
            </button>
          </Form>
          {archiving?.refusal ? (
            <p id="register-period-error" role="alert" className="mt-2 rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800">
              {archiving.refusal}
            </p>
          ) : null}
          {archiving?.archived ? (
            <div className="mt-3">
              <FormAlert tone="success" message={t.archived(archiving.archived.name)} />
            </div>
          ) : null}
        </Card>
      </div>
      <Card padding={boxPadding} aria-labelledby="register-archives-title">
        <h2 id="register-archives-title" className="text-lg font-bold">
          {t.archivesTitle}
        </h2>
        {archives.length ? (
          <ul className="mt-2 divide-y divide-black/5" data-testid="register-archives">
            {archives.map((archive) => (
              <ArchiveRow key={archive.name} archive={archive} />
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-ink/70">{t.noArchive}</p>
        )}
      </Card>
    </div>
  );
}

/** The verification's answer: intact (entries, last closure), or the first broken entry of each chain. */
function VerificationReport({ verification }: { verification: BooksVerification }) {
  if (verification.ok)
    return (
      <div role="status" className="mt-3 rounded-xl bg-emerald-50 px-3 py-2.5 text-sm font-medium text-emerald-800" data-testid="register-verification">
        <p>{t.verifiedOk(verification.entries)}</p>
        <p>{verification.last_closure ? t.lastClosure(verification.last_closure) : t.noClosure}</p>
      </div>
    );
  return (
    <div role="alert" className="mt-3 rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-800" data-testid="register-verification">
      <p>{t.verifiedBroken}</p>
      <ul className="mt-1 list-disc pl-5">
        {verification.broken.map((entry) => (
          <li key={`${entry.chain}-${entry.seq}`}>{t.brokenEntry(entry.chain, entry.seq, entry.problem)}</li>
        ))}
      </ul>
    </div>
  );
}

function ArchiveRow({ archive }: { archive: BooksArchive }) {
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[10rem_1fr_auto] sm:items-center sm:gap-4" data-testid={`archive-${archive.name}`}>
      <div>
        <p className="font-bold tabular-nums">
          <span className="sr-only">{t.archivePeriod} : </span>
          {archive.period}
        </p>
        <p className="text-xs whitespace-nowrap text-ink/60">
          <span className="sr-only">{t.archiveChain} : </span>
          {archive.chain === 'simulation' ? <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t.simulation}</span> : t.live}
          {' · '}
          <span className="sr-only">{t.archiveSize} : </span>
          {t.sizeKb(kilobytes(archive.size))}
        </p>
      </div>
      <div className="flex min-w-0 items-start gap-2">
        <p className="min-w-0 flex-1 font-mono text-xs break-all text-ink/80">
          <span className="font-sans font-semibold text-ink/60">{t.archiveSha} </span>
          <span data-testid="archive-sha256">{archive.sha256}</span>
        </p>
        <CopyButton text={archive.sha256} />
      </div>
      <a
        href={routeUrl(downloadBooksArchive, { params: { name: archive.name } })}
        download={archive.name}
        className={buttonClass('secondary', 'inline-flex items-center justify-center gap-2 px-4 py-2 text-sm')}
      >
        <Download size={16} aria-hidden />
        {t.download}
      </a>
    </li>
  );
}

const noSubscription = () => () => {};
const hasClipboard = () => typeof navigator !== 'undefined' && navigator.clipboard !== undefined;

/** « Copier » the SHA-256 to the clipboard; shown once the page runs JavaScript (without it, the text is there to select). */
function CopyButton({ text }: { text: string }) {
  // False on the server and while hydrating; then whether this browser has a clipboard to write to.
  const ready = useSyncExternalStore(noSubscription, hasClipboard, () => false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  if (!ready) return null;
  return (
    <button
      type="button"
      onClick={() =>
        void navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        )
      }
      className={buttonClass('secondary', 'inline-flex shrink-0 items-center gap-1 px-2.5 py-1 text-xs')}
    >
      {copied ? <Check size={14} aria-hidden /> : <Copy size={14} aria-hidden />}
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </button>
  );
}
