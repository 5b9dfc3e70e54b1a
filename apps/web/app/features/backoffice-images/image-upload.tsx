import { useId, useRef, useState } from 'react';
import { Camera, LoaderCircle } from 'lucide-react';
import { maxUploadBytes } from '@resto/domain/images';
import { imageUpload as t } from '@resto/copy/staff/images';
import { DishPicture } from '../../components/dish-picture.tsx';
import { uploadImage, UploadError } from './upload-image.ts';

/**
 * A dish's photo in a back-office form (docs/decisions/023): a file input (any image; phones offer
 * the camera or the gallery), the upload's progress, a preview, and the server's French refusal
 * in an alert. Once the server has stored the photo, `onChange` gets its path
 * (`/uploads/<hash>-800.webp`) for the form's `image` field; a refused upload keeps `value`.
 */
export function ImageUpload({ value, onChange, label = t.label }: { value: string; onChange(path: string): void; label?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const send = async (file: File) => {
    setError(null);
    setDone(false);
    if (file.size > maxUploadBytes) return setError(t.tooLarge);
    if (file.type && !file.type.startsWith('image/')) return setError(t.notAnImage);
    setProgress(0);
    try {
      const answer = await uploadImage(file, setProgress);
      onChange(answer.image);
      setDone(true);
    } catch (e) {
      setError(e instanceof UploadError ? e.message : t.networkError);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  const pending = progress !== null;
  return (
    <div className="space-y-2" data-testid="image-upload">
      <span id={`${id}-label`} className="block text-sm font-semibold">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-3">
        <div className="relative h-[84px] w-28 shrink-0 overflow-hidden rounded-xl bg-stone-100">
          {value ? (
            <DishPicture src={value} alt={t.previewAlt} sizes="112px" width={112} height={84} className="h-full w-full object-cover" />
          ) : (
            <span className="flex h-full items-center justify-center px-2 text-center text-xs text-ink/70">{t.noImage}</span>
          )}
          {pending ? <span className="absolute inset-0 bg-white/60" aria-hidden /> : null}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <label
            id={`${id}-button`}
            htmlFor={id}
            className={`inline-flex min-h-11 cursor-pointer items-center gap-2 whitespace-nowrap rounded-full border border-black/15 bg-white px-4 py-2 text-sm font-semibold hover:bg-stone-50 focus-within:outline focus-within:outline-2 focus-within:outline-brand-600 ${pending ? 'pointer-events-none opacity-70' : ''}`}
          >
            {pending ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> : <Camera className="h-4 w-4" aria-hidden />}
            {pending ? t.uploading : value ? t.replace : t.choose}
            <input
              ref={input}
              id={id}
              type="file"
              accept="image/*"
              className="sr-only"
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-labelledby={`${id}-label ${id}-button`}
              disabled={pending}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void send(file);
              }}
            />
          </label>
          <p id={`${id}-hint`} className="text-xs text-ink/70">
            {t.hint}
          </p>
          {pending ? (
            <progress className="h-2 w-full max-w-xs accent-brand-600" max={1} value={progress} aria-label={t.uploading}>
              {Math.round(progress * 100)} %
            </progress>
          ) : null}
          <div aria-live="polite" className="text-sm">
            {done && !error ? <p className="font-medium text-emerald-800">{t.uploaded}</p> : null}
          </div>
          {error ? (
            <p id={`${id}-error`} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
