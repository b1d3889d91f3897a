import type { Queryable } from '@app/db';
import { profiles } from '@app/db/schema';
import { isLanguage } from '@app/shared/language';
import { eq } from 'drizzle-orm';

/**
 * Keeps the person's interface language (the `lang` cookie the language picker sets) on their
 * profile, so e-mails are written in it. Called with each signed-in request's cookie; writes only
 * when it changed.
 */
export async function rememberInterfaceLanguage(db: Queryable, user: { id: string; interfaceLanguage: string | null }, chosen: string | undefined): Promise<void> {
  if (!isLanguage(chosen) || chosen === user.interfaceLanguage) return;
  await db.update(profiles).set({ interfaceLanguage: chosen }).where(eq(profiles.id, user.id));
  user.interfaceLanguage = chosen;
}
