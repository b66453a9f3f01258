import { DropZone } from './DropZone';
import { PasteBox } from './PasteBox';
import { JobList } from './JobList';
import { DocumentList } from './DocumentList';
import { StorageMeter } from './StorageMeter';
import { InterruptedNotice } from './InterruptedNotice';
import { BackupPanel } from './BackupPanel';

export function LibraryView({ onInspect }: { onInspect: () => void }) {
  return (
    <section className="library">
      <InterruptedNotice />
      <div className="add">
        <DropZone />
        <PasteBox />
      </div>
      <JobList />
      <DocumentList onInspect={onInspect} />
      <BackupPanel />
      <StorageMeter />
    </section>
  );
}
