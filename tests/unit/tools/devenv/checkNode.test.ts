import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeProblem } from '../../../../tools/check-node.mjs';

const root = resolve(__dirname, '../../../..');
const pkg = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as { engines: { node: string }; scripts: Record<string, string> };
const nvmrc = readFileSync(resolve(root, '.nvmrc'), 'utf8').trim();

describe('the Node Ledgerdesk is developed and tested on', () => {
  it('engines asks for 22.13 or newer, and .nvmrc names a Node that satisfies it', () => {
    expect(pkg.engines.node).toBe('>=22.13.0');
    expect(nvmrc).toBe('24');
    expect(nodeProblem(`${nvmrc}.0.0`, pkg.engines.node)).toBeNull();
  });

  it('tells a newcomer on an older Node what to do, in one line', () => {
    for (const old of ['20.20.2', 'v20.19.0', '22.12.0', '18.20.4']) {
      const line = nodeProblem(old, pkg.engines.node);
      expect(line).toBe(`Ledgerdesk needs Node 22.13 or newer (you have ${old.replace(/^v/, '')}): run \`nvm use\` (see .nvmrc) or install Node 24.`);
    }
    for (const recent of ['22.13.0', '22.20.1', '23.0.0', '24.21.0', 'v25.1.0']) expect(nodeProblem(recent, pkg.engines.node)).toBeNull();
  });

  it('is said before installing, testing and starting, and never stops npm ci', () => {
    for (const script of ['preinstall', 'start', 'web', 'dev', 'test']) expect(pkg.scripts[script]).toMatch(/^node tools\/check-node\.mjs( &&|$)/);
    // Run as npm runs it: whatever Node this is, it exits 0 (a warning, not a refusal).
    const output = execFileSync(process.execPath, ['tools/check-node.mjs'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(output).toBe('');
  });
});
