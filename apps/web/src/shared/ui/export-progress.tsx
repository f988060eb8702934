import { notification, Progress } from 'antd';
import { JOB_MSG } from '@b2b/contracts/jobs';

export interface ExportProgress {
  update(percent: number): void;
  close(): void;
}

let serial = 0;

/**
 * The progress of one export job: a notification with a progress bar. The user may close it; the file still
 * downloads once it is ready.
 */
export function openExportProgress(): ExportProgress {
  const key = `export-job-${++serial}`;
  let open = true;
  const show = (percent: number) => {
    if (!open) return;
    notification.open({
      key,
      title: JOB_MSG.exportProgress,
      description: <Progress percent={percent} size="small" status="active" />,
      duration: 0,
      onClose: () => (open = false),
      props: { 'data-testid': 'export-progress' },
    });
  };
  show(0);
  return {
    update: show,
    close() {
      if (!open) return;
      open = false;
      notification.destroy(key);
    },
  };
}
