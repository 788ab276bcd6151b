// Which Firebase project a command run with firebase-admin works on: the service account key's
// (GOOGLE_APPLICATION_CREDENTIALS), GOOGLE_CLOUD_PROJECT or GCLOUD_PROJECT, or the demo's on the
// emulators. Said first by every command, so nobody changes the wrong project without noticing.
import { readFileSync } from 'node:fs';

export class ProjectError extends Error {}

const keyFileProject = (): string | undefined => {
  const file = process.env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!file) return undefined;
  try {
    const id: unknown = JSON.parse(readFileSync(file, 'utf8')).project_id;
    return typeof id === 'string' ? id : undefined;
  } catch {
    throw new ProjectError(`GOOGLE_APPLICATION_CREDENTIALS names ${file}, which is not a readable service account key (JSON).`);
  }
};

/** The project id and, on the emulators, how to say so; refuses in words when no project is named. */
export function platformProject(emulatorHost: string | undefined): { projectId: string; said: string } {
  // Offline, firebase-admin would otherwise wait for a cloud metadata server that is not there.
  if (emulatorHost) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const projectId = process.env.GOOGLE_CLOUD_PROJECT || process.env.GCLOUD_PROJECT || keyFileProject() || (emulatorHost ? 'demo-ledgerdesk' : undefined);
  if (!projectId) {
    throw new ProjectError(
      "Which project? Set GOOGLE_APPLICATION_CREDENTIALS to a service account key of the platform's project (Firebase console > Project settings > Service accounts), or GOOGLE_CLOUD_PROJECT, or the emulator's host for the emulators."
    );
  }
  return { projectId, said: `Project ${projectId}${emulatorHost ? ` (emulator at ${emulatorHost})` : ''}.` };
}
