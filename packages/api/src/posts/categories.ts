import type { Queryable } from '@app/db';
import { postCategories } from '@app/db/schema';
import {
  CATEGORY_MESSAGES,
  MAX_CATEGORIES,
  createCategoryInput,
  deleteCategoryInput,
  reorderCategoriesInput,
  updateCategoryInput,
} from '@app/shared/categories';
import { communityIdInput } from '@app/shared/communities';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { AppError } from '../core/errors.ts';
import { memberProcedure, communityAdminProcedure } from '../core/trpc.ts';
import { publish } from '../platform/live/publish.ts';
import { feedTopic } from './events.ts';

/*
 * A community's post categories (issue 24): the owner keeps up to MAX_CATEGORIES, named with an
 * emoji, in an order; members see them as the feed's chips and pick one for a post. Every write takes
 * the community's category lock, so the limit and unique names hold under concurrent writes, and
 * tells every open feed ('categories.changed'). Deleting one leaves its posts with no category.
 */

const columns = { id: postCategories.id, name: postCategories.name, emoji: postCategories.emoji, position: postCategories.position };

export function categoriesOf(db: Queryable, communityId: string) {
  return db.select(columns).from(postCategories).where(eq(postCategories.communityId, communityId)).orderBy(asc(postCategories.position), asc(postCategories.createdAt));
}

/** A post's category must be one of its community's (else 400); none is always fine. */
export async function checkPostCategory(db: Queryable, communityId: string, categoryId: string | null | undefined) {
  if (!categoryId) return;
  const [row] = await db.select({ id: postCategories.id }).from(postCategories).where(and(eq(postCategories.id, categoryId), eq(postCategories.communityId, communityId)));
  if (!row) throw new AppError('BAD_REQUEST', CATEGORY_MESSAGES.notFound);
}

const lockCategories = (tx: Queryable, communityId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('post_categories'), hashtext(${communityId}))`);

async function requireFreeName(tx: Queryable, communityId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: postCategories.id })
    .from(postCategories)
    .where(and(eq(postCategories.communityId, communityId), sql`lower(${postCategories.name}) = lower(${name})`, exceptId ? ne(postCategories.id, exceptId) : undefined));
  if (taken) throw new AppError('CONFLICT', CATEGORY_MESSAGES.nameTaken);
}

const changed = (tx: Queryable, communityId: string) => publish(tx, feedTopic(communityId), { type: 'categories.changed' });

/** The community's categories in their order, for its members. */
const categories = memberProcedure.input(communityIdInput).query(({ ctx }) => categoriesOf(ctx.db, ctx.community.id));

/** The owner adds a category, last in the order. */
const createCategory = communityAdminProcedure.input(createCategoryInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    await lockCategories(tx, communityId);
    const existing = await categoriesOf(tx, communityId);
    if (existing.length >= MAX_CATEGORIES) throw new AppError('CONFLICT', CATEGORY_MESSAGES.tooMany);
    await requireFreeName(tx, communityId, input.name);
    const position = Math.max(-1, ...existing.map((c) => c.position)) + 1;
    const [row] = await tx.insert(postCategories).values({ communityId, name: input.name, emoji: input.emoji, position }).returning(columns);
    await changed(tx, communityId);
    return row!;
  }),
);

/** The owner renames a category (or changes its emoji). */
const updateCategory = communityAdminProcedure.input(updateCategoryInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    await lockCategories(tx, communityId);
    await requireFreeName(tx, communityId, input.name, input.categoryId);
    const [row] = await tx
      .update(postCategories)
      .set({ name: input.name, emoji: input.emoji })
      .where(and(eq(postCategories.id, input.categoryId), eq(postCategories.communityId, communityId)))
      .returning(columns);
    if (!row) throw new AppError('NOT_FOUND', CATEGORY_MESSAGES.notFound);
    await changed(tx, communityId);
    return row;
  }),
);

/** The owner puts the categories in a new order: every one of them, once. */
const reorderCategories = communityAdminProcedure.input(reorderCategoriesInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    await lockCategories(tx, communityId);
    const existing = await categoriesOf(tx, communityId);
    const given = new Set(input.categoryIds);
    if (given.size !== input.categoryIds.length || given.size !== existing.length || existing.some((c) => !given.has(c.id))) {
      throw new AppError('BAD_REQUEST', CATEGORY_MESSAGES.order);
    }
    for (const [position, id] of input.categoryIds.entries()) {
      await tx.update(postCategories).set({ position }).where(eq(postCategories.id, id));
    }
    await changed(tx, communityId);
    return categoriesOf(tx, communityId);
  }),
);

/** The owner deletes a category; its posts are left with none (the foreign key sets it null). */
const deleteCategory = communityAdminProcedure.input(deleteCategoryInput).mutation(({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const communityId = ctx.community.id;
    await lockCategories(tx, communityId);
    const [row] = await tx
      .delete(postCategories)
      .where(and(eq(postCategories.id, input.categoryId), eq(postCategories.communityId, communityId)))
      .returning({ id: postCategories.id });
    if (!row) throw new AppError('NOT_FOUND', CATEGORY_MESSAGES.notFound);
    await changed(tx, communityId);
    return { categoryId: row.id };
  }),
);

export const categoryProcedures = { categories, createCategory, updateCategory, reorderCategories, deleteCategory };
