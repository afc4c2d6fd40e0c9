/**
 * What deployments ask of billing before starting a paid machine. The billing domain answers
 * with a 402 HttpError carrying its message when the balance cannot cover the first hour.
 */
export interface BillingGate {
  assertCanStart(userId: string, hourlyRateCents: number): Promise<void>;
}

/** Until the prepaid ledger exists every start is allowed. */
export const allowAllBillingGate: BillingGate = { assertCanStart: async () => undefined };
