import { uploadFile } from '../../../lib/uploads.ts';

/** What the module and lesson pickers take (spec section 5): images go to the images store, the rest to documents. */
export const COURSE_FILE_ACCEPT = '.pdf,.doc,.docx,.txt,.jpg,.jpeg,.png,.gif';
const IMAGE_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif']);

const isImageName = (name: string) => IMAGE_EXTENSIONS.has(name.slice(name.lastIndexOf('.') + 1).toLowerCase());

/** A file of a module or lesson in the editor: stored ones link to their checked route, new ones to the picked file. */
export interface EditorFile {
  key: string;
  url: string;
  /** Set for a file picked in this session (shown by name until saved). */
  name?: string;
}

/** Uploads a picked file to the course store its extension names; the server checks the bytes all the same. */
export async function uploadCourseFile(file: File): Promise<EditorFile & { image: boolean }> {
  const image = isImageName(file.name);
  const upload = await uploadFile(image ? 'course-image' : 'course-document', file);
  return { key: upload.key, url: URL.createObjectURL(file), name: file.name, image };
}
