import { createFileRoute } from '@tanstack/react-router';
import { CourseEditorPage } from '../-components/course-editor/CourseEditorPage.tsx';
import { courseQueryOptions } from '../-components/courses/queries.ts';
import { idParam } from '../../lib/search.ts';

/** The owner's course editor: 'Course Details' and 'Content' (the server refuses everyone else). */
export const Route = createFileRoute('/_authed/edit-course/$courseId')({
  params: { parse: ({ courseId }) => ({ courseId: idParam(courseId) }) },
  loader: ({ context, params }) => {
    // Start loading while the route resolves; the page shows its own loading and error states.
    void context.queryClient.prefetchQuery(courseQueryOptions(context.trpc, params.courseId));
  },
  component: EditCourse,
});

function EditCourse() {
  const { courseId } = Route.useParams();
  return <CourseEditorPage courseId={courseId} />;
}
