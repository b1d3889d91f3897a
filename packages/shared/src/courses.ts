import { z } from 'zod';
import { boundedText } from './input.ts';
import { COMMUNITY_MESSAGES } from './plain/communities.ts';
import { CONTENT_LIMITS, CONTENT_MESSAGES, COURSE_LIMITS, COURSE_MESSAGES } from './plain/courses.ts';
import { toEmbedUrl } from './video.ts';

/** Courses of a community: the courses tab, the course editor and the learning view (spec sections 2, 5 and 8). */

// The zod-free part (messages, limits, helpers), a module of its own so that the web app reads it without building these schemas.
export * from './plain/courses.ts';

const id = (message: string) => z.uuid({ error: message });
export const courseIdInput = z.object({ courseId: id(COURSE_MESSAGES.notFound) });

const title = boundedText(COURSE_LIMITS.titleMax, COURSE_MESSAGES.titleTooLong(COURSE_LIMITS.titleMax), { invalid: COURSE_MESSAGES.titleRequired }).min(
  1,
  COURSE_MESSAGES.titleRequired,
);
const description = boundedText(COURSE_LIMITS.descriptionMax, COURSE_MESSAGES.descriptionTooLong(COURSE_LIMITS.descriptionMax), {
  invalid: COURSE_MESSAGES.descriptionRequired,
}).min(1, COURSE_MESSAGES.descriptionRequired);

/** A YouTube or Vimeo link; blank becomes null. */
const introVideoUrl = boundedText(2048, COURSE_MESSAGES.introVideo)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || toEmbedUrl(v) !== null, COURSE_MESSAGES.introVideo);

/** The key POST /api/uploads/course-cover answered (the caller's own upload, checked on the server). */
const coverKey = boundedText(512, COURSE_MESSAGES.cover, { trim: false })
  .nullish()
  .transform((v) => (v ? v : null));

/** The media is one or the other: a cover image or an intro video (choosing one clears the other), or neither. */
const oneMedia = (d: { coverKey: string | null; introVideoUrl: string | null }) => !(d.coverKey && d.introVideoUrl);
const oneMediaError = { error: COURSE_MESSAGES.introVideo, path: ['introVideoUrl'] };

/** The fields a course's creation form and its 'Course Details' share. */
const courseFields = { title, description, coverKey, introVideoUrl };

/** The courses tab's creation form: private unless 'Allow members to view this course immediately' is checked. */
export const createCourseInput = z.object({
  communityId: id(COMMUNITY_MESSAGES.notFound),
  ...courseFields,
  visibleToMembers: z.boolean().default(false),
}).refine(oneMedia, oneMediaError);
export type CreateCourseInput = z.input<typeof createCourseInput>;

/** 'Course Details' in the editor: the same fields, and the visibility switch. */
export const updateCourseInput = z.object({ courseId: id(COURSE_MESSAGES.notFound), ...courseFields, isPrivate: z.boolean() }).refine(oneMedia, oneMediaError);
export type UpdateCourseInput = z.input<typeof updateCourseInput>;

export const listCoursesInput = z.object({ communityId: id(COMMUNITY_MESSAGES.notFound) });

const contentTitle = boundedText(CONTENT_LIMITS.titleMax, CONTENT_MESSAGES.titleTooLong(CONTENT_LIMITS.titleMax), { invalid: CONTENT_MESSAGES.titleRequired }).min(
  1,
  CONTENT_MESSAGES.titleRequired,
);
const richText = boundedText(CONTENT_LIMITS.contentMax, CONTENT_MESSAGES.contentTooLong, { trim: false })
  .nullish()
  .transform((v) => (v?.trim() ? v : null));
const contentVideo = boundedText(2048, CONTENT_MESSAGES.video)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || toEmbedUrl(v) !== null, CONTENT_MESSAGES.video);
const requiredLevel = z.int({ error: CONTENT_MESSAGES.level }).min(1, CONTENT_MESSAGES.level).max(9, CONTENT_MESSAGES.level).nullish();

/** A key the upload route answered (the caller's own upload, checked on the server); blank becomes null. */
const uploadKey = boundedText(512, CONTENT_MESSAGES.file, { trim: false });
/** A module's documents or images, in the order shown; each once. */
const uploadKeys = z
  .array(uploadKey.min(1, CONTENT_MESSAGES.file))
  .max(CONTENT_LIMITS.filesPerModuleMax, CONTENT_MESSAGES.tooManyFiles(CONTENT_LIMITS.filesPerModuleMax))
  .default([])
  .transform((keys) => [...new Set(keys)]);

export const moduleIdInput = z.object({ moduleId: id(CONTENT_MESSAGES.moduleNotFound) });
export const lessonIdInput = z.object({ lessonId: id(CONTENT_MESSAGES.lessonNotFound) });

/**
 * 'Save Changes' on a module. A new module carries the id the editor gave it (`clientId`) and is
 * inserted under that id; saving it again updates it.
 */
export const saveModuleInput = z.object({
  courseId: id(COURSE_MESSAGES.notFound),
  clientId: id(CONTENT_MESSAGES.moduleNotFound),
  title: contentTitle,
  content: richText,
  videoUrl: contentVideo,
  requiredLevel,
  /** Uploads of kind 'course-document' (.pdf .doc .docx .txt), shown as 'View Document N'. */
  documentKeys: uploadKeys,
  /** Uploads of kind 'course-image' (.jpg .jpeg .png .gif), shown with 'View Full Size'. */
  imageKeys: uploadKeys,
});
export type SaveModuleInput = z.input<typeof saveModuleInput>;

/** The add-lesson button: a 'New Lesson' at the end of the module. */
export const addLessonInput = z.object({ moduleId: id(CONTENT_MESSAGES.moduleNotFound), title: contentTitle.optional() });

/** A lesson edited in the same editor: title, rich text, video and its resource ('Download Resource'). */
export const updateLessonInput = z.object({
  lessonId: id(CONTENT_MESSAGES.lessonNotFound),
  title: contentTitle,
  content: richText,
  videoUrl: contentVideo,
  /** A 'course-document' or 'course-image' upload; null removes the resource, left out keeps it. */
  fileKey: uploadKey.nullish().transform((v) => (v === '' ? null : v)),
});
export type UpdateLessonInput = z.input<typeof updateLessonInput>;

/** Renaming in the editor's outline. */
export const renameModuleInput = z.object({ moduleId: id(CONTENT_MESSAGES.moduleNotFound), title: contentTitle });
export const renameLessonInput = z.object({ lessonId: id(CONTENT_MESSAGES.lessonNotFound), title: contentTitle });

/** Dragging (or the keyboard) put the course's modules in this order. */
export const reorderModulesInput = z.object({
  courseId: id(COURSE_MESSAGES.notFound),
  moduleIds: z.array(id(CONTENT_MESSAGES.order)).max(CONTENT_LIMITS.modulesMax, CONTENT_MESSAGES.order),
});

/** The module's lessons in this order. */
export const reorderLessonsInput = z.object({
  moduleId: id(CONTENT_MESSAGES.moduleNotFound),
  lessonIds: z.array(id(CONTENT_MESSAGES.order)).max(CONTENT_LIMITS.lessonsPerModuleMax, CONTENT_MESSAGES.order),
});

/** A member marks a lesson done (or not); a video that plays to its end marks it too. */
export const setLessonCompleteInput = z.object({ lessonId: id(CONTENT_MESSAGES.lessonNotFound), completed: z.boolean() });
