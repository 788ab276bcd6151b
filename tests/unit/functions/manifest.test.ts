import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyProblems, packageOf } from '../../../tools/functions/build';
import { manifestChanges, manifestOf, manifestTable, type DeployedFunction } from '../../../tools/functions/manifest';
import { SWEEP_TIMEOUT_SECONDS, TRIGGER_TIMEOUT_SECONDS } from '../../../server/platform/mailDelivery';
import { LONGEST_SEND_MS } from '../../../server/mailer';

const root = resolve(__dirname, '../../..');
const json = (file: string) => JSON.parse(readFileSync(join(root, file), 'utf8'));

const mailTrigger: DeployedFunction = {
  name: 'deliverMail',
  trigger: 'firestore document.created mailOutbox/{id}',
  region: 'params.LEDGERDESK_REGION',
  retry: 'yes',
  memory: '256 MiB',
  timeout: '(default)',
  secrets: ['SMTP_URL']
};

describe('the functions manifest (npm run functions:check)', () => {
  it('reads each exported function’s trigger, region, retry, memory, timeout and secrets from its endpoint, and ignores other exports', () => {
    const deliverMail = Object.assign(() => undefined, {
      __endpoint: {
        region: 'params.LEDGERDESK_REGION',
        availableMemoryMb: 256,
        secretEnvironmentVariables: [{ key: 'SMTP_URL' }],
        eventTrigger: { eventType: 'google.cloud.firestore.document.v1.created', eventFilterPathPatterns: { document: 'mailOutbox/{id}' }, retry: true }
      }
    });
    const nightly = Object.assign(() => undefined, {
      __endpoint: { region: ['europe-west1'], timeoutSeconds: 120, scheduleTrigger: { schedule: 'every 60 minutes', timeZone: 'UTC', retryConfig: {} } }
    });
    const pages = Object.assign(() => undefined, {
      __endpoint: { taskQueueTrigger: { retryConfig: { maxAttempts: 5 }, rateLimits: { maxConcurrentDispatches: 2 } } }
    });
    expect(manifestOf({ deliverMail, nightly, pages, helper: () => undefined, constant: 3 })).toEqual([
      mailTrigger,
      {
        name: 'nightly',
        trigger: 'schedule every 60 minutes (UTC)',
        region: 'europe-west1',
        retry: 'no',
        memory: '(default)',
        timeout: '120 s',
        secrets: []
      },
      { name: 'pages', trigger: 'task queue, 2 at a time', region: '(default)', retry: '5 attempts', memory: '(default)', timeout: '(default)', secrets: [] }
    ]);
  });

  it('names a missing function, a changed trigger, memory or timeout, and a function nobody expected', () => {
    const moved = { ...mailTrigger, trigger: 'firestore document.written mailOutbox/{id}', memory: '512 MiB', timeout: '120 s' };
    expect(manifestChanges([mailTrigger], [])).toEqual(['deliverMail is missing from the bundle (expected: firestore document.created mailOutbox/{id}).']);
    expect(manifestChanges([mailTrigger], [moved])).toEqual([
      'deliverMail: trigger changed from "firestore document.created mailOutbox/{id}" to "firestore document.written mailOutbox/{id}".',
      'deliverMail: memory changed from "256 MiB" to "512 MiB".',
      'deliverMail: timeout changed from "(default)" to "120 s".'
    ]);
    expect(manifestChanges([], [mailTrigger])).toEqual(['deliverMail is new (firestore document.created mailOutbox/{id}) and not in functions/triggers.json.']);
    expect(manifestChanges([mailTrigger], [mailTrigger])).toEqual([]);
  });

  it('prints one aligned row per function under a header', () => {
    const table = manifestTable([mailTrigger]).split('\n');
    expect(table[0]).toMatch(/^function\s+trigger\s+region\s+retry\s+memory\s+timeout\s+secrets$/);
    expect(table[1]).toMatch(
      /^deliverMail\s+firestore document\.created mailOutbox\/\{id\}\s+params\.LEDGERDESK_REGION\s+yes\s+256 MiB\s+\(default\)\s+SMTP_URL$/
    );
    expect(table[1]!.indexOf('params')).toBe(table[0]!.indexOf('region'));
  });

  it('declares the mail sweep’s timeout, the one its deadline keeps a margin from', () => {
    const expected = json('functions/triggers.json') as DeployedFunction[];
    expect(expected.find((fn) => fn.name === 'sweepMailOutboxEveryMinute')).toMatchObject({ timeout: `${SWEEP_TIMEOUT_SECONDS} s` });
  });

  it('declares the mail trigger’s timeout, longer than one slow send', () => {
    const expected = json('functions/triggers.json') as DeployedFunction[];
    expect(expected.find((fn) => fn.name === 'deliverMail')).toMatchObject({ timeout: `${TRIGGER_TIMEOUT_SECONDS} s` });
    expect(TRIGGER_TIMEOUT_SECONDS * 1_000).toBeGreaterThan(LONGEST_SEND_MS);
  });

  it('expects at least the backend host as an HTTPS function with the SMTP secret', () => {
    const expected = json('functions/triggers.json') as DeployedFunction[];
    expect(expected.find((fn) => fn.name === 'backendHost')).toMatchObject({ trigger: 'https', secrets: ['SMTP_URL'] });
  });
});

describe('the deployed packages’ dependencies', () => {
  it('knows a package from the path a bundle imports, and leaves Node’s own modules out', () => {
    expect(packageOf('firebase-admin/app')).toBe('firebase-admin');
    expect(packageOf('@firebase/util/dist')).toBe('@firebase/util');
    expect(packageOf('node:crypto')).toBeNull();
  });

  it('refuses a bundle whose package.json lacks a package it imports, or deploys another range than the one tested', () => {
    expect(dependencyProblems('functions', ['fastify', 'zod'], { fastify: '^5.0.0' }, { fastify: '^5.12.8', zod: '^4.6.7' })).toEqual([
      'functions deploys fastify ^5.0.0, but this repository is tested with ^5.12.8: make them the same.',
      'functions imports zod, which its package.json does not list under dependencies.'
    ]);
  });

  it('deploys the functions and the service with the versions this repository tests', () => {
    const rootPackage = json('package.json');
    const tested = { ...rootPackage.dependencies, ...rootPackage.devDependencies };
    for (const dir of ['functions', 'server']) {
      const deployed = json(`${dir}/package.json`).dependencies as Record<string, string>;
      expect(dependencyProblems(dir, Object.keys(deployed), deployed, tested), dir).toEqual([]);
    }
    expect(Object.keys(json('functions/package.json').dependencies)).toContain('firebase-functions');
  });
});
