/**
 * The child of server/documents/kill-payment.integration.test.ts: pays one checkout through the real fulfilment and
 * stops inside its transaction (before or after the receipt is issued), says READY and waits to be
 * killed with SIGKILL. Run with tsx; the database, checkout and stop point come in the environment.
 */
import { fulfilCheckout, creditBalance } from '../../../server/billing/checkout';
import { localGateway } from '../../../server/billing/gateways/local';
import { openDatabase } from '../../../server/db/client';
import { testInvoicing } from '../invoicing';
import { checkoutDocuments } from '../../../server/documents/payments';

const stopAt = process.env.STOP_AT as 'before-document' | 'after-document';
const database = await openDatabase({ url: process.env.KILL_DATABASE_URL || undefined, dataDir: process.env.KILL_DATA_DIR || undefined });
const real = checkoutDocuments({ invoicing: testInvoicing, bankTransfer: undefined });
const hang = (): Promise<never> => {
  process.stdout.write(`READY ${stopAt}\n`);
  // the open transaction waits here for the SIGKILL; the interval keeps the process alive
  setInterval(() => undefined, 1000);
  return new Promise<never>(() => undefined);
};
await fulfilCheckout(
  {
    db: database.db,
    clock: { now: () => new Date() },
    fulfillers: { balance: creditBalance },
    gateway: localGateway('http://127.0.0.1', 1_000_000),
    documents: {
      async paid(tx, c, at) {
        if (stopAt === 'before-document') await hang();
        await real.paid(tx, c, at);
        if (stopAt === 'after-document') await hang();
      },
      refunded: real.refunded,
    },
  },
  process.env.CHECKOUT_ID ?? '',
);
process.stdout.write('COMMITTED\n');
