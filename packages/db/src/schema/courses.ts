import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communityColumn } from './communities.ts';
import { personColumn } from './profiles.ts';
import { searchColumn } from './search.ts';

export const courses = pgTable(
  'courses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: personColumn('owner_id'),
    communityId: communityColumn('community_id'),
    /** The course's name on its card and pages (beyond the spec, which has only a description). */
    title: text('title').notNull().default(''),
    description: text('description').notNull(),
    coverUrl: text('cover_url'),
    introVideoUrl: text('intro_video_url'),
    isPrivate: boolean('is_private').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    search: searchColumn('search', 'title', 'description'),
  },
  (t) => [index('courses_community_idx').on(t.communityId, t.createdAt), index('courses_search_idx').using('gin', t.search)],
);

export const courseModules = pgTable(
  'course_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    content: text('content'),
    videoUrl: text('video_url'),
    filesUrls: text('files_urls').array().notNull().default(sql`'{}'::text[]`),
    imagesUrls: text('images_urls').array().notNull().default(sql`'{}'::text[]`),
    /** The level a member needs to open the module (enforced once levels exist); null: everyone. */
    requiredLevel: integer('required_level'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('course_modules_course_idx').on(t.courseId, t.order),
    check('course_modules_level_range', sql`${t.requiredLevel} IS NULL OR ${t.requiredLevel} BETWEEN 1 AND 9`),
  ],
);

export const lessons = pgTable(
  'lessons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    order: integer('order').notNull().default(0),
    videoUrl: text('video_url'),
    content: text('content'),
    fileUrl: text('file_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The title and the text apart: a locked module's lessons are found by title, never by their text. */
    searchTitle: searchColumn('search_title', 'title'),
    searchContent: searchColumn('search_content', 'content'),
  },
  (t) => [
    index('lessons_module_idx').on(t.moduleId, t.order),
    index('lessons_search_title_idx').using('gin', t.searchTitle),
    index('lessons_search_content_idx').using('gin', t.searchContent),
  ],
);

/** A member finished a lesson: the outline's ticks and the course's percentage are counted from these. */
export const lessonCompletions = pgTable(
  'lesson_completions',
  {
    userId: personColumn('user_id'),
    lessonId: uuid('lesson_id')
      .notNull()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    /** Kept beside the lesson so a course's progress is counted without walking its modules. */
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] }), index('lesson_completions_course_idx').on(t.courseId, t.userId)],
);
