import type { DepositRisk, Note, WithdrawalRisk } from '../shared/contract';
import { referralCodeOf } from '../shared/domain/deposits';
import { depositRiskFacts, withdrawalRiskFacts, withdrawalWarnings, type RiskWarning, type WithdrawalRiskFacts } from '../shared/domain/risk';
import { sumWindow, WINDOW_MS, WINDOW_READ_LIMIT } from '../shared/domain/withdrawalWindows';
import { readRiskRules, RISK_RULES_PATH } from '../shared/domain/riskRules';
import type { DocSnapshot } from '../shared/domain/changeset';
import { ADDRESS_CAP, riskQueries } from '../shared/queries/risk';
import { AppError } from '../shared/result';
import type { InspectReader, LedgerStore } from './ports/ledgerStore';
import { idOf } from './reads';

/**
 * The risk panels: what a reviewer should know before deciding on a withdrawal or a deposit, read
 * straight from the server (never inside a decision's transaction) and counted, so the bench and
 * the tests can hold one withdrawal's panel to a known budget: the withdrawal, its customer, at most
 * ADDRESS_CAP withdrawals to its address, the customer's first successful deposit and first
 * withdrawal, and the customer's withdrawals of the last 30 days (at most WINDOW_READ_LIMIT).
 */

/** A reader that counts the documents it reads the way Firestore bills them (an empty query costs one). */
function countingReader(read: InspectReader): { reader: InspectReader; documentsRead: () => number } {
  let documentsRead = 0;
  const queried = (found: number) => (documentsRead += Math.max(1, found));
  return {
    documentsRead: () => documentsRead,
    reader: {
      async get(path) {
        documentsRead += 1;
        return read.get(path);
      },
      async findOne(collection, field, value) {
        const found = await read.findOne(collection, field, value);
        queried(found ? 2 : 0);
        return found;
      },
      async findAll(collection, field, value, max) {
        // The ids are found by a query, then each document is read again.
        const found = await read.findAll(collection, field, value, max);
        queried(found.length * 2);
        return found;
      },
      async listAll(collection, max) {
        const found = await read.listAll(collection, max);
        queried(found.length * 2);
        return found;
      },
      async find(shape, equal, max, from) {
        const found = await read.find(shape, equal, max, from);
        queried(found.length);
        return found;
      },
      async count(shape, equal, below) {
        const counted = await read.count(shape, equal, below);
        queried(Math.ceil(counted / 1000));
        return counted;
      }
    }
  };
}

/**
 * The caps' two windows from one read: the customer's withdrawals of the last 30 days, newest
 * first, at most WINDOW_READ_LIMIT (documents, not a sum() aggregation, which skips amounts stored
 * as text and turns NaN on one NaN amount), summed by the approval's own amount reader.
 */
async function readWindows(read: InspectReader, withdrawal: DocSnapshot, userId: string | null, now: number) {
  const since = { h24: now - WINDOW_MS.h24, d30: now - WINDOW_MS.d30 };
  const records = userId ? await read.find(riskQueries.withdrawalsInWindow, { userId }, WINDOW_READ_LIMIT, new Date(since.d30)) : [];
  return {
    h24: sumWindow(withdrawal, records, since.h24, WINDOW_READ_LIMIT),
    d30: sumWindow(withdrawal, records, since.d30, WINDOW_READ_LIMIT)
  };
}

/** The withdrawal's facts and warnings; null when the withdrawal does not exist. */
export async function readWithdrawalRisk(
  read: InspectReader,
  id: string,
  now: number = Date.now()
): Promise<{ facts: WithdrawalRiskFacts; warnings: RiskWarning[] } | null> {
  const withdrawal = await read.get(`withdrawals/${id}`);
  if (!withdrawal) return null;
  const userId = idOf(withdrawal.data.userId);
  const address = withdrawal.data.walletAddress;
  const first = async (query: Promise<{ id: string; data: Record<string, unknown> }[]>) => (await query)[0] ?? null;
  const [customer, atAddress, firstSuccessfulDeposit, firstWithdrawal, rules, windows] = await Promise.all([
    userId ? read.get(`users/${userId}`) : null,
    // The stored text exactly: an equality query matches it as it is.
    typeof address === 'string' && address.trim() ? read.find(riskQueries.withdrawalsToAddress, { walletAddress: address }, ADDRESS_CAP) : [],
    userId ? first(read.find(riskQueries.firstSuccessfulDeposit, { status: 'success', userId }, 1)) : null,
    userId ? first(read.find(riskQueries.firstWithdrawal, { userId }, 1)) : null,
    read.get(RISK_RULES_PATH),
    readWindows(read, withdrawal, userId, now)
  ]);
  const facts = withdrawalRiskFacts({
    withdrawal,
    customer,
    atAddress,
    addressCap: ADDRESS_CAP,
    firstSuccessfulDeposit,
    firstWithdrawal,
    riskRules: readRiskRules(rules?.data ?? null),
    windows
  });
  return { facts, warnings: withdrawalWarnings(facts) };
}

/** The latest note on a customer (one query, limit 1), counted as the one document it reads. */
type LatestNote = (userId: string) => Promise<Note | null>;

export async function withdrawalRisk(store: LedgerStore, latestNote: LatestNote, id: string): Promise<WithdrawalRisk> {
  return store.inspect(async (read) => {
    const { reader, documentsRead } = countingReader(read);
    const risk = await readWithdrawalRisk(reader, id);
    if (!risk) throw new AppError('NOT_FOUND', 'Withdrawal not found.');
    const { firstWithdrawal: _first, createdAt: _created, ...facts } = risk.facts;
    const note = facts.customer ? await latestNote(facts.customer.id) : null;
    return { ...facts, latestNote: note, warnings: risk.warnings, documentsRead: documentsRead() + (facts.customer ? 1 : 0) };
  });
}

export async function depositRisk(store: LedgerStore, latestNote: LatestNote, id: string): Promise<DepositRisk> {
  return store.inspect(async (read) => {
    const { reader, documentsRead } = countingReader(read);
    const deposit = await reader.get(`deposits/${id}`);
    if (!deposit) throw new AppError('NOT_FOUND', 'Deposit not found.');
    const userId = idOf(deposit.data.userId);
    const customer = userId ? await reader.get(`users/${userId}`) : null;
    const referral = referralCodeOf(customer);
    // Created before this one by timestamp; a deposit without one is compared with all of theirs that have one.
    const timestamp = deposit.data.timestamp;
    const [earlierDeposits, holders] = await Promise.all([
      userId ? reader.count(riskQueries.depositsBefore, { userId }, timestamp ?? undefined) : 0,
      // Two are enough to tell one referrer from an ambiguous code.
      referral.kind === 'code' ? reader.findAll('users', 'myReferralId', referral.code, 2) : []
    ]);
    const facts = depositRiskFacts({
      customer,
      earlierDeposits,
      referral: referral.kind === 'code' ? { code: referral.code, holders } : null
    });
    const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
    const note = customer ? await latestNote(customer.id) : null;
    return { ...facts, coin: text(deposit.data.method), txid: text(deposit.data.txid), latestNote: note, documentsRead: documentsRead() + (customer ? 1 : 0) };
  });
}
