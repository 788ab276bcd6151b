import { describe, expect, it } from 'vitest';
import { clip, redactSecrets, scrubPersonalData } from '@shared/domain/privacy';

const idToken = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEifQ.eyJ1aWQiOiJhZG1pbiJ9.c2lnbmF0dXJlLWJ5dGVz';
const apiKey = 'AIzaSyD3m0-Ledgerdesk_Demo_Key_0123456789';

describe('what may leave the computer in a log line or an export', () => {
  it('replaces e-mail addresses, also URL-encoded, and keeps record ids', () => {
    expect(scrubPersonalData('No card for olivia.rossi+kyc@example.co.uk (user 39BgMhBV383Lr8ZAhcDYVUwAtUjD)')).toBe(
      'No card for [email] (user 39BgMhBV383Lr8ZAhcDYVUwAtUjD)'
    );
    expect(scrubPersonalData('/users/by-email?email=olivia%40example.com')).toBe('/users/by-email?email=[email]');
  });

  it('replaces tokens, API keys, passwords and launch codes, wherever they sit', () => {
    const text = [
      `Authorization: Bearer ${idToken}`,
      `http://127.0.0.1:5199/?token=Zm9vYmFyYmF6cXV4cXV1eA&x=1`,
      'http://127.0.0.1:5199/launch?code=9f8e7d6c5b4a',
      `{"apiKey":"${apiKey}","password":"hunter2-Secret","projectId":"acme-prod"}`,
      'x-ledgerdesk-token: s3cr3t-value',
      `refreshToken=${'r'.repeat(40)}`
    ].join('\n');
    const scrubbed = scrubPersonalData(text);
    for (const secret of [idToken, apiKey, 'hunter2-Secret', 'Zm9vYmFyYmF6cXV4cXV1eA', '9f8e7d6c5b4a', 's3cr3t-value', 'r'.repeat(40)]) {
      expect(scrubbed).not.toContain(secret);
    }
    expect(scrubbed).toContain('"projectId":"acme-prod"');
    expect(scrubbed).toContain('&x=1');
  });

  it('leaves an ordinary error and its stack alone', () => {
    const stack = "TypeError: Cannot read properties of undefined (reading 'amount')\n    at DepositRow (app://ledgerdesk/assets/MoneyListPage-BE7.js:12:3400)";
    expect(scrubPersonalData(stack)).toBe(stack);
    expect(scrubPersonalData('{"ok":false,"error":{"code":"UNAVAILABLE","message":"No answer"}}')).toContain('"code":"UNAVAILABLE"');
  });

  it('redacts a configuration: secret fields by name, addresses in any text, at any depth', () => {
    const config = {
      firebase: { apiKey, authDomain: 'acme.firebaseapp.com', projectId: 'acme-prod' },
      adminUid: 'u-admin-1',
      backendUrl: 'https://host.example/api?key=abc123',
      smtp: { user: 'mailer@acme.example', password: 'p4ss' },
      rememberedEmail: 'admin@acme.example',
      idleMinutes: 2,
      emptyToken: ''
    };
    expect(redactSecrets(config)).toEqual({
      firebase: { apiKey: '[secret]', authDomain: 'acme.firebaseapp.com', projectId: 'acme-prod' },
      adminUid: 'u-admin-1',
      backendUrl: 'https://host.example/api?key=[secret]',
      smtp: { user: '[email]', password: '[secret]' },
      rememberedEmail: '[email]',
      idleMinutes: 2,
      emptyToken: ''
    });
  });

  it('clips long text and says so', () => {
    expect(clip('short', 10)).toBe('short');
    const clipped = clip('x'.repeat(50), 20);
    expect(clipped).toHaveLength(20);
    expect(clipped.endsWith(' [cut]')).toBe(true);
  });
});
