import { router } from '../core/trpc.ts';
import { latest } from './latest.ts';
import { onChange } from './onChange.ts';
import { request } from './request.ts';

/** 'Export my data': asking for an archive, its state, live. (An owner's members CSV is an HTTP download: members.ts.) */
export const exportsRouter = router({ request, latest, onChange });
