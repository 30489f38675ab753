import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import type { ConditionType } from '@laptops/shared/conditions';
import type { LaptopSpecs } from '@laptops/shared/laptop-specs';
import { paidDealFields } from '../../modules/deals/deal-terms.ts';
import { recordCardPayment } from '../../modules/ledger/payment-postings.ts';
import type { Db } from '../client.ts';
import { accounts } from '../schema/accounts.ts';
import { categories } from '../schema/categories.ts';
import { orders } from '../schema/orders.ts';
import { payments } from '../schema/payments.ts';
import { products } from '../schema/products.ts';
import { users, type UserType } from '../schema/users.ts';

/**
 * Factories shared by the demo seed and the tests. Each call makes new rows with
 * unique values unless told otherwise, so tests never fight over shared data.
 */

const unique = () => randomUUID().slice(0, 8);

export type UserInput = {
  name?: string;
  email?: string;
  password?: string;
  typeOfUser?: UserType;
  isVerified?: boolean;
  image?: string | null;
};

/** A user with an email-and-password credential that better-auth accepts. */
export async function createUser(db: Db, input: UserInput = {}) {
  const id = randomUUID();
  const password = input.password ?? `pw-${unique()}`;
  const [user] = await db
    .insert(users)
    .values({
      id,
      name: input.name ?? `Test User ${unique()}`,
      email: (input.email ?? `user-${unique()}@example.test`).toLowerCase(),
      emailVerified: false,
      image: input.image ?? null,
      typeOfUser: input.typeOfUser ?? 'buyer',
      isVerified: input.isVerified ?? false,
    })
    .returning();
  if (!user) throw new Error('user insert returned no row');
  await db.insert(accounts).values({
    id: randomUUID(),
    userId: id,
    accountId: id,
    providerId: 'credential',
    password: await hashPassword(password),
  });
  return { ...user, password };
}

export async function createCategory(db: Db, input: { name?: string; image?: string } = {}) {
  const [category] = await db
    .insert(categories)
    .values({
      name: input.name ?? `Brand ${unique()}`,
      image: input.image ?? '/api/images/missing.webp',
    })
    .returning();
  if (!category) throw new Error('category insert returned no row');
  return category;
}

export type ProductInput = {
  sellerId: string;
  categoryId: string;
  name?: string;
  image?: string;
  location?: string;
  description?: string;
  conditionType?: ConditionType;
  mobileNumber?: string;
  originalPriceCents?: number;
  resalePriceCents?: number;
  yearsOfUse?: number;
  status?: 'available' | 'sold';
  isAdvertised?: boolean;
  dateOfPost?: Date;
  /** The photos after the cover. */
  morePhotos?: string[];
  /** Which specs the laptop's own report gave. */
  specSources?: Record<string, 'device-report'>;
  /** A serial's keyed hash: the database then checks it. */
  serialHash?: string;
} & Partial<LaptopSpecs>;

export async function createProduct(db: Db, input: ProductInput) {
  const [product] = await db
    .insert(products)
    .values({
      // Every input is a column: the photos and specs pass through as given (unset: blank).
      ...input,
      sellerId: input.sellerId,
      categoryId: input.categoryId,
      name: input.name ?? `Laptop ${unique()}`,
      image: input.image ?? '/api/images/missing.webp',
      location: input.location ?? 'Austin, TX',
      description: input.description ?? 'A well kept laptop with its original charger.',
      conditionType: input.conditionType ?? 'Good',
      mobileNumber: input.mobileNumber ?? '+1 512 555 0100',
      originalPriceCents: input.originalPriceCents ?? 120000,
      resalePriceCents: input.resalePriceCents ?? 65000,
      yearsOfUse: input.yearsOfUse ?? 2,
      status: input.status ?? 'available',
      isAdvertised: input.isAdvertised ?? false,
      dateOfPost: input.dateOfPost ?? new Date(),
    })
    .returning();
  if (!product) throw new Error('product insert returned no row');
  return product;
}

/**
 * A booking that was paid: the order, its payment (held, with the usual three days to
 * its automatic release and no fee unless `feeBps` says), and the product marked sold.
 */
export async function createPaidOrder(
  db: Db,
  input: { productId: string; buyerId: string; priceCents: number; paidAt?: Date; feeBps?: number },
) {
  const paidAt = input.paidAt ?? new Date();
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        productId: input.productId,
        buyerId: input.buyerId,
        priceCents: input.priceCents,
        buyerPhone: '+1 512 555 0199',
        meetingLocation: 'Public library entrance',
        paid: true,
        paidAt,
        createdAt: paidAt,
        ...paidDealFields(
          { feeBps: input.feeBps ?? 0, releaseAfterMs: 72 * 3_600_000, reminderBeforeMs: 0 },
          paidAt,
        ),
      })
      .returning();
    if (!order) throw new Error('order insert returned no row');
    const transactionId = `seed_${order.id.replaceAll('-', '')}`;
    await tx.insert(payments).values({
      orderId: order.id,
      provider: 'seed',
      transactionId,
      amountCents: input.priceCents,
      createdAt: paidAt,
    });
    await recordCardPayment(tx, {
      orderId: order.id,
      paymentIntentId: transactionId,
      amountCents: input.priceCents,
    });
    await tx
      .update(products)
      .set({ status: 'sold', isAdvertised: false })
      .where(eq(products.id, input.productId));
    return order;
  });
}
