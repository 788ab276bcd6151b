import { resolve } from 'node:path';
import { startBackendHost } from '../../server/host';
import { startMailSink } from './mail-sink';

export interface DemoMail {
  /** Where Ledgerdesk's e-mail dispatcher sends: the in-process backend host. */
  backendUrl: string;
  /** Every message the backend host sends lands here as an .eml file. */
  mailDir: string;
  close(): Promise<void>;
}

/** Default home of the demo's e-mails, relative to where Ledgerdesk was started. */
export const mailDirFrom = (env: NodeJS.ProcessEnv): string => resolve(env.LEDGERDESK_MAIL_DIR ?? '.ledgerdesk/mail');

/**
 * Demo mode's e-mail path, all real components: the reference backend host (server/) in this
 * process, verifying ID tokens against the Auth emulator and sending with nodemailer to a local
 * SMTP sink that stores each message as an .eml file.
 */
export async function startDemoMail(options: { projectId: string; mailDir: string; log?: (line: string) => void }): Promise<DemoMail> {
  const sink = await startMailSink({ dir: options.mailDir });
  try {
    const host = await startBackendHost({ projectId: options.projectId, smtpUrl: sink.smtpUrl, log: options.log ?? (() => undefined) });
    return {
      backendUrl: host.url,
      mailDir: sink.dir,
      async close() {
        await host.close();
        await sink.close();
      }
    };
  } catch (error) {
    await sink.close();
    throw error;
  }
}
