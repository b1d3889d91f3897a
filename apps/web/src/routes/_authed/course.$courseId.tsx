import { createFileRoute } from '@tanstack/react-router';
import { CourseLearningPage } from '../-components/course-view/CourseLearningPage.tsx';

/** The learning view of a course: the owner's, or a visible one for members (the server decides). */
export const Route = createFileRoute('/_authed/course/$courseId')({
  component: Course,
});

function Course() {
  const { courseId } = Route.useParams();
  return <CourseLearningPage courseId={courseId} />;
}
