// `npm run server`: the reference backend host as a standalone process, configured by environment.
import { startBackendHost } from './host';
import { projectIdFromMetadataServer } from './metadata';

async function main(): Promise<void> {
  const env = process.env;
  const smtpUrl = env.SMTP_URL;
  if (!smtpUrl) {
    console.error('SMTP_URL is not set. Set it to your mail server, e.g. SMTP_URL=smtps://user:password@smtp.example.com');
    process.exit(1);
  }
  let projectId = env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT || undefined;
  if (!projectId && !env.GOOGLE_APPLICATION_CREDENTIALS) {
    // Cloud Run and Compute Engine set no project variable; their metadata server names the project.
    try {
      projectId = await projectIdFromMetadataServer();
    } catch (err) {
      console.error(
        `No Firebase project: ${err instanceof Error ? err.message : String(err)}. Off Google Cloud, set GOOGLE_CLOUD_PROJECT (or GCLOUD_PROJECT) to your Firebase project id, or GOOGLE_APPLICATION_CREDENTIALS to a service-account key file.`
      );
      process.exit(1);
    }
    // Told once to every Google library the way they read it, so none asks again (or runs gcloud to find out).
    env.GOOGLE_CLOUD_PROJECT = projectId;
  }
  const port = Number(env.PORT ?? 8787);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`PORT must be a port number, not "${env.PORT}".`);
    process.exit(1);
  }
  const retainYears = Number(env.LEDGERDESK_RETAIN_YEARS ?? 5);
  if (!Number.isInteger(retainYears) || retainYears < 1 || retainYears > 100) {
    console.error(`LEDGERDESK_RETAIN_YEARS must be a whole number of years from 1 to 100, not "${env.LEDGERDESK_RETAIN_YEARS}".`);
    process.exit(1);
  }
  const host = await startBackendHost({
    projectId,
    smtpUrl,
    adminUid: env.LEDGERDESK_ADMIN_UID || null,
    retainYears,
    mailFrom: env.MAIL_FROM || undefined,
    port,
    // Cloud Run (K_SERVICE) sends traffic from outside the container; anywhere else, stay on loopback unless told.
    host: env.HOST || (env.K_SERVICE ? '0.0.0.0' : '127.0.0.1'),
    // The build writes the version in; a checkout run through tsx says 'development'.
    version: process.env.LEDGERDESK_VERSION || 'development'
  });
  console.log(`Ledgerdesk backend host listening on ${host.url}`);

  const stop = () => {
    host.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err instanceof Error ? err.message : err);
        process.exit(1);
      }
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(`The backend host could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
