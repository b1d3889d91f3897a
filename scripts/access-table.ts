/** Rewrites docs/access.md's table of procedures and who may call them, from the router's declared rules. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withAccessTable } from '@app/api/access-table';

const path = new URL('../docs/access.md', import.meta.url);
writeFileSync(path, withAccessTable(readFileSync(path, 'utf8')));
console.log('docs/access.md: access table updated');
