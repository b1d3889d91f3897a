import type { AnyProcedure } from '@trpc/server';
import { ACCESS_RULES, type AccessRule } from './core/access.ts';
import { appRouter } from './root.ts';
import type { Meta } from './core/trpc.ts';

export interface ProcedureAccess {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  access: AccessRule | null;
}

/** Every procedure of the router with the rule its builder declared (null: none, which the tests refuse). */
export function procedureAccess(): ProcedureAccess[] {
  // At run time the router keeps its procedures flat, by dotted path ('posts.list'); its type nests them.
  const procedures = appRouter._def.procedures as unknown as Record<string, AnyProcedure>;
  return Object.entries(procedures)
    .map(([path, procedure]) => ({ path, type: procedure._def.type, access: (procedure._def.meta as Meta | undefined)?.access ?? null }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

export const ACCESS_TABLE_START = '<!-- access-table:start (npm run access-table) -->';
export const ACCESS_TABLE_END = '<!-- access-table:end -->';

/** The table of who may call what (docs/access.md), made from the router. */
export function accessTableMarkdown(): string {
  const rows = procedureAccess().map(({ path, type, access }) => `| \`${path}\` | ${type} | ${access ?? '**none**'} | ${access ? ACCESS_RULES[access] : 'undeclared'} |`);
  return [ACCESS_TABLE_START, '| procedure | kind | rule | who may call it |', '| --- | --- | --- | --- |', ...rows, ACCESS_TABLE_END].join('\n');
}

/** The page with its table replaced by a fresh one. */
export function withAccessTable(readme: string): string {
  const start = readme.indexOf(ACCESS_TABLE_START);
  const end = readme.indexOf(ACCESS_TABLE_END);
  if (start < 0 || end < start) throw new Error('docs/access.md has no access-table markers');
  return readme.slice(0, start) + accessTableMarkdown() + readme.slice(end + ACCESS_TABLE_END.length);
}
