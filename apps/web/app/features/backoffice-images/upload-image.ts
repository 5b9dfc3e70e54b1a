import { UploadAnswerSchema, type UploadAnswer } from '@resto/contract/backoffice-images';
import { uploadDishImage } from '@resto/contract/images.routes';
import { requestErrors } from '@resto/copy/errors/request';
import { imageUpload } from '@resto/copy/staff/images';
import { routeUrl } from '../../lib/api.ts';

/** A refused or failed upload: the French sentence to show (from the API, or the client's own). */
export class UploadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadError';
  }
}

/**
 * POST /v2/restaurant/uploads with the file in the field `file`, through XMLHttpRequest (fetch
 * cannot report an upload's progress). `onProgress` gets 0..1 while the bytes leave.
 * @returns the API's answer (UploadAnswerSchema). @throws UploadError with a French message.
 */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open(uploadDishImage.method.toUpperCase(), routeUrl(uploadDishImage));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new UploadError(imageUpload.networkError));
    xhr.onabort = () => reject(new UploadError(imageUpload.networkError));
    xhr.onload = () => {
      type Envelope = { status?: string; payload?: unknown; message?: unknown } | null;
      let body: Envelope = null;
      try {
        body = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        body = null;
      }
      if (xhr.status === 413 && !body) return reject(new UploadError(imageUpload.tooLarge));
      if (body?.status === 'success') {
        const parsed = UploadAnswerSchema.safeParse(body.payload);
        return parsed.success ? resolve(parsed.data) : reject(new UploadError(requestErrors.genericError));
      }
      reject(new UploadError(typeof body?.message === 'string' ? body.message : requestErrors.genericError));
    };
    xhr.send(form);
  });
}
