import { DropZone } from './DropZone';
import { PasteBox } from './PasteBox';
import { JobList } from './JobList';
import { DocumentList } from './DocumentList';
import { StorageMeter } from './StorageMeter';

export function LibraryView({ onInspect }: { onInspect: () => void }) {
  return (
    <section className="library">
      <div className="add">
        <DropZone />
        <PasteBox />
      </div>
      <JobList />
      <DocumentList onInspect={onInspect} />
      <StorageMeter />
    </section>
  );
}
