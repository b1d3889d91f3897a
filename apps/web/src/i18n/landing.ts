import { addCatalog } from './index.ts';
import landing from './en/landing.json';

/* The landing's, pricing's and footer's text, brought by the modules that show it (see index.ts). */
addCatalog(landing);
