import sharp from 'sharp';
import { multipartBody } from './multipart.ts';

/**
 * A small client for a real server over HTTP, as a browser would call it: the
 * session cookie plus our own Origin on every request.
 */
export type HttpSession = {
  email: string;
  cookie: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<HttpAnswer<T>>;
};
export type HttpAnswer<T> = { status: number; body: T };

export async function httpCall<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: {
    cookie?: string;
    body?: unknown;
    raw?: { data: Buffer; contentType: string };
    /** The page the request comes from; the server's own address unless told. */
    origin?: string;
  } = {},
): Promise<HttpAnswer<T>> {
  const headers: Record<string, string> = { origin: options.origin ?? baseUrl };
  if (options.cookie) headers.cookie = options.cookie;
  let payload: RequestInit['body'];
  if (options.raw) {
    headers['content-type'] = options.raw.contentType;
    payload = new Uint8Array(options.raw.data);
  } else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T };
}

let counter = 0;

/** Signs up a new account over HTTP and returns its session. */
export async function signUpOverHttp(
  baseUrl: string,
  typeOfUser: 'buyer' | 'seller',
): Promise<HttpSession> {
  counter += 1;
  const email = `${typeOfUser}-${process.pid}-${Date.now()}-${counter}@example.test`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      name: `Test ${typeOfUser}`,
      email,
      password: 'password-123',
      typeOfUser,
    }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-up failed (${response.status}): ${await response.text()}`);
  }
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return {
    email,
    cookie,
    call: (method, path, body) => httpCall(baseUrl, method, path, { cookie, body }),
  };
}

/** Uploads a real PNG, as large as a listing photo must be, as `session` and returns the image URL. */
export async function uploadImageOverHttp(baseUrl: string, session: HttpSession): Promise<string> {
  const png = await sharp({
    create: { width: 640, height: 480, channels: 3, background: '#16a34a' },
  })
    .png()
    .toBuffer();
  const form = multipartBody([
    { name: 'image', filename: 'laptop.png', contentType: 'image/png', data: png },
  ]);
  const answer = await httpCall<{ data: { url: string } }>(baseUrl, 'POST', '/api/images', {
    cookie: session.cookie,
    raw: { data: form.payload, contentType: form.headers['content-type'] ?? '' },
  });
  if (answer.status !== 201) throw new Error(`upload failed (${answer.status})`);
  return answer.body.data.url;
}

/** A product as the Add A Product form sends it. */
export function productPayload(categoryId: string, image: string, name: string) {
  return {
    name,
    image,
    location: 'Austin, TX',
    category: categoryId,
    conditionType: 'Good',
    mobileNumber: '+1 512 555 0100',
    originalPrice: 1200,
    resalePrice: 650,
    yearsOfUse: 2,
    cpuFamily: 'intel-core-i5',
    cpuModel: 'Core i5-8350U',
    ramGb: 16,
    storageGb: 512,
    storageType: 'SSD',
    screenInches: 14,
    description: 'A well kept laptop with its original charger.',
  };
}

export const sandboxCard = {
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: 2035,
  cvc: '123',
};

/**
 * Books `productId` as `buyer` and pays for it with the sandbox card. Answers what
 * the server acknowledged: the order id once booked, and `paid` once recorded.
 */
export async function bookAndPayOverHttp(
  buyer: HttpSession,
  productId: string,
): Promise<{ orderId?: string; paid: boolean }> {
  const booked = await buyer.call<{ insertedId: string }>('POST', '/api/myOrders', {
    productId,
    meetingLocation: 'Cafe',
    buyerPhone: '+1 512 555 0100',
  });
  if (booked.status !== 201) return { paid: false };
  const orderId = booked.body.insertedId;
  return { orderId, paid: await payOrderOverHttp(buyer, orderId) };
}

/** Pays for a booked order with the sandbox card; true once the payment is recorded. */
export async function payOrderOverHttp(buyer: HttpSession, orderId: string): Promise<boolean> {
  const intent = await buyer.call<{ clientSecret: string; paymentIntentId: string }>(
    'POST',
    '/api/create-payment-intent',
    { orderId },
  );
  if (intent.status !== 200) return false;
  const confirmed = await buyer.call(
    'POST',
    `/api/sandbox/payment_intents/${intent.body.paymentIntentId}/confirm`,
    {
      client_secret: intent.body.clientSecret,
      card: sandboxCard,
      billing_details: { name: 'Pat Payer', email: buyer.email },
    },
  );
  if (confirmed.status !== 200) return false;
  const recorded = await buyer.call('POST', '/api/payments', {
    orderId,
    transactionId: intent.body.paymentIntentId,
  });
  return recorded.status === 201;
}
