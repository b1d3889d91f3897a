import { addCatalog } from './index.ts';
import auth from './en/auth.json';

/* The sign-in page's text, brought by the module that shows it (see index.ts). */
addCatalog(auth);
