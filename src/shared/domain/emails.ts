import type { EmailDraft, EmailKind } from './changeset';
import { roleDescriptions, roleLabels, type Role } from './roles';

/** Webmail needs every field: recipient, subject, company name and body (docs/product-rules.md §7.3). */
export const FILL_IN_ALL_FIELDS = 'Please fill in all fields';

/**
 * One template per e-mail the platform sends after an administrator's decision. Each has the
 * platform's name, the customer's name and money formatted as money, in HTML and in plain text.
 */
export interface Recipient {
  email: string;
  name: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Template {
  subject: string;
  intro: string;
  /** Label/value pairs shown as a small table (HTML) or aligned lines (text); a third item makes the value a link there. */
  facts: [label: string, value: string, href?: string][];
  outro: string;
}

function render(kind: EmailKind, platform: string, to: Recipient, about: string, t: Template): EmailDraft {
  const rows = t.facts
    .map(
      ([label, value, href]) =>
        `<tr><td style="padding:6px 16px 6px 0;color:#5b6474">${escapeHtml(label)}</td>` +
        `<td style="padding:6px 0;font-weight:600;color:#111827;word-break:break-all">${
          href ? `<a href="${escapeHtml(href)}" style="color:#4f46e5">${escapeHtml(value)}</a>` : escapeHtml(value)
        }</td></tr>`
    )
    .join('');
  const html =
    `<!doctype html><html><body style="margin:0;background:#f4f5f7;font-family:Helvetica,Arial,sans-serif">` +
    `<table role="presentation" width="100%" style="padding:24px 0"><tr><td align="center">` +
    `<table role="presentation" width="560" style="background:#ffffff;border-radius:8px;padding:32px;text-align:left">` +
    `<tr><td style="font-size:18px;font-weight:700;color:#111827;padding-bottom:16px">${escapeHtml(platform)}</td></tr>` +
    `<tr><td style="font-size:15px;color:#111827;padding-bottom:12px">Hello ${escapeHtml(to.name)},</td></tr>` +
    `<tr><td style="font-size:15px;line-height:22px;color:#374151;padding-bottom:16px">${escapeHtml(t.intro)}</td></tr>` +
    (rows ? `<tr><td><table role="presentation" style="font-size:14px;padding-bottom:16px">${rows}</table></td></tr>` : '') +
    `<tr><td style="font-size:15px;line-height:22px;color:#374151;padding-bottom:24px">${escapeHtml(t.outro)}</td></tr>` +
    `<tr><td style="font-size:13px;color:#6b7280">The ${escapeHtml(platform)} team</td></tr>` +
    `</table></td></tr></table></body></html>`;
  const width = Math.max(0, ...t.facts.map(([label]) => label.length));
  const text = [
    `Hello ${to.name},`,
    '',
    t.intro,
    ...(t.facts.length ? ['', ...t.facts.map(([label, value]) => `${`${label}:`.padEnd(width + 2)}${value}`)] : []),
    '',
    t.outro,
    '',
    `The ${platform} team`
  ].join('\n');
  return { kind, to: to.email, toName: to.name, subject: t.subject, companyName: platform, html, text, about };
}

/** An e-mail builder: the platform, the recipient and the record it is about, then what its template shows. */
const emailOf =
  <Details>(kind: EmailKind, template: (details: Details) => Template) =>
  (platform: string, to: Recipient, about: string, details: Details): EmailDraft =>
    render(kind, platform, to, about, template(details));

export const investmentActivatedEmail = emailOf('investmentActivated', (deposit: { amount: string; method: string }) => ({
  subject: 'Investment Successfully Activated',
  intro: 'We have confirmed your deposit and your investment is now active.',
  facts: [
    ['Amount', deposit.amount],
    ['Method', deposit.method]
  ],
  outro: 'Your returns will appear in your account as your plan progresses.'
}));

export const referralBonusEmail = emailOf('referralBonus', (bonus: { amount: string; deposit: string; percent: number }) => ({
  subject: 'Referral Bonus Earned',
  intro: `A customer you referred has made a deposit, and ${bonus.percent}% of it has been added to your balance.`,
  facts: [
    ['Bonus', bonus.amount],
    ['Their deposit', bonus.deposit]
  ],
  outro: 'Thank you for recommending us.'
}));

/** The chain transaction of a payout, when the administrator gave it: its id, and its explorer page as a link. */
interface PaidOut {
  txid?: string | null;
  link?: string | null;
}

/** When the customer asked for the withdrawal, in the platform's zone (dates.ts timeIn); null when it cannot be read. */
interface Requested {
  requested?: string | null;
}

const requestedFact = ({ requested }: Requested): [string, string][] => (requested ? [['Requested', requested]] : []);

export const withdrawalProcessedEmail = emailOf(
  'withdrawalProcessed',
  (withdrawal: { amount: string; method: string; walletAddress: string } & PaidOut & Requested) => ({
    subject: 'Withdrawal Successfully Processed',
    intro: 'Your withdrawal has been approved and sent to your wallet.',
    facts: [
      ['Method', withdrawal.method],
      ['Amount', withdrawal.amount],
      ['Wallet address', withdrawal.walletAddress],
      ...requestedFact(withdrawal),
      ...(withdrawal.txid ? [['Transaction id', withdrawal.txid, ...(withdrawal.link ? [withdrawal.link] : [])] as [string, string, string?]] : []),
      ...(withdrawal.txid && withdrawal.link ? [['View it on the blockchain', withdrawal.link] as [string, string]] : [])
    ],
    outro: 'Depending on the network it may take a little while to appear in your wallet.'
  })
);

/** The spec's reason, said when the administrator gives none or picks it. */
export const DEFAULT_REJECTION = 'did not meet the required conditions';

/** "The reason, as a sentence." whatever the administrator typed: capital first, full stop last. */
const asSentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}`;
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

export const withdrawalRejectedEmail = emailOf('withdrawalRejected', (withdrawal: { amount: string; method: string; reason?: string | null } & Requested) => ({
  subject: 'Withdrawal Request Rejected',
  intro:
    (!withdrawal.reason?.trim() || withdrawal.reason.trim().toLowerCase().replace(/\.$/, '') === DEFAULT_REJECTION
      ? `Your withdrawal request was rejected because it ${DEFAULT_REJECTION}. `
      : `Your withdrawal request was rejected. Reason: ${asSentence(withdrawal.reason)} `) + 'The amount has been returned to your account balance.',
  facts: [['Amount returned', withdrawal.amount], ['Method', withdrawal.method], ...requestedFact(withdrawal)],
  outro: 'If you have questions, reply to this e-mail and our team will help.'
}));

export const investmentCompletedEmail = emailOf('investmentCompleted', (payout: { amount: string; roi: string; balance: string; plan: string | null }) => ({
  subject: 'Investment Completed',
  intro: `Your ${payout.plan ? `${payout.plan} ` : ''}investment has matured. Its amount and its return have been added to your account balance.`,
  facts: [
    ['Amount', payout.amount],
    ['ROI', payout.roi],
    ['New balance', payout.balance]
  ],
  outro: 'Thank you for investing with us.'
}));

export const kycApprovedEmail = emailOf('kycApproved', () => ({
  subject: 'Identity Verification Approved',
  intro: 'We have reviewed your identity documents and your verification is approved.',
  facts: [],
  outro: 'You can now use every feature of your account.'
}));

export const kycRejectedEmail = emailOf('kycRejected', (decision: { reason: string }) => ({
  subject: 'Identity Verification Not Approved',
  intro: `We could not approve your identity verification. Reason: ${asSentence(decision.reason)}`,
  facts: [],
  outro: 'You can submit your documents again from your account. If you have questions, reply to this e-mail and our team will help.'
}));

export const kycResubmissionEmail = emailOf('kycResubmission', (request: { documents: string[]; note: string | null }) => ({
  subject: 'Please Resubmit Your Identity Documents',
  intro: `To finish verifying your identity we need some documents again.${request.note ? ` ${asSentence(request.note)}` : ''}`,
  facts: request.documents.map((document, i): [string, string] => [`Document ${i + 1}`, document]),
  outro: 'Please upload them from your account. Your verification continues as soon as we receive them.'
}));

/**
 * An invitation to the Ledgerdesk team (docs/product-rules.md §15.2), queued by the backend host:
 * the role and what it may do, and a link to set a password for the account it made.
 */
export const invitationEmail = emailOf('invitation', (invitation: { platform: string; role: Role; invitedBy: string; link: string }) => ({
  subject: `Your invitation to administer ${invitation.platform}`,
  intro: `${invitation.invitedBy} invited you to administer ${invitation.platform} with Ledgerdesk, as ${roleLabels[invitation.role]}.`,
  facts: [
    ['Role', `${roleLabels[invitation.role]}: ${roleDescriptions[invitation.role]}`],
    // The link itself as the value, so the plain-text part carries it too.
    ['Choose your password', invitation.link, invitation.link]
  ],
  outro: 'Choose a password with the link, then sign in to Ledgerdesk with this e-mail address. If you did not expect this invitation, ignore this e-mail.'
}));
