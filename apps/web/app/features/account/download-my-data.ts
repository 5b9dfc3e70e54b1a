import { z } from 'zod';
import { AccountExportSchema } from '@resto/contract/auth';
import { exportAccount } from '@resto/contract/auth.routes';
import { accountAnswers, personalDataExport } from '@resto/copy/storefront/account';
import { api, ApiCallError, isApiError } from '../../lib/api.ts';
import { sessionHeaders } from './credentials.ts';

/**
 * The file as it is written: everything the server sent (not only what the contract names), with
 * the cookie choice of this browser added to its consents.
 */
const ExportFileSchema = z.looseObject({ consents: z.looseObject({ cookies: z.looseObject({}) }) });

/**
 * "Télécharger mes données" (docs/decisions/012, RGPD articles 15 and 20): GET /v2/public/auth/export with
 * the bearer token, the file saved under the server's name. The cookie choice lives in this
 * browser only, so it is written into the file's consents here.
 * @throws ApiCallError with the server's French message, or messages.exportFailed when there was
 * no answer or an answer outside the contract (AccountExportSchema).
 */
export async function downloadMyData(cookieChoice: 'true' | 'false' | null): Promise<void> {
  const headers = sessionHeaders();
  if (!headers.Authorization) throw new ApiCallError(401, 'login_required', accountAnswers.notLoggedIn);
  let response: Response;
  try {
    response = await api.send(exportAccount, { headers, sensitive: true });
  } catch (error) {
    if (isApiError(error, 'network', 'invalid_answer'))
      throw new ApiCallError(error.status, error.code, accountAnswers.exportFailed, [], undefined, { cause: error });
    throw error;
  }
  const json: unknown = await response.json().catch(() => undefined);
  const checked = AccountExportSchema.safeParse(json);
  const file = ExportFileSchema.safeParse(json);
  if (!checked.success || !file.success)
    throw new ApiCallError(response.status, 'invalid_answer', accountAnswers.exportFailed, [], undefined, { cause: checked.error ?? file.error });
  file.data.consents.cookies.choice_in_this_browser = cookieChoice === null ? personalDataExport.noAnswer : cookieChoice === 'true' ? personalDataExport.accepted : personalDataExport.refused;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'mes-donnees.json';
  const url = URL.createObjectURL(new Blob([JSON.stringify(file.data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
