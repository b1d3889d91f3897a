import type { Db } from '@app/db';
import { profiles } from '@app/db/schema';
import { isLanguage } from '@app/shared/language';
import { eq } from 'drizzle-orm';
import { announcePersonChanged } from '../platform/auth/session.ts';

/**
 * Keeps the person's interface language (the `lang` cookie the language picker sets) on their
 * profile, so e-mails are written in it. Called with each signed-in request's cookie; writes only
 * when it changed, and says so to the processes that keep the person's sessions (their sessions carry it).
 */
export async function rememberInterfaceLanguage(db: Db, user: { id: string; interfaceLanguage: string | null }, chosen: string | undefined): Promise<void> {
  if (!isLanguage(chosen) || chosen === user.interfaceLanguage) return;
  await db.transaction(async (tx) => {
    await tx.update(profiles).set({ interfaceLanguage: chosen }).where(eq(profiles.id, user.id));
    await announcePersonChanged(tx, user.id);
  });
  user.interfaceLanguage = chosen;
}
