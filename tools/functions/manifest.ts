/**
 * The deployable shape of Ledgerdesk's functions, read from the built bundle the way `firebase deploy`
 * reads it (each export's `__endpoint`), without a network: which trigger, region, retry, memory and timeout.
 */

/** One function as deployed: what wakes it and how it runs. */
export interface DeployedFunction {
  name: string;
  /** "https", "firestore document.created mailOutbox/{id}", "schedule every 60 minutes (UTC)", "task queue". */
  trigger: string;
  region: string;
  /** Whether a failed run is retried (event triggers), or the task queue's attempts; "-" where it does not apply. */
  retry: string;
  memory: string;
  /** How long one run may take before it is stopped; "(default)" is the platform's 60 s. */
  timeout: string;
  secrets: string[];
}

interface Endpoint {
  region?: unknown;
  availableMemoryMb?: number | null;
  /** A number where the function sets one; otherwise firebase-functions' reset marker (the platform's default). */
  timeoutSeconds?: unknown;
  secretEnvironmentVariables?: { key: string }[];
  httpsTrigger?: unknown;
  eventTrigger?: { eventType: string; eventFilterPathPatterns?: Record<string, string>; retry?: boolean };
  scheduleTrigger?: { schedule: string; timeZone?: string | null; retryConfig?: { retryCount?: number | null } };
  taskQueueTrigger?: { retryConfig?: { maxAttempts?: number | null }; rateLimits?: { maxConcurrentDispatches?: number | null } };
}

const regionOf = (region: unknown): string =>
  Array.isArray(region) ? region.join(', ') : region === undefined || region === null ? '(default)' : String(region);

function triggerOf(endpoint: Endpoint): { trigger: string; retry: string } {
  if (endpoint.httpsTrigger) return { trigger: 'https', retry: '-' };
  if (endpoint.eventTrigger) {
    const { eventType, eventFilterPathPatterns = {}, retry } = endpoint.eventTrigger;
    const kind = eventType.replace(/^google\.cloud\.firestore\.document\.v1\./, 'firestore document.');
    return { trigger: `${kind} ${Object.values(eventFilterPathPatterns).join(' ')}`.trim(), retry: retry ? 'yes' : 'no' };
  }
  if (endpoint.scheduleTrigger) {
    const { schedule, timeZone, retryConfig } = endpoint.scheduleTrigger;
    return { trigger: `schedule ${schedule}${timeZone ? ` (${timeZone})` : ''}`, retry: retryConfig?.retryCount ? `${retryConfig.retryCount} retries` : 'no' };
  }
  if (endpoint.taskQueueTrigger) {
    const { retryConfig, rateLimits } = endpoint.taskQueueTrigger;
    const concurrent = rateLimits?.maxConcurrentDispatches ? `, ${rateLimits.maxConcurrentDispatches} at a time` : '';
    return { trigger: `task queue${concurrent}`, retry: retryConfig?.maxAttempts ? `${retryConfig.maxAttempts} attempts` : 'default' };
  }
  return { trigger: 'unknown', retry: '-' };
}

/** Every exported function of a loaded bundle, by name. */
export function manifestOf(bundle: Record<string, unknown>): DeployedFunction[] {
  return Object.entries(bundle)
    .filter(([, value]) => typeof value === 'function' && (value as { __endpoint?: unknown }).__endpoint)
    .map(([name, value]) => {
      const endpoint = (value as { __endpoint: Endpoint }).__endpoint;
      return {
        name,
        ...triggerOf(endpoint),
        region: regionOf(endpoint.region),
        memory: endpoint.availableMemoryMb ? `${endpoint.availableMemoryMb} MiB` : '(default)',
        timeout: typeof endpoint.timeoutSeconds === 'number' ? `${endpoint.timeoutSeconds} s` : '(default)',
        secrets: (endpoint.secretEnvironmentVariables ?? []).map((secret) => secret.key)
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What differs from the expected manifest: a function missing, added, or with another trigger, region, retry, memory, timeout or secrets. */
export function manifestChanges(expected: DeployedFunction[], built: DeployedFunction[]): string[] {
  const changes: string[] = [];
  const byName = new Map(built.map((fn) => [fn.name, fn]));
  for (const want of expected) {
    const got = byName.get(want.name);
    if (!got) {
      changes.push(`${want.name} is missing from the bundle (expected: ${want.trigger}).`);
      continue;
    }
    for (const key of ['trigger', 'region', 'retry', 'memory', 'timeout', 'secrets'] as const) {
      const [a, b] = [JSON.stringify(want[key]), JSON.stringify(got[key])];
      if (a !== b) changes.push(`${want.name}: ${key} changed from ${a} to ${b}.`);
    }
  }
  const names = new Set(expected.map((fn) => fn.name));
  for (const fn of built) if (!names.has(fn.name)) changes.push(`${fn.name} is new (${fn.trigger}) and not in functions/triggers.json.`);
  return changes;
}

/** The manifest as a table a person reads in a terminal. */
export function manifestTable(functions: DeployedFunction[]): string {
  const rows = [
    ['function', 'trigger', 'region', 'retry', 'memory', 'timeout', 'secrets'],
    ...functions.map((fn) => [fn.name, fn.trigger, fn.region, fn.retry, fn.memory, fn.timeout, fn.secrets.join(', ') || '-'])
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd()
    )
    .join('\n');
}
