/**
 * Courses of a community: the courses tab, the course editor and the learning view, without zod:
 * the messages, limits and helpers that courses.ts re-exports beside its schemas, for the web app
 * to import without building them (packages/shared/README.md).
 */

export const COURSE_MESSAGES = {
  notFound: 'Course not found.',
  missingId: 'Course ID is missing.',
  loadFailed: 'Failed to load course data. Please try again.',
  contentLoadFailed: 'Failed to load course content.',
  updated: 'Course updated successfully.',
  saveFailed: 'Failed to save changes.',
  coverUploaded: 'Cover image uploaded successfully.',
  coverUploadFailed: 'Failed to upload cover image.',
  createFailed: (message: string) => `An error occurred while creating the course: ${message}`,
  empty: 'No courses are currently available in this community.',
  notAuthorized: 'You are not authorized',
  titleRequired: 'Give the course a title.',
  titleTooLong: (max: number) => `A course title can be at most ${max} characters.`,
  descriptionRequired: 'Description is required.',
  descriptionTooLong: (max: number) => `A description can be at most ${max} characters.`,
  introVideo: 'The intro video must be a YouTube or Vimeo link.',
  cover: 'Failed to upload cover image.',
} as const;

export const COURSE_LIMITS = {
  titleMax: 120,
  descriptionMax: 5000,
} as const;

export const CONTENT_MESSAGES = {
  loadFailed: 'Failed to load modules and lessons.',
  moduleSaveFailed: 'Failed to save module.',
  moduleCreated: 'Module has been created successfully!',
  moduleSaved: 'Module content saved successfully.',
  moduleContentFailed: 'Failed to save module content.',
  lessonAddFailed: 'Failed to add new lesson.',
  fileUploaded: 'File uploaded successfully.',
  fileUploadFailed: 'Failed to upload file.',
  moduleNotFound: 'This module no longer exists.',
  lessonNotFound: 'This lesson no longer exists.',
  titleRequired: 'Give it a title.',
  titleTooLong: (max: number) => `A title can be at most ${max} characters.`,
  contentTooLong: 'This content is too long to save.',
  video: 'The video must be a YouTube or Vimeo link.',
  level: 'The required level must be between 1 and 9.',
  order: 'The new order must list every item exactly once.',
  newLesson: 'New Lesson',
  newModule: 'New Module',
  file: 'Failed to upload file.',
  tooManyFiles: (max: number) => `A module can hold at most ${max} documents and ${max} images.`,
  tooManyModules: (max: number) => `A course can hold at most ${max} modules.`,
  tooManyLessons: (max: number) => `A module can hold at most ${max} lessons.`,
} as const;

export const CONTENT_LIMITS = {
  titleMax: 160,
  /** Rich text as the editor's HTML, before sanitizing. */
  contentMax: 40_000,
  modulesMax: 200,
  lessonsPerModuleMax: 200,
  /** Documents, and images, on one module. */
  filesPerModuleMax: 20,
} as const;
