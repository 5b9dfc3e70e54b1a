import { isRouteErrorResponse } from 'react-router';
import { errorPage } from '@resto/copy/storefront/site';
import { buttonClass } from './ui/button.tsx';

/** The error page of spec section 2: '404 !' or 'Oups…', in French, with a link home. */
export function ErrorPage({ notFound, detail }: { notFound: boolean; detail?: string | undefined }) {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-4xl font-bold">{notFound ? errorPage.pageNotFoundTitle : errorPage.errorTitle}</h1>
      {notFound ? <p className="text-lg">{errorPage.pageNotFound}</p> : null}
      {detail ? <p className="text-sm text-ink/70">{detail}</p> : null}
      {notFound ? null : (
        <>
          <p>{errorPage.errorBroke}</p>
          <p>{errorPage.errorSorry}</p>
        </>
      )}
      <a href="/" className={buttonClass('primary', 'mt-2 px-5 py-2.5')}>
        {errorPage.backHome}
      </a>
    </div>
  );
}

/** The message an error page shows: the route's own text, or the error's message (spec section 2: 'Dang' with the message). */
export function errorDetail(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return typeof error.data === 'string' ? error.data : error.statusText || undefined;
  return error instanceof Error ? error.message : undefined;
}
