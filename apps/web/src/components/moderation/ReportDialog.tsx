import { Suspense } from 'react';
import { lazyNamed } from '../../lib/lazy.ts';
import { useDialogFocusReturn, useOpenedOnce } from '../../lib/useDialogFocusReturn.ts';
import type { ReportDialogProps } from './ReportForm.tsx';

export type { ReportTarget } from './ReportForm.tsx';

/**
 * The form, with the report schema it validates with, loads as the dialog first opens (or as a menu
 * offering 'Report' opens): every post and comment has a report dialog, and a page that never opens
 * one builds none of it.
 */
const ReportForm = lazyNamed('src/components/moderation/ReportForm.tsx', () => import('./ReportForm.tsx').then((module) => module.ReportForm));

/** Starts loading the report dialog's code, before it is asked for. */
export const preloadReportDialog = () => void ReportForm.preload().catch(() => undefined);

/** Why a post, comment or member is reported, sent to the community's moderators; drawn from its first opening on. */
export function ReportDialog(props: ReportDialogProps) {
  const opened = props.target !== null;
  useDialogFocusReturn(opened);
  if (!useOpenedOnce(opened)) return null;
  return (
    <Suspense fallback={null}>
      <ReportForm {...props} />
    </Suspense>
  );
}
