import type { Queryable } from '@app/db';
import { courseModules, lessons } from '@app/db/schema';
import { CONTENT_MESSAGES } from '@app/shared/courses';
import { LEVEL_MESSAGES, levelOf, MAX_LEVEL } from '@app/shared/levels';
import { atLeast } from '@app/shared/roles';
import { eq, isNull, lte, or } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { pointsOf } from '../levels/board.ts';
import { membershipOf } from '../membership/service.ts';

/** The community a course belongs to, as the gates need it. */
export interface GateCommunity {
  id: string;
  ownerId: string;
}

/** The viewer's level in the community; the owner and its admins (who edit the courses) are never locked out. */
export async function viewerLevel(db: Queryable, community: GateCommunity, userId: string): Promise<number> {
  if (community.ownerId === userId) return MAX_LEVEL;
  const [points, membership] = await Promise.all([pointsOf(db, community.id, userId), membershipOf(db, community.id, userId)]);
  return membership?.status === 'approved' && atLeast(membership.role, 'admin') ? MAX_LEVEL : levelOf(points);
}

/** Whether a module needing `requiredLevel` is locked for a viewer at `level`. */
export const isLocked = (requiredLevel: number | null, level: number) => requiredLevel !== null && level < requiredLevel;

/** `isLocked`'s opposite in SQL, for queries over many modules (search): the modules open to a viewer at `level`. */
export const unlockedModules = (level: number) => or(isNull(courseModules.requiredLevel), lte(courseModules.requiredLevel, level))!;

/** Refuses (FORBIDDEN, with the level needed) a module the viewer's level does not reach. */
export async function requireLevel(db: Queryable, community: GateCommunity, userId: string, requiredLevel: number | null): Promise<void> {
  if (requiredLevel === null) return;
  if (isLocked(requiredLevel, await viewerLevel(db, community, userId))) throw new AppError('FORBIDDEN', LEVEL_MESSAGES.locked(requiredLevel));
}

/** A lesson's course and the level its module needs. */
export async function lessonPlace(db: Queryable, lessonId: string) {
  const [row] = await db
    .select({ courseId: courseModules.courseId, requiredLevel: courseModules.requiredLevel })
    .from(lessons)
    .innerJoin(courseModules, eq(courseModules.id, lessons.moduleId))
    .where(eq(lessons.id, lessonId));
  if (!row) throw new AppError('NOT_FOUND', CONTENT_MESSAGES.lessonNotFound);
  return row;
}
