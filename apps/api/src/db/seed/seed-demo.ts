import { count, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { categories } from '../schema/categories.ts';
import { orders } from '../schema/orders.ts';
import { reviews } from '../schema/reviews.ts';
import { users } from '../schema/users.ts';
import type { ImageStorage } from '../../modules/images/image-storage.ts';
import { releaseHeldMoney } from '../../modules/deals/deal-money.ts';
import { serialHash } from '../../modules/serial-checks/serial-hash.ts';
import { imageUrl } from '../../modules/images/image-storage.ts';
import { thumbnailKey } from '../../modules/images/images.service.ts';
import { DEMO_PASSWORD, demoCategories, demoProducts, demoUsers } from './demo-data.ts';
import { demoPastSales } from './demo-past-sales.ts';
import { demoSpecs } from './demo-specs.ts';
import { createCategory, createPaidOrder, createProduct, createUser } from './factories.ts';
import { drawnOnce } from './drawn-once.ts';
import { avatarSvg, categorySvg, laptopSvg, type LaptopImageInput } from './seed-images.ts';
import { keyboardSvg, portsSvg } from './seed-laptop-views.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The demo's platform fee, in basis points (5%, the default setting). */
const DEMO_FEE_BPS = 500;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);

/** Stores a drawn image and its card thumbnail, as an upload would be stored. */
async function storeImage(storage: ImageStorage, key: string, svg: string) {
  const { webp, thumbnail } = await drawnOnce(svg);
  await storage.put(key, webp);
  await storage.put(thumbnailKey(key), thumbnail);
  return imageUrl(key);
}

/** True when the database has no marketplace data yet (so seeding cannot run twice). */
export async function isMarketplaceEmpty(db: Db): Promise<boolean> {
  const [users_] = await db.select({ n: count() }).from(users);
  const [categories_] = await db.select({ n: count() }).from(categories);
  return (users_?.n ?? 0) === 0 && (categories_?.n ?? 0) === 0;
}

/**
 * Fills an empty marketplace with the demo accounts, categories and listings.
 * Returns false (and changes nothing) when there is already data. With the server's
 * `serialHashSecret`, the verified sellers' laptops have serials, so the demo shows
 * "Serial checked" (and its search filter finds laptops).
 */
export async function seedDemoData(
  database: Db,
  storage: ImageStorage,
  { now = new Date(), serialHashSecret }: { now?: Date; serialHashSecret?: string } = {},
): Promise<boolean> {
  // One transaction: a seed that fails half way leaves the database empty, to retry.
  return database.transaction(async (tx) => {
    if (!(await isMarketplaceEmpty(tx))) return false;
    await seedInto(tx, storage, now, serialHashSecret);
    return true;
  });
}

