/** Rewrites the README's table of procedures and who may call them, from the router's declared rules. */
import { readFileSync, writeFileSync } from 'node:fs';
import { withAccessTable } from '@app/api/access-table';

const path = new URL('../README.md', import.meta.url);
writeFileSync(path, withAccessTable(readFileSync(path, 'utf8')));
console.log('README.md: access table updated');
