import { Notice } from '../../../components/ui/Notice';

const example = `{
  "firebase": {
    "apiKey": "…",
    "authDomain": "your-project.firebaseapp.com",
    "projectId": "your-project",
    "appId": "…"
  },
  "adminUid": "the administrator account's UID",
  "backendUrl": "https://backend.example.com"
}`;

/**
 * Shown instead of the sign-in form when no platform is configured: nobody can sign in until
 * Ledgerdesk knows which Firebase project to use, so say exactly how to tell it.
 */
export function ConnectPlatform({ configFile, problem }: { configFile: string; problem: string | null }) {
  return (
    <section aria-label="How to connect a platform" className="space-y-4 text-sm text-slate-600">
      {problem && (
        <Notice tone="error">
          <p className="font-medium">The configuration could not be used.</p>
          <p className="mt-0.5 break-words">{problem}</p>
        </Notice>
      )}
      <p>Ledgerdesk needs your platform's Firebase web configuration before the administrator can sign in.</p>
      <div>
        <p>Save it in this file:</p>
        <code className="mt-1.5 block rounded-md bg-slate-100 px-3 py-2 font-mono text-xs break-all text-slate-800 select-all">{configFile}</code>
      </div>
      <pre className="always-dark overflow-x-auto rounded-md bg-slate-900 px-3 py-2.5 font-mono text-xs leading-relaxed text-slate-100">{example}</pre>
      <p>
        Or set <code className="font-mono text-xs text-slate-800">LEDGERDESK_FIREBASE_CONFIG</code>,{' '}
        <code className="font-mono text-xs text-slate-800">LEDGERDESK_ADMIN_UID</code> and{' '}
        <code className="font-mono text-xs text-slate-800">LEDGERDESK_BACKEND_URL</code> in the environment. Then restart Ledgerdesk.
      </p>
    </section>
  );
}
