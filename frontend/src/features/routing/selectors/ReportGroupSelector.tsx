import { ReportGroupDialog } from '../editors/ReportGroupDialog';
import type { SelectorProps } from './LibrarySelect';
import { LibrarySelector, type SelectorDialogProps } from './LibrarySelector';

function PrimaryReportGroupDialog(props: SelectorDialogProps) {
  return <ReportGroupDialog {...props} kind="primary" />;
}

/** A report group (IVRs). */
export function ReportGroupSelector(props: SelectorProps) {
  return (
    <LibrarySelector
      noneLabel="None"
      {...props}
      list="reportGroups"
      noun="report group"
      reload="reloadReportGroups"
      dialog={PrimaryReportGroupDialog}
    />
  );
}
