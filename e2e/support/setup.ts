import { afterEach } from 'vitest';
import { keepFailureEvidence } from './browser.ts';

// Every browser test leaves evidence of the pages it still has open behind when it fails (tests that
// close their pages in an afterEach of their own keep it there first: see closeAfterEach).
afterEach(({ task }) => keepFailureEvidence(task));
