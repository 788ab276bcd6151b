import type { ReactNode } from 'react';
import { LogoMark } from './Logo';
import { Spinner } from './Spinner';

/** The whole window, calm and centered: start-up, sign-out, unreachable service. */
export function FullPage({ children }: { children: ReactNode }) {
  return <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">{children}</main>;
}

export function FullPageLoader({ label }: { label: string }) {
  return (
    <FullPage>
      {/* Fades in late, so a start-up that takes a blink does not flash a spinner. */}
      <div className="flex animate-fade-in-late flex-col items-center gap-5" role="status" aria-live="polite">
        <LogoMark className="size-10" />
        <div className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner />
          <span>{label}</span>
        </div>
      </div>
    </FullPage>
  );
}
