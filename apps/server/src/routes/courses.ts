import { courseCover, lessonFile, moduleFile } from '@app/api/server';
import type { FastifyInstance } from 'fastify';

/**
 * A course's cover, its modules' documents and images and its lessons' files: for the owner, or
 * members when the course is visible to them (and, for a module's files, at the module's level).
 */
export async function coursesRoutes(app: FastifyInstance) {
  const db = app.database.db;
  app.privateFile('/api/courses/:id/cover', { scope: (courseId) => ({ courseId }), rule: 'course-viewer' }, (courseId) => courseCover(db, courseId));
  app.privateFile('/api/course-modules/:id/files/*', { scope: (moduleId) => ({ moduleId }), rule: 'course-viewer' }, (moduleId, key, viewer) =>
    moduleFile(db, moduleId, key, viewer),
  );
  app.privateFile('/api/lessons/:id/file', { scope: (lessonId) => ({ lessonId }), rule: 'course-viewer' }, (lessonId, _, viewer) => lessonFile(db, lessonId, viewer));
}