async function seedInto(
  db: Db,
  storage: ImageStorage,
  now: Date,
  serialHashSecret: string | undefined,
): Promise<void> {
  const userIds = new Map<string, string>();
  for (const demo of demoUsers) {
    const image = await storeImage(
      storage,
      `seed-avatar-${demo.key}.webp`,
      avatarSvg({ name: demo.name, accent: demo.accent }),
    );
    const user = await createUser(db, {
      name: demo.name,
      email: demo.email,
      password: DEMO_PASSWORD,
      typeOfUser: demo.typeOfUser,
      isVerified: demo.isVerified ?? false,
      image,
    });
    userIds.set(demo.key, user.id);
  }

  const categoryIds = new Map<string, string>();
  for (const demo of demoCategories) {
    const image = await storeImage(
      storage,
      `seed-category-${slug(demo.name)}.webp`,
      categorySvg({ accent: demo.accent }),
    );
    const category = await createCategory(db, { name: demo.name, image });
    categoryIds.set(demo.name, category.id);
  }

  const mobileBySeller: Record<string, string> = {
    ayesha: '+1 512 555 0142',
    marcus: '+1 206 555 0178',
    sofia: '+1 303 555 0116',
    daniel: '+1 615 555 0193',
  };

  for (const [index, demo] of demoProducts.entries()) {
    const accent = demoCategories.find((c) => c.name === demo.brand)?.accent ?? '#f97316';
    const drawing: LaptopImageInput = {
      brand: demo.brand,
      model: demo.name,
      accent,
      variant: index,
    };
    const key = `seed-laptop-${slug(demo.name)}`;
    // The cover, then the keyboard and the side with its ports; drawn at once, as the
    // rasteriser works on more than one core.
    const [image, ...morePhotos] = await Promise.all([
      storeImage(storage, `${key}.webp`, laptopSvg(drawing)),
      storeImage(storage, `${key}-keyboard.webp`, keyboardSvg(drawing)),
      storeImage(storage, `${key}-ports.webp`, portsSvg(drawing)),
    ]);
    const specs = demoSpecs[demo.name];
    const sellerId = userIds.get(demo.seller);
    const categoryId = categoryIds.get(demo.brand);
    if (!sellerId || !categoryId)
      throw new Error(`Demo listing ${demo.name} has an unknown seller or brand`);
    if (!specs) throw new Error(`Demo listing ${demo.name} has no specs`);
    const verifiedSeller = demoUsers.some((user) => user.key === demo.seller && user.isVerified);
    const product = await createProduct(db, {
      ...specs,
      sellerId,
      categoryId,
      ...(serialHashSecret &&
        verifiedSeller && {
          serialHash: serialHash(serialHashSecret, `DEMO${slug(demo.name).toUpperCase()}`),
        }),
      name: demo.name,
      image,
      morePhotos,
      location: demo.location,
      description: demo.description,
      conditionType: demo.conditionType,
      mobileNumber: mobileBySeller[demo.seller] ?? '+1 512 555 0100',
      originalPriceCents: demo.originalPrice * 100,
      resalePriceCents: demo.resalePrice * 100,
      yearsOfUse: demo.yearsOfUse,
      isAdvertised: demo.advertised ?? false,
      // Spread over the day too, so listings have distinct times.
      dateOfPost: new Date(now.getTime() - demo.daysAgo * DAY_MS - index * 60_000),
    });
    if (demo.soldTo) {
      const buyerId = userIds.get(demo.soldTo);
      if (!buyerId) throw new Error(`Demo listing ${demo.name} is sold to an unknown buyer`);
      const order = await createPaidOrder(db, {
        productId: product.id,
        buyerId,
        priceCents: product.resalePriceCents,
        paidAt: new Date(product.dateOfPost.getTime() + DAY_MS / 2),
        feeBps: DEMO_FEE_BPS,
      });
      // Handed over: the held money went to the seller, less the fee. The others are
      // still to be handed over: held, due to be released in two days (not at once, as
      // their payment days ago would have it), so the demo shows money held.
      if (demo.handedOver) {
        await releaseHeldMoney(db, order, product.sellerId, 'handover-code');
        // An earlier sale was handed over the day after it was paid for, months ago (the
        // fair price counts sales by when they completed).
        if (demoPastSales.includes(demo)) {
          await db
            .update(orders)
            .set({ completedAt: new Date(product.dateOfPost.getTime() + 1.5 * DAY_MS) })
            .where(eq(orders.id, order.id));
        }
        if (demo.reviews) {
          // Both wrote theirs two days after the sale, so both were published then.
          const at = new Date(Math.min(product.dateOfPost.getTime() + 2 * DAY_MS, now.getTime()));
          const { ofSeller, ofBuyer } = demo.reviews;
          await db.insert(reviews).values([
            {
              orderId: order.id,
              authorId: buyerId,
              subjectId: sellerId,
              authorRole: 'buyer',
              rating: ofSeller.rating,
              body: ofSeller.body,
              createdAt: at,
              publishedAt: at,
              ...(ofSeller.reply
                ? { reply: ofSeller.reply, repliedAt: new Date(at.getTime() + DAY_MS / 4) }
                : {}),
            },
            {
              orderId: order.id,
              authorId: sellerId,
              subjectId: buyerId,
              authorRole: 'seller',
              rating: ofBuyer.rating,
              body: ofBuyer.body,
              createdAt: at,
              publishedAt: at,
            },
          ]);
        }
      } else
        await db
          .update(orders)
          .set({ releaseDueAt: new Date(now.getTime() + 2 * DAY_MS) })
          .where(eq(orders.id, order.id));
    }
  }
}
