// `npm run admin -- promote <email>`: makes an existing user an admin. This is how
// the first admin of a real deployment is made (nobody can choose admin at sign-up).
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema/users.ts';
import { openCliDatabase } from './open-cli-database.ts';

const [command, email] = process.argv.slice(2);
if (command !== 'promote' || !email) {
  console.error('Usage: npm run admin -- promote <email>');
  process.exit(64);
}

const { database } = await openCliDatabase('admin');
try {
  const updated = await database.db
    .update(users)
    .set({ typeOfUser: 'admin', updatedAt: new Date() })
    .where(eq(users.email, email.trim().toLowerCase()))
    .returning({ name: users.name });
  if (updated.length === 0) {
    console.error(`No user has the email ${email}.`);
    process.exitCode = 1;
  } else {
    console.log(`${updated[0]?.name} (${email}) is now an admin.`);
  }
} finally {
  await database.close();
}
