import { createFileRoute } from '@tanstack/react-router';
import { courseQueryOptions } from '../-components/courses/queries.ts';
import { CourseLearningPage } from '../-components/course-view/CourseLearningPage.tsx';
import { idParam, uuidParam } from '../../lib/search.ts';

/** The learning view of a course: the owner's, or a visible one for members (the server decides). */
export const Route = createFileRoute('/_authed/course/$courseId')({
  params: { parse: ({ courseId }) => ({ courseId: idParam(courseId) }) },
  // ?module= opens that module (its own page, or its first lesson): where a 'new module' notification leads.
  // ?lesson= opens that lesson (when its module is open to the viewer): where a search result leads.
  validateSearch: (search: Record<string, unknown>): { module?: string; lesson?: string } => ({ module: uuidParam(search.module), lesson: uuidParam(search.lesson) }),
  loader: ({ context, params, location }) => {
    // Start loading while the route resolves; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(courseQueryOptions(context.trpc, params.courseId));
    // Then the page it opens on, from a module of its own that loads meanwhile (the entry stays small).
    const { module, lesson } = location.search as { module?: string; lesson?: string };
    const page = import('../-components/course-view/prefetch.ts').then(({ prefetchCourse }) => prefetchCourse(context, params.courseId, module, lesson));
    context.renderWaitsFor?.(page);
  },
  component: Course,
});

function Course() {
  const { courseId } = Route.useParams();
  const { module, lesson } = Route.useSearch();
  return <CourseLearningPage key={lesson} courseId={courseId} moduleId={module} lessonId={lesson} />;
}
