/**
 * A team, not one key (docs/product-rules.md §15). Each administrator's ID token carries a custom
 * claim `role`; firestore.rules, the backend host and the desktop read the same claim. The plain
 * `admin: true` claim of a platform with its one administrator reads as owner, so it keeps working.
 */
export const roles = ['owner', 'admin', 'support', 'viewer'] as const;
export type Role = (typeof roles)[number];

/**
 * What a role may do, in the administrator's words. Every contract method names the one it needs
 * (`needs`, src/shared/contract.ts; none: read), and firestore.rules grant the same writes.
 */
export const capabilities = ['read', 'care', 'decide', 'configure', 'govern'] as const;
export type Capability = (typeof capabilities)[number];

const granted: Readonly<Record<Role, readonly Capability[]>> = {
  // Everything, and the team, the approval policy and the platform settings that hold it.
  owner: ['read', 'care', 'decide', 'configure', 'govern'],
  // Every review, customer and money decision, mail, plans, wallets and risk rules.
  admin: ['read', 'care', 'decide', 'configure'],
  // Customers, KYC, notes, suspension and mail; no money decision, no adjustment.
  support: ['read', 'care'],
  // Reads and CSV exports only.
  viewer: ['read']
};

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (roles as readonly string[]).includes(value);

/** The role an ID token's claims give, or null when they give none (a customer, or a claim Ledgerdesk does not know). */
export function roleOf(claims: Readonly<Record<string, unknown>>): Role | null {
  const role = claims['role'];
  if (role !== undefined && role !== null) return isRole(role) ? role : null;
  return claims['admin'] === true ? 'owner' : null;
}

export const may = (role: Role | null, capability: Capability): boolean => role !== null && granted[role].includes(capability);

/** The capabilities a role holds, in the order above. */
export const capabilitiesOf = (role: Role): readonly Capability[] => granted[role];

export const roleLabels: Readonly<Record<Role, string>> = { owner: 'Owner', admin: 'Admin', support: 'Support', viewer: 'Viewer' };

export const roleDescriptions: Readonly<Record<Role, string>> = {
  owner: 'Everything, and the team, the approval policy and the platform settings.',
  admin: 'Every review, customer and money decision, mail, plans, wallets and risk rules.',
  support: 'Customers, KYC, notes, suspension and mail. No money decision, no adjustment.',
  viewer: 'Reads and CSV exports only.'
};

const capabilityWords: Readonly<Record<Capability, string>> = {
  read: 'see this',
  care: 'change customers, KYC, notes, suspensions or mail',
  decide: 'make money decisions',
  configure: 'change plans, wallet addresses or risk rules',
  govern: 'change the team, the approval policy or the platform settings'
};

/** The refusal (code FORBIDDEN) of a call the role may not make, in words the administrator understands. */
export const forbiddenMessage = (role: Role, capability: Capability): string =>
  `Your role (${roleLabels[role]}) may not ${capabilityWords[capability]}. Ask an owner of this Ledgerdesk team.`;
