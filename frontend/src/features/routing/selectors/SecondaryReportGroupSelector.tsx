import { ReportGroupDialog } from '../editors/ReportGroupDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector, type SelectorDialogProps } from './LibrarySelector';

function SecondaryReportGroupDialog(props: SelectorDialogProps) {
  return <ReportGroupDialog {...props} kind="secondary" />;
}

/** A secondary report group (IVRs). */
export function SecondaryReportGroupSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="None"
      {...props}
      list="secondaryReportGroups"
      noun="secondary report group"
      reload="reloadSecondaryReportGroups"
      dialog={SecondaryReportGroupDialog}
    />
  );
}
