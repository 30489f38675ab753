import { createHmac } from 'node:crypto';

/** A request as the fake Stripe server read it. */
export type FakeRequest = {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  body: URLSearchParams;
  query: URLSearchParams;
};
export type Send = (status: number, json: unknown) => void;

type Account = {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  charges_enabled: boolean;
  capabilities: { transfers?: 'active' | 'inactive' | 'pending' };
  requirements: {
    currently_due: string[];
    past_due: string[];
    eventually_due: string[];
    pending_verification: string[];
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
  created: number;
};

type Transfer = {
  id: string;
  object: 'transfer';
  amount: number;
  currency: string;
  destination: string;
  transfer_group: string | null;
  metadata: Record<string, string>;
  created: number;
};

const missing = (what: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
});

export function metadataOf(body: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of body) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

/** Stripe's webhook signature: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function stripeSignature(payload: string, secret: string, at = Date.now()): string {
  const timestamp = Math.floor(at / 1000);
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The Connect part of the fake Stripe (fake-stripe.ts): Express accounts, account
 * links, transfers (with idempotency keys, replaying a refusal as Stripe does) and
 * the `account.updated` webhook a change of an account sends.
 */
export function createFakeConnect(next: () => number) {
  const accounts = new Map<string, Account>();
  const transfers: Transfer[] = [];
  /** The answer each idempotency key got, given again for the key. */
  const answers = new Map<string, { status: number; json: unknown }>();
  let refusal: { code: string; message: string } | null = null;
  let failNextTransfer = false;
  const now = () => Math.floor(Date.now() / 1000);

  const remembered = (key: string | undefined, send: Send) => {
    const answer = key ? answers.get(key) : undefined;
    if (answer) send(answer.status, answer.json);
    return answer !== undefined;
  };
  const answer = (key: string | undefined, send: Send, status: number, json: unknown) => {
    if (key) answers.set(key, { status, json });
    send(status, json);
  };

  function createAccount({ body, idempotencyKey }: FakeRequest, send: Send) {
    if (remembered(idempotencyKey, send)) return;
    const account: Account = {
      id: `acct_fake${next()}`,
      object: 'account',
      type: body.get('type') ?? 'express',
      email: body.get('email'),
      details_submitted: false,
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: body.get('capabilities[transfers][requested]') ? { transfers: 'inactive' } : {},
      requirements: {
        currently_due: ['business_type', 'external_account', 'tos_acceptance.date'],
        past_due: [],
        eventually_due: [],
        pending_verification: [],
        disabled_reason: 'requirements.past_due',
      },
      metadata: metadataOf(body),
      created: now(),
    };
    accounts.set(account.id, account);
    answer(idempotencyKey, send, 200, account);
  }

  function createLink({ body }: FakeRequest, send: Send) {
    const account = accounts.get(body.get('account') ?? '');
    if (!account) return send(400, missing('account'));
    if (body.get('type') !== 'account_onboarding' || !body.get('return_url')) {
      return send(400, { error: { type: 'invalid_request_error', message: 'Invalid link' } });
    }
    send(200, {
      object: 'account_link',
      url: `https://connect.stripe.test/setup/e/${account.id}/${next()}`,
      created: now(),
      expires_at: now() + 300,
    });
  }

  function createTransfer({ body, idempotencyKey }: FakeRequest, send: Send) {
    if (remembered(idempotencyKey, send)) return;
    if (failNextTransfer) {
      failNextTransfer = false;
      return answer(idempotencyKey, send, 500, {
        error: { type: 'api_error', message: 'An unknown error occurred' },
      });
    }
    const destination = body.get('destination') ?? '';
    const account = accounts.get(destination);
    const refused = !account
      ? missing('destination')
      : account.capabilities.transfers !== 'active'
        ? {
            error: {
              type: 'invalid_request_error',
              code: 'insufficient_capabilities_for_transfer',
              message: 'Your destination account needs to have the transfers capability enabled.',
            },
          }
        : refusal && { error: { type: 'invalid_request_error', ...refusal } };
    if (refused) return answer(idempotencyKey, send, 400, refused);
    const transfer: Transfer = {
      id: `tr_fake${next()}`,
      object: 'transfer',
      amount: Number(body.get('amount')),
      currency: body.get('currency') ?? 'usd',
      destination,
      transfer_group: body.get('transfer_group'),
      metadata: metadataOf(body),
      created: now(),
    };
    transfers.push(transfer);
    answer(idempotencyKey, send, 200, transfer);
  }

  function listTransfers({ query }: FakeRequest, send: Send) {
    const group = query.get('transfer_group');
    const limit = Number(query.get('limit') ?? 10);
    const matching = transfers
      .filter((transfer) => group === null || transfer.transfer_group === group)
      .reverse();
    send(200, {
      object: 'list',
      url: '/v1/transfers',
      has_more: matching.length > limit,
      data: matching.slice(0, limit),
    });
  }

  return {
    accounts,
    transfers,
    /** Answers the request if it is a Connect call; false otherwise. */
    handle(request: FakeRequest, send: Send): boolean {
      const { method, path } = request;
      const account = /^\/v1\/accounts\/([^/]+)$/.exec(path)?.[1];
      if (method === 'POST' && path === '/v1/accounts') createAccount(request, send);
      else if (method === 'GET' && account) {
        const found = accounts.get(account);
        send(found ? 200 : 404, found ?? missing('account'));
      } else if (method === 'POST' && path === '/v1/account_links') createLink(request, send);
      else if (method === 'POST' && path === '/v1/transfers') createTransfer(request, send);
      else if (method === 'GET' && path === '/v1/transfers') listTransfers(request, send);
      else return false;
      return true;
    },
    /** The seller finished Stripe's onboarding form: transfers and payouts on. */
    completeOnboarding(id: string) {
      const account = accounts.get(id);
      if (!account) throw new Error(`no fake account ${id}`);
      Object.assign(account, { details_submitted: true, payouts_enabled: true });
      account.capabilities.transfers = 'active';
      account.requirements = { ...account.requirements, currently_due: [], disabled_reason: null };
      return account;
    },
    /** The seller sent the form, and Stripe asks for more before it enables anything. */
    requireMore(id: string, fields: string[]) {
      const account = accounts.get(id);
      if (!account) throw new Error(`no fake account ${id}`);
      Object.assign(account, { details_submitted: true, payouts_enabled: false });
      account.capabilities.transfers = 'inactive';
      account.requirements = {
        ...account.requirements,
        currently_due: fields,
        disabled_reason: 'requirements.past_due',
      };
      return account;
    },
    /** The `account.updated` event Stripe sends, signed with `secret`. */
    accountUpdated(id: string, secret: string, eventId = `evt_fake${next()}`) {
      const event = {
        id: eventId,
        object: 'event',
        type: 'account.updated',
        created: now(),
        data: { object: accounts.get(id) ?? { id, object: 'account' } },
      };
      const payload = JSON.stringify(event);
      return { payload, header: stripeSignature(payload, secret) };
    },
    /** New transfers are refused (400) with `code`, until set back to null. */
    refuseTransfers(code: string | null, message = 'Insufficient funds in Stripe account.') {
      refusal = code ? { code, message } : null;
    },
    /** The next new transfer fails with a 500, which Stripe then replays for its key. */
    failNextTransfer() {
      failNextTransfer = true;
    },
    /** Stripe keeps an idempotency key 24 hours: after that the same key makes a new object. */
    forgetIdempotencyKeys() {
      answers.clear();
    },
  };
}
