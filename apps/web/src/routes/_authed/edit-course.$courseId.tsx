import { createFileRoute } from '@tanstack/react-router';
import { CourseEditorPage } from '../-components/course-editor/CourseEditorPage.tsx';

/** The owner's course editor: 'Course Details' and 'Content' (the server refuses everyone else). */
export const Route = createFileRoute('/_authed/edit-course/$courseId')({
  component: EditCourse,
});

function EditCourse() {
  const { courseId } = Route.useParams();
  return <CourseEditorPage courseId={courseId} />;
}
