import { useId, type ReactNode } from 'react';

/** A part of a screen under its own heading and a line saying what it holds; the heading names the section. */
export function PageSection({ title, description, busy, children }: { title: string; description: string; busy?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} aria-busy={busy || undefined}>
      <div className="mb-4">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      {children}
    </section>
  );
}
