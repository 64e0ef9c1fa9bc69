// The router's error screen: shown when a page crashes or its code fails to load (e.g. after a deploy).
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';

const UNEXPECTED_ERROR = 'Unexpected Application Error!';

export function RootError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : null;
  return (
    <div role="alert" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <div aria-hidden="true" className="mb-6 grid h-16 w-16 place-items-center rounded-full bg-amber-50 text-amber-700">
        <TriangleAlert size={32} />
      </div>
      <h1 className="text-2xl font-bold">{UNEXPECTED_ERROR}</h1>
      <p className="mt-3 text-ink-600">Something broke on this page. Reloading usually fixes it.</p>
      {detail && <p className="mt-2 max-w-full truncate text-sm text-ink-500">{detail}</p>}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {/* Plain links: the router itself may be what failed. */}
        <a href="/" className={buttonClasses('primary')}>
          Back Home
        </a>
        <a href={window.location.href} className={buttonClasses('outline')}>
          Reload
        </a>
      </div>
    </div>
  );
}
